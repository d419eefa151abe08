import { atom } from 'jotai';

/** Whether the command palette is open (Ctrl/⌘+K). */
export const paletteOpenAtom = atom(false);
paletteOpenAtom.debugLabel = 'paletteOpenAtom';
