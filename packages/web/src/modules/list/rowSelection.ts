/** A row's key as the list returns it (its `rowKey` field). */
export type RowKey = string | number;

/**
 * Which rows are selected: named rows, or every row matching the filters (loaded or not) less
 * some. `anchor` is the row last toggled, where a Shift+x range starts.
 */
export type Selection = { mode: 'ids'; ids: ReadonlySet<RowKey>; anchor: RowKey | null } | { mode: 'all'; except: ReadonlySet<RowKey>; anchor: RowKey | null };

export const emptySelection: Selection = { mode: 'ids', ids: new Set(), anchor: null };

export function isRowSelected(selection: Selection, key: RowKey): boolean {
  return selection.mode === 'ids' ? selection.ids.has(key) : !selection.except.has(key);
}

/** How many rows the selection covers, given how many match the filters. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.mode === 'ids' ? selection.ids.size : Math.max(0, total - selection.except.size);
}

function setRows(selection: Selection, keys: Iterable<RowKey>, selected: boolean, anchor: RowKey | null): Selection {
  if (selection.mode === 'ids') {
    const ids = new Set(selection.ids);
    for (const key of keys) {
      if (selected) ids.add(key);
      else ids.delete(key);
    }
    return { mode: 'ids', ids, anchor };
  }
  const except = new Set(selection.except);
  for (const key of keys) {
    if (selected) except.delete(key);
    else except.add(key);
  }
  return { mode: 'all', except, anchor };
}

/** Selects or unselects one row, which becomes the anchor of the next range. */
export function toggleRow(selection: Selection, key: RowKey): Selection {
  return setRows(selection, [key], !isRowSelected(selection, key), key);
}

/**
 * Shift+x: every row from the anchor to `to` (in `keys`, the loaded rows in order) takes the
 * anchor's state, so a range can select and unselect alike. Without an anchor it toggles `to`.
 */
export function selectRange(selection: Selection, keys: readonly RowKey[], to: RowKey): Selection {
  const from = selection.anchor === null ? -1 : keys.indexOf(selection.anchor);
  const end = keys.indexOf(to);
  if (from < 0 || end < 0) return toggleRow(selection, to);
  const [low, high] = from <= end ? [from, end] : [end, from];
  return setRows(selection, keys.slice(low, high + 1), isRowSelected(selection, selection.anchor as RowKey), to);
}

/** Exactly these rows (the header checkbox selects the loaded rows). */
export function selectRows(keys: Iterable<RowKey>): Selection {
  return { mode: 'ids', ids: new Set(keys), anchor: null };
}

/** Every row matching the filters, including rows not loaded yet. */
export function selectAllMatching(): Selection {
  return { mode: 'all', except: new Set(), anchor: null };
}

/**
 * The selection as a bulk command takes it (core/selection.ts): `ids`, or the list's filters in
 * `matching` with the rows left out in `except`.
 */
export function selectionInput(
  selection: Selection,
  filters: Record<string, unknown>,
): { ids: RowKey[] } | { matching: Record<string, unknown>; except: RowKey[] } {
  return selection.mode === 'ids' ? { ids: [...selection.ids] } : { matching: filters, except: [...selection.except] };
}
