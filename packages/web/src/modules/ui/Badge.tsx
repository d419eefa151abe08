import type { ReactNode } from 'react';

/** How a badge reads: a plain word, or good, waiting and troubled states. */
export type BadgeTone = 'neutral' | 'good' | 'warn' | 'bad';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  good: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  warn: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  bad: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** A short status word; the tone is also its `data-tone`, for tests and styling. */
export function Badge({ tone = 'neutral', children, title }: { tone?: BadgeTone; children: ReactNode; title?: string }) {
  return (
    <span data-tone={tone} title={title} className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${tones[tone]}`}>
      {children}
    </span>
  );
}
