import type { KycStatus } from '@traction/core';
import { humanize } from '../ui/humanize';

const TONES: Record<KycStatus, string> = {
  PENDING: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  PROCESSING: 'bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  APPROVED: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  DISAPPROVED: 'bg-orange-50 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  REJECTED: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** A KYC status as a coloured word; `data-status` carries the value for tests and styling. */
export function KycStatusBadge({ status }: { status: KycStatus }) {
  return (
    <span data-status={status} className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[status]}`}>
      {humanize(status)}
    </span>
  );
}
