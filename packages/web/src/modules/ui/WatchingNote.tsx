/**
 * Says that the page is asking the server again by itself (a pulsing dot and how often), so an
 * admin waits instead of reloading; `data-watching` marks it for tests.
 */
export function WatchingNote({ children }: { children: string }) {
  return (
    <span data-watching className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-accent-600" />
      {children}
    </span>
  );
}
