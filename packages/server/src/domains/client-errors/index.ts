import type { Implementation } from '../../handling/implement';
import { clientErrorSettingsHandler, listClientErrorsHandler, reportClientErrorHandler } from './client-errors.handlers';

/** Console render errors (spec §8): reported by any signed-in admin, read by engineers. */
export const clientErrorImplementations: readonly Implementation[] = [clientErrorSettingsHandler, reportClientErrorHandler, listClientErrorsHandler];
