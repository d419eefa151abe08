import { formatNaira, type JobStatus, type JobView } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useEffect, useRef } from 'react';
import { Badge, type BadgeTone } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { useJob } from './useJob';

const STATUS_TONES: Record<JobStatus, BadgeTone> = { queued: 'warn', running: 'warn', done: 'good', failed: 'bad', cancelled: 'neutral' };
const STATUS_WORDS: Record<JobStatus, string> = { queued: 'Waiting to start', running: 'Running', done: 'Finished', failed: 'Failed', cancelled: 'Cancelled' };

export interface JobProgressProps {
  /** The job to follow (`jobs.get`); polled every second until it has finished. */
  jobId: number;
  /** What the items are called, plural ("rows", "transfers"); default "items". */
  unit?: string;
  /** Words for the job's count keys (`{ succeeded: 'Paid' }`); others are humanized. */
  countLabels?: Readonly<Record<string, string>>;
  /** Called once when the job is seen finished (done, failed or cancelled): refresh what it changed. */
  onFinished?: (job: JobView) => void;
  /** Milliseconds between polls while the job is under way (default 1 s). */
  pollMs?: number;
}

/**
 * A background job's progress: a bar (role="progressbar", its values for assistive technology),
 * items done of the total, counts by outcome, the money moved, the status and the job's message.
 * `data-job-status` carries the status for tests and styling.
 */
export function JobProgress({ jobId, unit = 'items', countLabels = {}, onFinished, pollMs }: JobProgressProps) {
  const query = useJob(jobId, pollMs === undefined ? {} : { intervalMs: pollMs });
  const job = query.data;
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (!job?.finished || reported.current === job.id) return;
    reported.current = job.id;
    onFinished?.(job);
  }, [job, onFinished]);

  if (!job) {
    if (query.error) {
      return (
        <p role="alert" data-job={jobId} className="text-sm text-red-600 dark:text-red-400">
          {query.error instanceof ClientError ? query.error.userMessage : `Job ${jobId} could not be read.`}
        </p>
      );
    }
    return (
      <p data-job={jobId} className="text-sm text-zinc-500 dark:text-zinc-400">
        Reading job {jobId}…
      </p>
    );
  }

  const { done, total, counts, amount, message } = job.progress;
  const known = total !== null && total > 0;
  const percent = known ? Math.min(100, Math.floor((done / total) * 100)) : job.status === 'done' ? 100 : 0;
  const figures = total === null ? `${done.toLocaleString('en-NG')} ${unit}` : `${done.toLocaleString('en-NG')} of ${total.toLocaleString('en-NG')} ${unit}`;
  const countEntries = Object.entries(counts);
  const name = job.subject ?? `Job ${job.id}`;
  // A job that has run and asked to be run again later (a bulk run watching pending transfers) is not "waiting to start".
  const resting = job.status === 'queued' && job.attempts > 0;
  return (
    <div data-job={job.id} data-job-status={job.status} className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{name}</span>
        <Badge tone={STATUS_TONES[job.status]}>{resting ? 'Waiting to look again' : STATUS_WORDS[job.status]}</Badge>
      </div>
      <div
        role="progressbar"
        aria-label={`${name}: progress`}
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? Math.min(done, total) : undefined}
        aria-valuetext={figures}
        className="h-2 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          data-progress-bar
          className={`h-full ${job.status === 'failed' ? 'bg-red-500' : 'bg-emerald-500'} ${!known && job.status === 'running' ? 'animate-pulse' : ''}`}
          style={{ width: `${known ? percent : job.finished || job.status === 'running' ? 100 : 0}%` }}
        />
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-zinc-600 tabular-nums dark:text-zinc-300">
        <span data-job-figures>
          {figures}
          {known ? ` (${percent}%)` : ''}
        </span>
        {amount !== null ? <span data-job-amount>{formatNaira(amount)} moved</span> : null}
      </div>
      {countEntries.length > 0 ? (
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          {countEntries.map(([key, count]) => (
            <div key={key} data-count={key} className="flex gap-1">
              <dt className="text-zinc-500 dark:text-zinc-400">{countLabels[key] ?? humanize(key)}</dt>
              <dd className="tabular-nums">{count.toLocaleString('en-NG')}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {message ? <p data-job-message>{message}</p> : null}
      {resting && job.runAt ? (
        <p data-job-next className="text-zinc-500 dark:text-zinc-400">
          Next look at {formatDateTime(job.runAt)}
          {job.lastError ? `: ${job.lastError}` : ''}
        </p>
      ) : null}
      {job.lastError && job.status !== 'done' && !(resting && job.runAt) ? (
        <p data-job-error className={job.status === 'failed' ? 'text-red-600 dark:text-red-400' : 'text-amber-700 dark:text-amber-300'}>
          {job.status === 'failed' ? 'Stopped: ' : 'Last attempt: '}
          {job.lastError}
        </p>
      ) : null}
    </div>
  );
}
