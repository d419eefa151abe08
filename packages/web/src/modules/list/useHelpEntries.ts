import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { activeShortcutsAtom, type ShortcutInfo } from '../keyboard/shortcuts';

/**
 * Lists keys in the `?` help without binding them globally: Enter and the arrows belong to the
 * table only while it has focus (a global Enter would swallow Enter on every button), so the
 * table handles them itself and only announces them here.
 */
export function useHelpEntries(entries: readonly ShortcutInfo[], enabled: boolean): void {
  const setActive = useSetAtom(activeShortcutsAtom);
  const signature = JSON.stringify(entries);
  useEffect(() => {
    if (!enabled) return;
    const listed = (JSON.parse(signature) as ShortcutInfo[]).map((info) => [Symbol(info.keys), info] as const);
    setActive((current) => new Map([...current, ...listed]));
    return () =>
      setActive((current) => {
        const next = new Map(current);
        for (const [id] of listed) next.delete(id);
        return next;
      });
  }, [signature, enabled, setActive]);
}
