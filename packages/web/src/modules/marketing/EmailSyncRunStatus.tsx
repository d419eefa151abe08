import { EMAIL_SYNC_KIND_WORDS, EMAIL_SYNC_STATUS_WORDS, type EmailSyncRunRow } from '@traction/core';
import { Badge, type BadgeTone } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { WatchingNote } from '../ui/WatchingNote';
import { emailSyncUnderWay } from './emailSyncUnderWay';

const STATUS_TONES: Record<EmailSyncRunRow['status'], BadgeTone> = { QUEUED: 'warn', RUNNING: 'warn', WAITING: 'warn', DONE: 'good', FAILED: 'bad' };
const count = (n: number) => n.toLocaleString('en-NG');

/** Where the run stands, in a sentence. */
function runNow(run: EmailSyncRunRow): string {
  const what = run.kind === 'UPLOAD' ? `the contacts of ${run.fileName ?? 'the file'}` : 'every merchant owner';
  const skipped = `${count(run.optedOut)} skipped as opted out`;
  switch (run.status) {
    case 'QUEUED':
      return `Waiting to start: it will push ${what} to the marketing list.`;
    case 'RUNNING':
      return `Pushing ${what}: ${count(run.added)} added, ${count(run.updated)} updated, ${skipped}, ${count(run.failed)} failed so far.`;
    case 'WAITING':
      return `${run.note ?? 'Waiting for the provider'}.`;
    case 'DONE':
      return `Finished ${formatDateTime(run.finishedAt)}: ${count(run.added)} added, ${count(run.updated)} updated, ${skipped}, ${count(run.failed)} failed.`;
    case 'FAILED':
      return `Stopped${run.finishedAt ? ` ${formatDateTime(run.finishedAt)}` : ''}: ${run.failure ?? 'its job failed'}`;
  }
}

/**
 * A run's status: its badge, what it pushes, and where it stands in a sentence (live for
 * assistive technology), with a note that the page is watching it while it is under way.
 */
export function EmailSyncRunStatus({ run, watchingNote }: { run: EmailSyncRunRow; watchingNote?: string }) {
  return (
    <section
      aria-label="Status now"
      data-testid="run-now"
      data-status={run.status}
      className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Badge tone={STATUS_TONES[run.status]}>{EMAIL_SYNC_STATUS_WORDS[run.status]}</Badge>
      <span className="text-zinc-500 dark:text-zinc-400">{EMAIL_SYNC_KIND_WORDS[run.kind]}</span>
      <p role="status" aria-live="polite" data-testid="run-status-words" className="min-w-0 flex-1 basis-80">
        {runNow(run)}
      </p>
      {watchingNote && emailSyncUnderWay(run) ? <WatchingNote>{watchingNote}</WatchingNote> : null}
    </section>
  );
}
