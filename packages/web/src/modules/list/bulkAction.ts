import type { AnyCommand } from '@traction/core';
import type { ListBulkAction } from './ListBulkAction';

/**
 * A selection-bar action whose `fixed` input is checked against its own command. A list of
 * actions for different commands can only be typed per element, so each goes through here.
 */
export const bulkAction = <C extends AnyCommand>(action: ListBulkAction<C>): ListBulkAction => action;
