import type { ReactNode } from 'react';

/** What the table shows instead of rows: loading, nothing matching, or a failure. */
export function TableMessage({ state, children }: { state: 'loading' | 'empty' | 'error'; children?: ReactNode }) {
  if (state === 'loading') {
    return (
      <div role="status" aria-label="Loading rows" data-table-state="loading" className="space-y-2 p-3">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars with nothing but their position.
          <div key={i} className="h-4 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
        ))}
      </div>
    );
  }
  return (
    <div
      role={state === 'error' ? 'alert' : 'status'}
      data-table-state={state}
      className="sticky left-0 flex max-w-[calc(100vw-3rem)] flex-col items-center gap-2 px-4 py-12 text-center text-zinc-500 dark:text-zinc-400"
    >
      {children}
    </div>
  );
}
