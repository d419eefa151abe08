import type { TransferNotice } from './TransferNotice';

const TONES = {
  done: 'rounded-md border border-emerald-300 bg-emerald-50 p-2.5 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200',
  refused: 'rounded-md border border-red-300 bg-red-50 p-2.5 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200',
} as const;

/** Always in the page (screen-reader only while empty) so a new notice is announced when it appears. */
export function TransferNoticeLine({ notice }: { notice: TransferNotice | null }) {
  return (
    <p role="status" aria-live="polite" data-testid="transfer-notice" data-tone={notice?.tone} className={notice ? TONES[notice.tone] : 'sr-only'}>
      {notice?.text ?? ''}
    </p>
  );
}
