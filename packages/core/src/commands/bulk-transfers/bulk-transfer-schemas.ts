import { z } from 'zod';
import type { ListColumn } from '../../command';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { koboAmount } from '../../schemas/money';
import { TRANSFER_STATUSES } from '../../transfers/transfer-status';
import { approvedBatchFields, batchProgressFields, companyTransferSourceField } from '../transfers/transfer-schemas';

/** Rows one bulk file may hold; larger payouts are split into several uploads. */
export const MAX_BULK_TRANSFER_ROWS = 10_000;

/** The largest bulk file accepted, in bytes (10 MiB: 10,000 rows of long narrations take about 2). */
export const MAX_BULK_TRANSFER_FILE_BYTES = 10 * 1024 * 1024;

/**
 * The columns of a bulk transfer file, in the template's order. Headers are matched without
 * regard to case, spaces, `-` or `_` (`Account Number` is `account_number`), and a few common
 * other names are accepted (see `BULK_TRANSFER_HEADER_ALIASES`).
 */
export const BULK_TRANSFER_COLUMNS = [
  /** The beneficiary's bank: its 3-digit CBN code (058) or its name (GTBank, Guaranty Trust Bank). */
  { key: 'bank_code', required: true, example: '058', about: "the bank's 3-digit CBN code (058) or its name (GTBank)" },
  /** The 10-digit NUBAN. */
  { key: 'account_number', required: true, example: '0123456789', about: 'the 10-digit account number (NUBAN)' },
  /** Naira as people write it: `1,500.00`, `₦20,000`, `7.05`. */
  { key: 'amount', required: true, example: '1,500.00', about: 'Naira, at most 2 decimals (1,500.00)' },
  /** What the beneficiary's statement shows, 3 to 100 characters. */
  { key: 'narration', required: true, example: 'November salary', about: 'what the transfer is for, 3 to 100 characters' },
  /** Your own reference, unique across all transfers; one is made (`BULK-<upload>-<row>`) when empty. */
  { key: 'reference', required: false, example: 'PAY-2026-11-0001', about: 'optional: your reference, 6 to 40 letters, digits, - or _' },
  /** The name you expect the account to hold; the row is refused if the bank says otherwise. */
  { key: 'account_name', required: false, example: 'ADAEZE OKAFOR', about: 'optional: the name you expect the bank to answer' },
] as const;
export type BulkTransferColumn = (typeof BULK_TRANSFER_COLUMNS)[number]['key'];

/** Other headers people give these columns (compared without case, spaces, `-` or `_`). */
export const BULK_TRANSFER_HEADER_ALIASES: Readonly<Record<BulkTransferColumn, readonly string[]>> = {
  bank_code: ['bank', 'bankcode', 'bankname', 'cbncode', 'bank_name'],
  account_number: ['account', 'accountno', 'accountnumber', 'nuban', 'acctno'],
  amount: ['amount', 'amountnaira', 'naira'],
  narration: ['narration', 'description', 'remark', 'remarks', 'purpose'],
  reference: ['reference', 'ref', 'paymentreference'],
  account_name: ['accountname', 'name', 'beneficiary', 'beneficiaryname'],
};

/**
 * Where an upload stands. VALIDATED: stored and checked, waiting to be submitted.
 * AWAITING_APPROVAL: submitted, waiting for a second admin. DECLINED and EXPIRED: the approval
 * request was declined or ran out of time (nothing ran; it may be submitted again). RUNNING:
 * approved, its rows being sent by the server's job or waiting for final answers. DONE: every
 * included row is final. CANCELLED: withdrawn before approval.
 */
export const BULK_UPLOAD_STATUSES = ['VALIDATED', 'AWAITING_APPROVAL', 'DECLINED', 'EXPIRED', 'RUNNING', 'DONE', 'CANCELLED'] as const;
export type BulkUploadStatus = (typeof BULK_UPLOAD_STATUSES)[number];
export const bulkUploadStatusField = z.enum(BULK_UPLOAD_STATUSES);

