import { useReviewArrival } from './useReviewArrival';

/**
 * On a list page: what the queue said when it brought the reviewer back (the last record was
 * decided), with focus on the table. Always in the page (screen-reader only while empty) so the
 * message is announced when it appears.
 */
export function ReviewQueueNotice() {
  const notice = useReviewArrival(true);
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="review-queue-notice"
      className={
        notice
          ? 'mb-3 rounded-md border border-emerald-300 bg-emerald-50 p-2.5 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200'
          : 'sr-only'
      }
    >
      {notice ?? ''}
    </p>
  );
}
