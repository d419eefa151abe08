import type { AnyCommand } from '@traction/core';
import { atom } from 'jotai';

/** An action of the page's selection bar, ready to run on the rows selected now. */
export interface SelectionAction {
  /** The button's words ("Mark as fraud"). */
  label: string;
  command: AnyCommand;
  /** Opens the command's form for the selection, as the button does. */
  run: () => void;
}

/** What is selected on the list page on screen, and what its selection bar can do to it. */
export interface PaletteSelection {
  /** "3 selected businesses", "all 600 businesses matching the filters". */
  about: string;
  actions: readonly SelectionAction[];
}

/** Set by the list page while rows are selected (usePaletteSelection), so the palette can act on them. */
export const paletteSelectionAtom = atom<PaletteSelection | null>(null);
paletteSelectionAtom.debugLabel = 'paletteSelectionAtom';
