import { MAX_SELECTED_IDS, type AnyCommand } from '@traction/core';
import { selectionInput, type Selection } from './rowSelection';

/**
 * What a bulk command gets as its fixed input for the selection, or why it cannot take it.
 * Commands built on core's `selectionFields` take `ids` or `matching` + `except`; a command that
 * takes one `id` (approve one device) runs on a single selected row.
 */
export function bulkInput(
  command: AnyCommand,
  selection: Selection,
  filters: Record<string, unknown>,
): { fixed: Record<string, unknown> } | { unavailable: string } {
  const shape = (command.input as { shape?: Record<string, unknown> }).shape ?? {};
  if ('ids' in shape && 'matching' in shape) {
    const named = selection.mode === 'ids' ? selection.ids.size : selection.except.size;
    if (named > MAX_SELECTED_IDS) {
      return {
        unavailable: `At most ${MAX_SELECTED_IDS.toLocaleString('en-NG')} rows can be named one by one; select all matching instead, or narrow the filters.`,
      };
    }
    return { fixed: selectionInput(selection, filters) };
  }
  if ('id' in shape) {
    if (selection.mode === 'ids' && selection.ids.size === 1) return { fixed: { id: [...selection.ids][0] } };
    return { unavailable: 'Acts on one row at a time: select a single row.' };
  }
  return { unavailable: 'This command does not take a selection.' };
}
