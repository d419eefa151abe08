import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { JOB_STATUSES, jobColumns, jobIdField, jobKindField, jobRow, jobView } from './job-schemas';

export const listJobs = defineCommand({
  id: 'jobs.list',
  group: 'jobs',
  action: 'list',
  title: 'List background jobs',
  description: 'Bulk uploads, sweeps, transfer sends and re-queries the server runs in the background, newest first, with how far each has got.',
  keywords: ['background', 'progress', 'queue', 'worker', 'bulk status'],
  method: 'GET',
  path: '/api/jobs',
  permission: 'jobs.view',
  input: z.object({
    ...listPaging,
    kind: jobKindField.optional(),
    status: z.enum(JOB_STATUSES).optional().meta({ label: 'Status' }),
  }),
  output: listOutput(jobRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    csv: true,
    rowName: 'subject',
    columns: jobColumns,
  },
  example: 'traction jobs list --status failed --kind bulk-transfers.run',
});

export const getJob = defineCommand({
  id: 'jobs.get',
  group: 'jobs',
  action: 'get',
  title: 'Show a background job',
  description: 'The job and its progress: items done of the total, counts by outcome, money moved, its status, and why it last failed.',
  keywords: ['progress', 'bulk status'],
  method: 'GET',
  path: '/api/jobs/{id}',
  permission: 'jobs.view',
  input: z.object({ id: jobIdField }),
  output: jobView,
  example: 'traction jobs get --id 12',
});

export const retryJob = defineCommand({
  id: 'jobs.retry',
  group: 'jobs',
  action: 'retry',
  title: 'Retry a failed job',
  description:
    'Queues a failed job to run again now, with its attempts renewed. The job carries on from what it recorded, so nothing it finished is done twice.',
  keywords: ['requeue', 'run again'],
  method: 'POST',
  path: '/api/jobs/{id}/retry',
  permission: 'jobs.retry',
  danger: 'confirm',
  audit: { action: (input) => `retry background job #${said(input.id)}` },
  input: z.object({ id: jobIdField }),
  output: z.object({ job: jobView, message: z.string() }),
  example: 'traction jobs retry --id 12 --yes',
});