/**
 * Where a row stands. INVALID: it failed a check (its problems say which). EXCLUDED: invalid and
 * left out on purpose when submitted. WAITING: valid, not yet sent. REFUSED: the run could not
 * start its transfer (insufficient balance, a limit, the money policy): nothing moved, and
 * `bulk-transfers.retry-rows` tries it again. Otherwise the status of the row's transfer (of the
 * newest retry, when a failed row was retried).
 */
export const BULK_ROW_STATUSES = ['INVALID', 'EXCLUDED', 'WAITING', 'REFUSED', ...TRANSFER_STATUSES] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];
export const bulkRowStatusField = z.enum(BULK_ROW_STATUSES);

/** A problem with one row of a file: the column and the sentence. */
export const bulkRowProblem = z.object({
  /** 1-based, counting data rows (the header is not a row). */
  row: z.number().int(),
  /** The column at fault (`account_number`), or `row` for the row as a whole (a duplicate). */
  field: z.string(),
  message: z.string(),
});
export type BulkRowProblem = z.infer<typeof bulkRowProblem>;

/** How far an upload's run has got, counted over its included rows from their transfers. */
export const bulkProgress = z.object(batchProgressFields);
export type BulkProgress = z.infer<typeof bulkProgress>;

/** A bulk upload with its checks and progress. */
export const bulkUpload = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** SHA-256 of the file's bytes, hex: the CLI finds an upload of the same file by it. */
  sha256: z.string(),
  format: z.enum(['csv', 'xlsx']),
  status: bulkUploadStatusField,
  /** The paying business, or null when paid from a company account. */
  businessId: z.number().int().nullable(),
  companyAccount: companyTransferSourceField.nullable(),
  /** "Mama Put Foods" or the company account's name ("Fee income"). */
  source: z.string(),
  /** Data rows in the file. */
  rowCount: z.number().int(),
  validRows: z.number().int(),
  badRows: z.number().int(),
  /** Bad rows left out when it was submitted. */
  excludedRows: z.number().int(),
  /** The valid rows' amounts. */
  total: koboAmount,
  /** The transfer fee of each valid row (none from a company account). */
  fees: koboAmount,
  progress: bulkProgress,
  ...approvedBatchFields,
});
export type BulkUpload = z.infer<typeof bulkUpload>;

/** A row of the list of uploads (flat, for its CSV). */
export const bulkUploadRow = z.object({
  id: z.number().int(),
  createdAt: timestamp,
  source: z.string(),
  businessId: z.number().int().nullable(),
  fileName: z.string(),
  sha256: z.string(),
  rowCount: z.number().int(),
  badRows: z.number().int(),
  total: koboAmount,
  status: bulkUploadStatusField,
  succeeded: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  amountMoved: koboAmount,
  createdByName: z.string(),
});
export type BulkUploadRow = z.infer<typeof bulkUploadRow>;

