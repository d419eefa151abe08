import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import type { BulkAction } from '../list/BulkBar';
import { bulkInput } from '../list/bulkInput';
import type { Selection } from '../list/rowSelection';
import { paletteSelectionAtom } from './paletteSelectionAtom';

export interface PaletteSelectionSource {
  selection: Selection;
  /** Rows the selection covers. */
  selected: number;
  /** The list's filters, for "all matching". */
  filters: Record<string, unknown>;
  /** What is selected, in words ("3 selected businesses"). */
  about: string;
  /** The selection bar's actions. */
  actions: readonly BulkAction[];
  /** What the selection bar does when one is pressed. */
  run: (action: BulkAction, fixed: Record<string, unknown>, count: number) => void;
}

/**
 * Offers a list page's selection to the palette while rows are selected: each action of the
 * selection bar that can take the selection now (the selected ids, or every row matching the
 * filters), run exactly as its button runs it.
 */
export function usePaletteSelection({ selection, selected, filters, about, actions, run }: PaletteSelectionSource): void {
  const setPaletteSelection = useSetAtom(paletteSelectionAtom);
  // The page's run closes over its current state; the palette calls whichever is current.
  const latestRun = useRef(run);
  latestRun.current = run;

  useEffect(() => {
    if (selected === 0) return;
    const runnable = actions.flatMap((action) => {
      const input = bulkInput(action.command, selection, filters);
      if (!('fixed' in input) || action.unavailable !== undefined) return [];
      const fixed = { ...input.fixed, ...action.fixed };
      return [{ label: action.label, command: action.command, run: () => latestRun.current(action, fixed, selected) }];
    });
    setPaletteSelection({ about, actions: runnable });
    return () => setPaletteSelection(null);
  }, [selection, selected, filters, about, actions, setPaletteSelection]);
}
