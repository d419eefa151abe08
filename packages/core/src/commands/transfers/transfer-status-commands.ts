import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField } from '../../schemas/common';
import { reasonField } from '../../schemas/risk';
import { bulkOutput, checkSelection, selectionFields } from '../../selection';
import { transferColumns, transferDetail, transferFilters, transferOutcome, transferRow, transferStatusField } from './transfer-schemas';

export const listTransfers = defineCommand({
  id: 'transfers.list',
  group: 'transfers',
  action: 'list',
  title: 'List funds transfers',
  description:
    'Every outgoing bank transfer, newest first, with its status (held, queued, pending at the bank, successful, failed and reversed), provider and session id. Filters by status, origin, provider, business, batch, bank, date and text.',
  keywords: ['funds transfer status', 'transfers', 'payouts', 'pending transfers', 'failed transfers', 'retry portal'],
  method: 'GET',
  path: '/v1/payments/getallfundstransferstatus',
  permission: 'transfers.view',
  input: z.object({ ...listPaging, ...transferFilters }),
  output: listOutput(transferRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    csv: true,
    route: '/funds-transfer',
    detailRoute: '/funds-transfer/{id}',
    rowName: 'reference',
    columns: transferColumns,
    bulkCommands: ['transfers.retry-bulk', 'transfers.review-bulk'],
  },
  example: 'traction transfers list --status PENDING --from 7d',
});

export const getTransfer = defineCommand({
  id: 'transfers.get',
  group: 'transfers',
  action: 'get',
  title: 'Show a funds transfer',
  description: 'One transfer with its status history, provider and session id, the fraud rules that judged it, its postings and its reversal.',
  method: 'GET',
  path: '/v1/payments/fundstransfer/{id}',
  permission: 'transfers.view',
  input: z.object({ id: idField.meta({ label: 'Transfer ID' }) }),
  output: transferDetail,
  example: 'traction transfers get --id 118',
});

export const batchTransferStatus = defineCommand({
  id: 'transfers.batch-status',
  group: 'transfers',
  action: 'batch-status',
  title: 'Show the status of several transfers',
  description: 'The status of up to 100 transfers by id, comma-separated: what a script polls.',
  method: 'GET',
  path: '/v1/payments/getfundstransferstatus/batch/{ids}',
  permission: 'transfers.view',
  input: z.object({
    ids: z
      .string()
      .trim()
      .max(1_100, 'must be up to 100 transfer ids separated by commas')
      .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'must be up to 100 transfer ids separated by commas')
      .meta({ label: 'Transfer IDs', examples: ['101,102'] }),
  }),
  output: z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        reference: z.string(),
        status: transferStatusField,
        responseCode: z.string().nullable(),
        responseMessage: z.string().nullable(),
        final: z.boolean(),
      }),
    ),
    /** Ids asked for that name no transfer. */
    missing: z.array(z.number().int()),
  }),
  example: 'traction transfers batch-status --ids 118,119,120',
});

const reviewDecision = z.enum(['release', 'block']);

export const reviewTransfer = defineCommand({
  id: 'transfers.review',
  group: 'transfers',
  action: 'review',
  title: 'Release or block a held transfer',
  description:
    'Decides a transfer a fraud rule held: release sends it (the wallet is debited now, through every check again), block refuses it for good (nothing moved). Needs a note.',
  keywords: ['held transfers', 'review queue', 'fraud review', 'release', 'block'],
  method: 'POST',
  path: '/v1/payments/fundstransfer/{id}/review',
  permission: 'transfers.review',
  danger: 'money',
  audit: { action: (input) => `${input.decision === 'block' ? 'block' : 'release'} held transfer #${String(input.id ?? '?')}`, note: 'note' },
  input: z.object({ id: idField.meta({ label: 'Transfer ID' }), decision: reviewDecision, note: reasonField }),
  output: transferOutcome,
  example: 'traction transfers review --id 118 --decision release --note "Called the merchant: genuine supplier payment"',
});

export const reviewTransfersBulk = defineCommand({
  id: 'transfers.review-bulk',
  group: 'transfers',
  action: 'review-bulk',
  title: 'Release or block held transfers',
  description: 'Decides several held transfers at once; transfers that are not held are skipped with why.',
  keywords: ['bulk', 'held transfers', 'release', 'block'],
  method: 'POST',
  path: '/v1/payments/fundstransfer/review/bulk',
  permission: 'transfers.review',
  danger: 'money',
  audit: { action: (input) => `${input.decision === 'block' ? 'block' : 'release'} held transfers`, note: 'note' },
  input: z.object({ ...selectionFields(listTransfers), decision: reviewDecision, note: reasonField }).superRefine(checkSelection),
  output: bulkOutput,
  example: 'traction transfers review-bulk --ids 118,119 --decision block --note "Mule accounts"',
});

export const requeryTransfer = defineCommand({
  id: 'transfers.requery',
  group: 'transfers',
  action: 'requery',
  title: 'Ask the provider about a pending transfer now',
  description: 'Re-queries a pending transfer by its session id at once instead of waiting for the schedule; a final answer is recorded (a failure reversed).',
  keywords: ['requery', 'status query', 'tsq', 'pending'],
  method: 'POST',
  path: '/v1/payments/fundstransfer/{id}/requery',
  permission: 'transfers.retry',
  audit: { action: (input) => `re-query transfer #${String(input.id ?? '?')}` },
  input: z.object({ id: idField.meta({ label: 'Transfer ID' }) }),
  output: transferOutcome,
  example: 'traction transfers requery --id 118',
});

export const retryTransfer = defineCommand({
  id: 'transfers.retry',
  group: 'transfers',
  action: 'retry',
  title: 'Retry a failed transfer',
  description:
    'Sends a failed (and reversed) transfer again as a new transfer with a new reference and session, once: a transfer already retried is refused. A pending one is re-queried instead, never sent twice.',
  keywords: ['retry', 'resend', 'retry portal'],
  method: 'POST',
  path: '/v1/payments/fundstransfer/{id}/retry',
  permission: 'transfers.retry',
  danger: 'money',
  audit: { action: (input) => `retry transfer #${String(input.id ?? '?')}`, note: 'reason' },
  input: z.object({ id: idField.meta({ label: 'Transfer ID' }), reason: reasonField }),
  output: transferOutcome,
  example: 'traction transfers retry --id 118 --reason "Beneficiary bank is back"',
});

export const retryTransfersBulk = defineCommand({
  id: 'transfers.retry-bulk',
  group: 'transfers',
  action: 'retry-bulk',
  title: 'Retry failed transfers',
  description: 'Retries several failed transfers (each once, as a new transfer) and re-queries pending ones; others are skipped with why.',
  keywords: ['bulk', 'retry', 'retry portal'],
  method: 'POST',
  path: '/v1/payments/fundstransfer/retry/bulk',
  permission: 'transfers.retry',
  danger: 'money',
  audit: { action: () => 'retry transfers', note: 'reason' },
  input: z.object({ ...selectionFields(listTransfers), reason: reasonField }).superRefine(checkSelection),
  output: bulkOutput,
  example: 'traction transfers retry-bulk --matching \'{"status":"FAILED","attention":true}\' --reason "Provider back up"',
});
