import type { ReactNode } from 'react';

type Tone = 'neutral' | 'good' | 'warn' | 'bad';

const tones: Record<Tone, string> = {
  neutral: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  good: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  warn: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  bad: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** A short status word; the tone is also its `data-tone`, for tests and styling. */
export function Badge({ tone = 'neutral', children, title }: { tone?: Tone; children: ReactNode; title?: string }) {
  return (
    <span data-tone={tone} title={title} className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** The tone a status value reads as: approved and active are good, pending waits, the rest are trouble. */
export function statusTone(status: string): Tone {
  switch (status) {
    case 'APPROVED':
    case 'ACTIVE':
    case 'RESOLVED':
      return 'good';
    case 'PENDING':
    case 'PROCESSING':
    case 'OPEN':
    case 'IN_PROGRESS':
    case 'PND':
      return 'warn';
    case 'DISAPPROVED':
    case 'REJECTED':
    case 'FROZEN':
    case 'CLOSED':
    case 'DEACTIVATED':
      return 'bad';
    default:
      return 'neutral';
  }
}
