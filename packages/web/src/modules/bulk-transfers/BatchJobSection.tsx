import { getJob, type BulkUploadStatus, type SweepStatus } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { JobProgress } from '../jobs/JobProgress';
import { Section } from '../ui/Section';

export interface BatchJobSectionProps {
  batch: { status: BulkUploadStatus | SweepStatus; jobId: number | null };
  /** What the job does, and why its counts may lag the live figures. */
  note: string;
  /** What it counts ("rows", "wallets"). */
  unit: string;
  /** What a success is called here ("Paid", "Swept"). */
  succeeded: string;
  onFinished: () => void;
}

/** A running bulk upload's or sweep's background job with its own progress, for admins who may read jobs. */
export function BatchJobSection({ batch, note, unit, succeeded, onFinished }: BatchJobSectionProps) {
  const { allowed } = useOpenCommand();
  if (batch.jobId === null || batch.status !== 'RUNNING' || !allowed(getJob)) return null;
  return (
    <Section name="job" title="Background job">
      <div className="space-y-2 p-3">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{note}</p>
        <JobProgress
          jobId={batch.jobId}
          unit={unit}
          countLabels={{ succeeded, failed: 'Failed', pending: 'On the way', held: 'Held for review', refused: 'Refused' }}
          onFinished={onFinished}
        />
      </div>
    </Section>
  );
}
