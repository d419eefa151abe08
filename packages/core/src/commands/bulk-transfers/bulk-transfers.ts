import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { checkRangeOrder, idField } from '../../schemas/common';
import { fileField } from '../../schemas/fields';
import { reasonField } from '../../schemas/risk';
import { companyTransferSourceField } from '../transfers/transfer-schemas';
import {
  bulkRow,
  bulkRowColumns,
  bulkRowFilters,
  bulkUpload,
  bulkUploadColumns,
  bulkUploadFilters,
  bulkUploadOutcome,
  bulkUploadRow,
  bulkValidation,
  MAX_BULK_TRANSFER_ROWS,
} from './bulk-transfer-schemas';

/** The approval action a bulk upload waits under (its policy decides who may approve). */
export const BULK_TRANSFER_ACTION = 'transfers.bulk';

/** The background job that sends an approved upload's rows. */
export const BULK_TRANSFER_JOB = 'bulk-transfers.run';

const uploadIdField = idField.meta({ label: 'Upload ID' });

export const bulkTransferTemplate = defineCommand({
  id: 'bulk-transfers.template',
  group: 'bulk-transfers',
  action: 'template',
  title: 'Download the bulk transfer template',
  description:
    'A CSV with the columns a bulk transfer file takes (bank_code, account_number, amount, narration, and optionally reference and account_name) and two example rows. Save it as CSV or XLSX.',
  keywords: ['bulk upload template', 'csv template', 'upload portal'],
  method: 'GET',
  path: '/ft/v1/bulk/template',
  permission: 'transfers.bulk',
  answers: 'file',
  input: z.object({}),
  output: fileAnswer,
  example: 'traction bulk-transfers template --out payouts.csv',
});

export const uploadBulkTransfers = defineCommand({
  id: 'bulk-transfers.upload',
  group: 'bulk-transfers',
  action: 'upload',
  title: 'Upload and check a bulk transfer file',
  description:
    `Stores a CSV or XLSX of transfers (at most ${MAX_BULK_TRANSFER_ROWS.toLocaleString('en-NG')} rows) and checks every row: the bank, the account number's check digit, the amount, the narration, duplicates in the file, references already used, and the name the bank's name enquiry answers. ` +
    'Answers the total and every bad row. Nothing moves: submit it for approval next.',
  keywords: ['upload portal', 'bulk upload', 'bulk payout', 'batch transfer', 'payroll', 'csv', 'xlsx'],
  method: 'POST',
  path: '/ft/v1/bulk/upload',
  permission: 'transfers.bulk',
  audit: {
    action: (input) => `upload bulk transfers from ${said(input.business) ? `business ${said(input.business)}` : said(input.companyAccount) || 'a source'}`,
  },
  // Which of business and companyAccount is needed depends on `from`: the server checks it (a 400
  // naming the missing one), so that the schema alone stays a plain object.
  input: z.object({
    /** Where the money comes from: a merchant's wallet (default) or a company account. */
    from: z.enum(['wallet', 'company']).default('wallet'),
    /** The paying business, by id or email (from a wallet). */
    business: z.string().trim().min(1, 'is required').max(254).optional().meta({ label: 'Business (id or email)' }),
    /** The paying company account (from the company). */
    companyAccount: companyTransferSourceField.optional(),
    /**
     * Answer the newest upload of the same file (SHA-256) from the same source that was not
     * cancelled, declined or expired, instead of storing it again: how a re-run of the CLI
     * resumes, and never pays a file twice by accident.
     */
    reuse: z.boolean().default(false).meta({ label: 'Reuse an upload of the same file' }),
    /** The file, as the multipart part `file`: CSV or XLSX (the first sheet). Last, so that a refusal names the other fields first (a JSON body cannot carry it). */
    file: fileField,
  }),
  output: bulkValidation,
  example: 'traction bulk-transfers upload --input-file payouts.csv --business 42',
});

export const submitBulkTransfers = defineCommand({
  id: 'bulk-transfers.submit',
  group: 'bulk-transfers',
  action: 'submit',
  title: 'Submit a bulk upload for approval',
  description:
    'Asks a second admin to approve the upload (the transfers.bulk approval policy decides who may). Refused while bad rows remain unless they are excluded explicitly. Once approved, the server sends the rows in the background.',
  keywords: ['bulk upload', 'approve bulk', 'four-eyes', 'exclude bad rows'],
  method: 'POST',
  path: '/ft/v1/bulk/{id}/submit',
  permission: 'transfers.bulk',
  danger: 'confirm',
  audit: { action: (input) => `submit bulk upload #${said(input.id) || '?'} for approval`, note: 'reason' },
  input: z.object({
    id: uploadIdField,
    /** Leave the bad rows out and send the rest; without it, an upload with bad rows is refused. */
    excludeBadRows: z.boolean().default(false).meta({ label: 'Exclude bad rows' }),
    /** What the payments are, as the approver reads it. */
    reason: reasonField,
  }),
  output: bulkUploadOutcome,
  example: 'traction bulk-transfers submit --id 12 --reason "November salaries" --exclude-bad-rows',
});

