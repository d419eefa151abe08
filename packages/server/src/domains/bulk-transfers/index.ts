import type { ApprovalExecutor } from '../approvals/index';
import type { JobDefinition } from '../jobs/index';
import type { Implementation } from '../../handling/implement';
import { bulkTransferExecutor } from './bulk-decisions';
import { type BulkRunPayload, bulkTransferJob } from './bulk-run';
import { bulkTransferImplementations as implementations } from './bulk-transfers.handlers';

/**
 * Bulk transfer uploads (issue 15 §4): a file of transfers checked row by row, approved by a
 * second admin (the `transfers.bulk` approval action), then sent by a background job a chunk at
 * a time, each row once, resumable after a crash.
 */
export { BULK_CHUNK_ROWS, runBulkUpload } from './bulk-run';

/** Implementations of this domain's commands. */
export const bulkTransferImplementations: readonly Implementation[] = implementations;

/** Runs an approved upload (registered with the approvals at the composition root). */
export const bulkTransferExecutors: readonly ApprovalExecutor[] = [bulkTransferExecutor];

/** The job that sends an upload's rows (registered in the server's jobs.ts). */
export const bulkTransferJobs: readonly JobDefinition<BulkRunPayload>[] = [bulkTransferJob];
