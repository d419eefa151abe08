import type { KycNotice } from './KycNotice';

const NOTICE_TONE: Record<KycNotice['tone'], string> = {
  done: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200',
  refused: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200',
};

/** The page's status line. Always in the page (screen-reader only while empty) so a notice is announced when it appears. */
export function KycNoticeLine({ notice }: { notice: KycNotice | null }) {
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="kyc-notice"
      data-tone={notice?.tone}
      className={notice ? `rounded-md border p-2.5 ${NOTICE_TONE[notice.tone]}` : 'sr-only'}
    >
      {notice?.text ?? ''}
    </p>
  );
}
