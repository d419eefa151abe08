import type { Implementation } from '../../handling/implement';
import { deleteSavedViewHandler, listSavedViewsHandler, renameSavedViewHandler, saveViewHandler } from './saved-views.handlers';

/** Each admin's saved list views: theirs alone, so every operation is scoped to the signed-in admin. */
export const viewImplementations: readonly Implementation[] = [saveViewHandler, listSavedViewsHandler, renameSavedViewHandler, deleteSavedViewHandler];

/** One of the admin's own saved views (null when it is not theirs or does not exist). */
export { findView as findOwnSavedView } from './saved-views.repository';