export const bulkUploadColumns: readonly ListColumn[] = [
  { key: 'id', label: 'Upload', kind: 'id' },
  { key: 'createdAt', label: 'Created', kind: 'datetime' },
  { key: 'source', label: 'From', kind: 'text', card: 'title' },
  { key: 'fileName', label: 'File', kind: 'text', priority: 'medium' },
  { key: 'rowCount', label: 'Rows', kind: 'number' },
  { key: 'badRows', label: 'Bad rows', kind: 'number', priority: 'low' },
  { key: 'total', label: 'Total', kind: 'money', priority: 'high' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
  { key: 'succeeded', label: 'Succeeded', kind: 'number' },
  { key: 'failed', label: 'Failed', kind: 'number' },
  { key: 'pending', label: 'Pending', kind: 'number' },
  { key: 'amountMoved', label: 'Amount moved', kind: 'money' },
  { key: 'createdByName', label: 'Uploaded by', kind: 'text', priority: 'low' },
];

/** One row of an upload: what the file said, what the checks found, and its transfer. */
export const bulkRow = z.object({
  /** 1-based data row number in the file. */
  row: z.number().int(),
  status: bulkRowStatusField,
  /** As written in the file (a code or a name). */
  bankInput: z.string(),
  /** The CBN code it was read as; empty when no bank matched. */
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  /** The name the bank's name enquiry answered; empty when it was not asked or failed. */
  accountName: z.string(),
  /** The name the file expected, if any. */
  expectedName: z.string(),
  /** Kobo; 0 when the file's amount could not be read. */
  amount: koboAmount,
  /** The amount as written in the file. */
  amountInput: z.string(),
  narration: z.string(),
  /** The reference the transfer takes (the file's, or `BULK-<upload>-<row>`). */
  reference: z.string(),
  /** Every problem found, `column: sentence; …`; empty for a valid row. */
  problems: z.string(),
  /** Why the run could not start its transfer (REFUSED rows). */
  refusal: z.string().nullable(),
  /** The row's transfer (`/funds-transfer/{id}`): the newest retry when it was retried. */
  transferId: z.number().int().nullable(),
  /** The transfer first made for the row, when it was later retried. */
  firstTransferId: z.number().int().nullable(),
  responseCode: z.string().nullable(),
  responseMessage: z.string().nullable(),
  updatedAt: timestamp.nullable(),
});
export type BulkRow = z.infer<typeof bulkRow>;

export const bulkRowColumns: readonly ListColumn[] = [
  { key: 'row', label: 'Row', kind: 'number' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
  { key: 'bankName', label: 'Bank', kind: 'text', priority: 'medium' },
  { key: 'accountNumber', label: 'Account number', kind: 'id' },
  { key: 'accountName', label: 'Account name', kind: 'text', card: 'title' },
  { key: 'amount', label: 'Amount', kind: 'money', priority: 'high' },
  { key: 'narration', label: 'Narration', kind: 'text', priority: 'low' },
  { key: 'reference', label: 'Reference', kind: 'id', priority: 'low' },
  { key: 'problems', label: 'Problems', kind: 'sentence' },
  { key: 'refusal', label: 'Refused because', kind: 'sentence', priority: 'low' },
  { key: 'transferId', label: 'Transfer', kind: 'id', priority: 'low' },
  { key: 'responseCode', label: 'Code', kind: 'text', priority: 'low' },
  { key: 'responseMessage', label: 'Bank answer', kind: 'text', priority: 'low' },
];

/** The filters of the upload list. */
export const bulkUploadFilters = {
  status: bulkUploadStatusField.optional(),
  businessId: idField.optional().meta({ label: 'Business ID' }),
  companyAccount: companyTransferSourceField.optional(),
  /** Uploads of exactly this file (its SHA-256, hex). */
  sha256: z
    .string()
    .trim()
    .toLowerCase()
    .max(64, 'must be a SHA-256 in hex (64 characters)')
    .regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex (64 characters)')
    .optional()
    .meta({ label: 'File SHA-256' }),
  /** File name or source name. */
  search: searchField.optional(),
  startdatetime: dateTimeParam.optional(),
  enddatetime: dateTimeParam.optional(),
};

/** Row outcomes a results CSV is usually filtered by. */
export const BULK_ROW_FILTERS = ['bad', 'failed', 'pending', 'succeeded'] as const;

/** The filters of an upload's rows. */
export const bulkRowFilters = {
  status: bulkRowStatusField.optional(),
  /** bad: invalid or excluded; failed: failed, blocked or refused; pending: not final; succeeded. */
  outcome: z.enum(BULK_ROW_FILTERS).optional(),
  /** Account number, account name, reference or narration. */
  search: searchField.optional(),
};

/** What a command that changes an upload answers. */
export const bulkUploadOutcome = z.object({
  upload: bulkUpload,
  message: z.string(),
});

/** What an upload answers: the upload, every problem of every bad row, and what to do next. */
export const bulkValidation = z.object({
  upload: bulkUpload,
  /** Every problem, by row then column (a row may have several). */
  problems: z.array(bulkRowProblem),
  /** Things worth knowing that refuse no row: the source's balance is short of the total. */
  warnings: z.array(z.string()),
  /** True when `reuse` found an earlier upload of the same file and source: nothing was stored. */
  reused: z.boolean(),
  message: z.string(),
});
export type BulkValidation = z.infer<typeof bulkValidation>;
