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
  /** Filters the page itself applies (the group a list of cumulations belongs to), not the admin's. */
  pageFixed: Readonly<Record<string, unknown>> = {},
): { fixed: Record<string, unknown> } | { unavailable: string } {
  const shape = (command.input as { shape?: Record<string, unknown> }).shape ?? {};
  const named = fieldWithMeta(shape, 'selectionIds');
  const every = fieldWithMeta(shape, 'selectAll');
  // A command of the spec's own shape (settlement's `cumulation_ids` and `settle_alls`): the rows
  // named, or every row of the page's list — never "every row matching" the admin's filters,
  // which the command cannot narrow to.
  if (named) {
    if (selection.mode === 'ids') return { fixed: { [named]: [...selection.ids], ...(every ? { [every]: false } : {}) } };
    const filtered = Object.entries(filters).some(([key, value]) => !(key in pageFixed) && value !== undefined && value !== '' && value !== null);
    if (!every || filtered || selection.except.size > 0)
      return { unavailable: 'Select the rows themselves (x), or clear the filters and unselect nothing to act on every row.' };
    return { fixed: { [every]: true, [named]: [] } };
  }
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

/** The input field whose `.meta()` carries this flag. */
function fieldWithMeta(shape: Record<string, unknown>, flag: 'selectionIds' | 'selectAll'): string | undefined {
  return Object.keys(shape).find((key) => {
    const field = shape[key] as { meta?: () => Record<string, unknown> | undefined };
    return typeof field?.meta === 'function' && field.meta()?.[flag] === true;
  });
}