export const cancelBulkTransfers = defineCommand({
  id: 'bulk-transfers.cancel',
  group: 'bulk-transfers',
  action: 'cancel',
  title: 'Cancel a bulk upload before approval',
  description: 'Withdraws an upload that has not been approved (its approval request, if any, can no longer be approved). Nothing was sent, nothing is.',
  keywords: ['withdraw', 'bulk upload'],
  method: 'POST',
  path: '/ft/v1/bulk/{id}/cancel',
  permission: 'transfers.bulk',
  danger: 'confirm',
  audit: { action: (input) => `cancel bulk upload #${said(input.id) || '?'}`, note: 'reason' },
  input: z.object({ id: uploadIdField, reason: reasonField }),
  output: bulkUploadOutcome,
  example: 'traction bulk-transfers cancel --id 12 --reason "Wrong month\'s file"',
});

export const retryBulkTransferRows = defineCommand({
  id: 'bulk-transfers.retry-rows',
  group: 'bulk-transfers',
  action: 'retry-rows',
  title: 'Retry the rows a bulk run refused',
  description:
    'Rows whose transfer could not start (REFUSED: the balance was short, a limit or the money policy said no) are tried again by the background job, under the approval already given. ' +
    'Rows that failed at the bank were reversed; retry those as transfers: transfers.retry-bulk with matching.batchId set to the upload id and matching.status FAILED.',
  keywords: ['retry', 'refused rows', 'insufficient balance', 'bulk upload'],
  method: 'POST',
  path: '/ft/v1/bulk/{id}/retry',
  permission: 'transfers.bulk',
  danger: 'money',
  audit: { action: (input) => `retry refused rows of bulk upload #${said(input.id) || '?'}`, note: 'reason' },
  input: z.object({ id: uploadIdField, reason: reasonField }),
  output: bulkUploadOutcome,
  example: 'traction bulk-transfers retry-rows --id 12 --reason "Wallet topped up"',
});

export const listBulkTransfers = defineCommand({
  id: 'bulk-transfers.list',
  group: 'bulk-transfers',
  action: 'list',
  title: 'List bulk uploads',
  description:
    'Every bulk transfer upload, newest first: its source, file, rows, total, status and progress (succeeded, failed, pending, amount moved). Filters by status, business, company account, file (SHA-256), text and date.',
  keywords: ['all bulk uploads', 'bulk history', 'batch transfers', 'bulk status'],
  method: 'GET',
  path: '/ft/v1/history/bulk',
  permission: 'transfers.view',
  input: z.object({ ...listPaging, ...bulkUploadFilters }).superRefine(checkRangeOrder),
  output: listOutput(bulkUploadRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    csv: true,
    route: '/all-bulk-upload',
    detailRoute: '/bulk-status/{id}',
    rowName: 'fileName',
    columns: bulkUploadColumns,
  },
  example: 'traction bulk-transfers list --status RUNNING',
});

export const getBulkTransfers = defineCommand({
  id: 'bulk-transfers.get',
  group: 'bulk-transfers',
  action: 'get',
  title: 'Show a bulk upload and its progress',
  description:
    'One upload: its checks (rows, bad rows, total, fees), its approval request, its job, and its progress counted from its transfers (rows done, succeeded, failed, pending, held, the amount moved).',
  keywords: ['bulk status', 'progress'],
  method: 'GET',
  path: '/ft/v1/bulk/{id}',
  permission: 'transfers.view',
  input: z.object({ id: uploadIdField }),
  output: z.object({ upload: bulkUpload }),
  example: 'traction bulk-transfers get --id 12',
});

export const listBulkTransferRows = defineCommand({
  id: 'bulk-transfers.rows',
  group: 'bulk-transfers',
  action: 'rows',
  title: "List a bulk upload's rows",
  description:
    "Every row of an upload in file order, with its problems (bad rows), or its transfer's status and the bank's answer. Its CSV is the upload's results file; `--outcome failed` keeps the rows that did not pay.",
  keywords: ['bulk results', 'results csv', 'bad rows', 'failed rows'],
  method: 'GET',
  path: '/ft/v1/bulk/{id}/rows',
  permission: 'transfers.view',
  input: z.object({ id: uploadIdField, ...listPaging, ...bulkRowFilters }),
  output: listOutput(bulkRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'row',
    searchField: 'search',
    csv: true,
    rowName: 'accountName',
    columns: bulkRowColumns,
  },
  example: 'traction bulk-transfers rows --id 12 --outcome failed --csv --out failed.csv',
});
