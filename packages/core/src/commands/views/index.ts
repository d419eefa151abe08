import type { AnyCommand } from '../../command';
import { deleteSavedView, listSavedViews, renameSavedView, saveView } from './saved-views';

export * from './saved-views';
export * from './view-filters';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const viewCommands = [saveView, listSavedViews, renameSavedView, deleteSavedView] as const satisfies readonly AnyCommand[];
