import type { ReactNode } from 'react';

export interface BatchFigure {
  /** Test and styling hook (`data-figure`). */
  key: string;
  label: string;
  value: ReactNode;
  /** A smaller line under the value ("2 refused"). */
  note?: string | undefined;
  tone?: 'good' | 'bad' | 'warn' | undefined;
}

const TONES = {
  good: 'text-emerald-700 dark:text-emerald-400',
  bad: 'text-red-700 dark:text-red-400',
  warn: 'text-amber-700 dark:text-amber-300',
} as const;

/** A row of labelled figures (rows, paid, failed, Naira moved) read at a glance; wraps on a phone. */
export function BatchFigures({ label, figures }: { label: string; figures: readonly BatchFigure[] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      {figures.map((figure) => (
        <div key={figure.key} data-figure={figure.key} className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{figure.label}</dt>
          <dd className={`text-base font-semibold tabular-nums ${figure.tone ? TONES[figure.tone] : ''}`}>{figure.value}</dd>
          {figure.note ? <dd className="text-xs text-zinc-500 dark:text-zinc-400">{figure.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
