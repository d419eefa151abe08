import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  isRowSelected,
  selectAllMatching,
  selectedCount,
  selectionInput,
  selectRange,
  selectRows,
  toggleRow,
  type Selection,
} from './rowSelection';

const keys = [1, 2, 3, 4, 5, 6];
const ids = (selection: Selection) => keys.filter((key) => isRowSelected(selection, key));

describe('row selection', () => {
  it('toggles one row and remembers it as the anchor', () => {
    const one = toggleRow(emptySelection, 3);
    expect(ids(one)).toEqual([3]);
    expect(one.anchor).toBe(3);
    expect(ids(toggleRow(one, 3))).toEqual([]);
    expect(emptySelection.mode === 'ids' && emptySelection.ids.size).toBe(0);
  });

  it.each([
    ['down', 2, 5, [2, 3, 4, 5]],
    ['up', 5, 2, [2, 3, 4, 5]],
    ['onto itself', 4, 4, [4]],
  ])('selects a range %s from the anchor to the active row', (_, anchor, to, expected) => {
    const start = toggleRow(emptySelection, anchor);
    const ranged = selectRange(start, keys, to);
    expect(ids(ranged)).toEqual(expected);
    expect(ranged.anchor).toBe(to);
  });

  it('unselects a range when the anchor was unselected', () => {
    const all = selectRows(keys);
    const anchorOff = toggleRow(all, 2);
    expect(ids(selectRange(anchorOff, keys, 4))).toEqual([1, 5, 6]);
  });

  it('toggles the row when there is no anchor to range from', () => {
    expect(ids(selectRange(emptySelection, keys, 4))).toEqual([4]);
  });

  it('selects every row matching, less the rows taken out', () => {
    let all = selectAllMatching();
    expect(selectedCount(all, 250)).toBe(250);
    expect(isRowSelected(all, 9_999)).toBe(true);
    all = toggleRow(all, 2);
    all = toggleRow(all, 5);
    expect(ids(all)).toEqual([1, 3, 4, 6]);
    expect(selectedCount(all, 250)).toBe(248);
    expect(all.mode === 'all' && [...all.except]).toEqual([2, 5]);
    // a range in all-matching mode adds to and removes from `except`
    const ranged = selectRange(toggleRow(all, 2), keys, 5);
    expect(ids(ranged)).toEqual(keys);
    expect(selectedCount(ranged, 250)).toBe(250);
  });

  it('turns into the bulk command input', () => {
    expect(selectionInput(selectRows([4, 7]), { role: 'staff' })).toEqual({ ids: [4, 7] });
    expect(selectionInput(toggleRow(selectAllMatching(), 3), { role: 'staff' })).toEqual({ matching: { role: 'staff' }, except: [3] });
  });
});
