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
        if (part === 'home') return 'Home';
        if (part === 'end') return 'End';
        // A letter in a chord reads as on the key cap (Ctrl+K); alone it is what to type (g, j).
        return chord && part.length === 1 ? part.toUpperCase() : part;
      })
      .join(isMac() ? '' : '+');
  });
}

/**
 * Whether a shortcut is a symbol (`?`, `/`) matched by the character typed rather than by the key
 * pressed: keyboard layouts put them on different keys, some with Shift and some without.
 */
export const isSymbolKey = (keys: string): boolean => keys.length === 1 && !/[a-z0-9]/i.test(keys);

/** `g o` → react-hotkeys-hook's `g>o`; a symbol stays itself (matched by the character typed). */
export function toHotkey(keys: string): string {
  return keys.split(' ').join('>');
}
