import { atom } from 'jotai';

/** Where a shortcut shows up in the `?` help. */
export type ShortcutGroup = 'General' | 'Go to' | 'Page' | 'Table';

export interface ShortcutInfo {
  /** As shown to people: `g o`, `mod+k`, `shift+x`, `?`. */
  keys: string;
  description: string;
  group: ShortcutGroup;
}

/** Every shortcut mounted right now, for the `?` help; each hook adds itself while mounted. */
export const activeShortcutsAtom = atom<ReadonlyMap<symbol, ShortcutInfo>>(new Map());
activeShortcutsAtom.debugLabel = 'activeShortcutsAtom';

/** Whether the `?` help is open. */
export const shortcutHelpOpenAtom = atom(false);
shortcutHelpOpenAtom.debugLabel = 'shortcutHelpOpenAtom';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** `mod+k` → `⌘K` on a Mac, `Ctrl+K` elsewhere; `g o` stays a sequence of two keys. */
export function displayKeys(keys: string): string[] {
  return keys.split(' ').map((step) => {
    const chord = step.includes('+');
    return step
      .split('+')
      .map((part) => {
        if (part === 'mod') return isMac() ? '⌘' : 'Ctrl';
        if (part === 'shift') return 'Shift';
        if (part === 'enter') return 'Enter';
        if (part === 'esc') return 'Esc';
        if (part === 'up') return '↑';
        if (part === 'down') return '↓';
        // A letter in a chord reads as on the key cap (Ctrl+K); alone it is what to type (g, j).
        return chord && part.length === 1 ? part.toUpperCase() : part;
      })
      .join(isMac() ? '' : '+');
  });
}

/** `g o` → react-hotkeys-hook's `g>o`; `?` → `shift+slash`; `/` → `slash`. */
export function toHotkey(keys: string): string {
  const step = (s: string) =>
    s
      .split('+')
      .map((p) => (p === '/' ? 'slash' : p === '?' ? 'shift+slash' : p))
      .join('+');
  return keys.split(' ').map(step).join('>');
}
