/**
 * The key that runs a button or link, shown on it so the keyboard way is learnt by looking; the
 * key itself is bound with `useShortcut`, and the element says it with `aria-keyshortcuts`.
 */
export function ShortcutKey({ children }: { children: string }) {
  return <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-70">{children}</kbd>;
}
