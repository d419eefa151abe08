import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { activeShortcutsAtom, isSymbolKey, toHotkey, type ShortcutGroup } from './shortcuts';

export interface ShortcutOptions {
  group?: ShortcutGroup;
  /** Off while false (the binding also leaves the `?` help). */
  enabled?: boolean;
  /** Also fire while typing in a field: only for keys that cannot be text (Esc, mod+k). */
  whileTyping?: boolean;
  /** Keep out of the `?` help (for duplicate bindings such as arrows beside j/k). */
  hidden?: boolean;
  /** Also fire while a dialog is open (the palette's own toggle); page shortcuts stay behind dialogs. */
  inDialogs?: boolean;
}

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/** react-hotkeys-hook's default: the second key of a sequence must follow within this. */
const SEQUENCE_TIMEOUT_MS = 1_000;
/** First keys of the sequences mounted now (`g` of `g o`), with how many sequences use each. */
const sequenceLeaders = new Map<string, number>();
/** The two latest keydowns, recorded before any shortcut sees them. */
let latestKeys: { key: string; at: number }[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener(
    'keydown',
    (event) => {
      latestKeys = [...latestKeys.slice(-1), { key: event.key.toLowerCase(), at: event.timeStamp }];
    },
    { capture: true },
  );
}

/** Whether this keydown is the second key of a sequence (`p` after `g`), which a plain `p` shortcut must leave to `g p`. */
function secondKeyOfSequence(event: KeyboardEvent): boolean {
  const before = latestKeys.length === 2 ? latestKeys[0] : undefined;
  return !!before && sequenceLeaders.has(before.key) && event.timeStamp - before.at < SEQUENCE_TIMEOUT_MS;
}

/**
 * Binds a keyboard shortcut while the component is mounted and lists it in the `?` help.
 * Never fires while typing (unless asked) and never on a chord the browser owns: plain keys and
 * sequences ignore any press with Ctrl, ⌘ or Alt held, so Ctrl+R, Ctrl+L and Ctrl+W stay the
 * browser's, even in the middle of a `g` sequence.
 */
export function useShortcut(keys: string, description: string, handler: (event: KeyboardEvent) => void, options: ShortcutOptions = {}) {
  const { group = 'Page', enabled = true, whileTyping = false, hidden = false, inDialogs = false } = options;
  const setActive = useSetAtom(activeShortcutsAtom);
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const usesModifier = /\b(mod|ctrl|meta|alt)\+/.test(keys);
  const sequence = keys.includes(' ');
  const singleKey = !sequence && !usesModifier;
  // `?` is Shift+/ on a US keyboard, Shift+ß on a German one and a key of its own elsewhere: a
  // symbol fires on the character typed, with or without Shift (or AltGr, which types it on some).
  const symbol = isSymbolKey(keys);

  useHotkeys(
    toHotkey(keys),
    (event) => {
      const altGraph = symbol && event.getModifierState?.('AltGraph');
      if (!usesModifier && !altGraph && (event.ctrlKey || event.metaKey || event.altKey)) return;
      if (singleKey && secondKeyOfSequence(event)) return;
      if (!inDialogs && dialogOpen()) return;
      event.preventDefault();
      handlerRef.current(event);
    },
    { enabled, enableOnFormTags: whileTyping, enableOnContentEditable: whileTyping, ...(symbol ? { useKey: true, ignoreModifiers: true } : {}) },
    [enabled, whileTyping, usesModifier, inDialogs, singleKey, symbol],
  );

  useEffect(() => {
    if (!enabled || !sequence) return;
    const leader = keys.split(' ')[0]!.toLowerCase();
    sequenceLeaders.set(leader, (sequenceLeaders.get(leader) ?? 0) + 1);
    return () => {
      const left = (sequenceLeaders.get(leader) ?? 1) - 1;
      if (left > 0) sequenceLeaders.set(leader, left);
      else sequenceLeaders.delete(leader);
    };
  }, [keys, enabled, sequence]);

  useEffect(() => {
    if (!enabled || hidden) return;
    const id = Symbol(keys);
    setActive((current) => new Map(current).set(id, { keys, description, group }));
    return () =>
      setActive((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
  }, [keys, description, group, enabled, hidden, setActive]);
}
