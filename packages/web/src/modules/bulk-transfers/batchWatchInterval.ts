import type { BulkUploadStatus, SweepStatus } from '@traction/core';

/** Rows are being sent or answered: people watch them turn final. */
const RUNNING_WATCH_MS = 2_000;
/** Waiting for a second admin, who decides on another screen. */
const APPROVAL_WATCH_MS = 10_000;

/**
 * How often the page of a bulk upload or sweep asks again in this status, or false when nothing
 * will change without someone acting here. The live indicator says these same seconds.
 */
export function batchWatchInterval(status: BulkUploadStatus | SweepStatus | undefined): number | false {
  return status === 'RUNNING' ? RUNNING_WATCH_MS : status === 'AWAITING_APPROVAL' ? APPROVAL_WATCH_MS : false;
}
