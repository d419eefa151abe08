import { z } from 'zod';
import type { ListColumn } from '../../command';
import { rangeBoundToDate } from '../../format/date-range';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { koboAmount } from '../../schemas/money';
import { accountNumberField } from '../../schemas/risk';
import { TRANSFER_STATUSES } from '../../transfers/transfer-status';

export const transferStatusField = z.enum(TRANSFER_STATUSES);

/** How a transfer came to be: one sent by an admin, a payout to the merchant's own account, a row of a bulk upload or a sweep, a retry of a failed one. */
export const TRANSFER_ORIGINS = ['single', 'payout', 'bulk', 'sweep', 'retry'] as const;
export const transferOriginField = z.enum(TRANSFER_ORIGINS);
export type TransferOrigin = z.infer<typeof transferOriginField>;

/** The providers transfers go through (server/providers/transfers). */
export const TRANSFER_PROVIDERS = ['providus', 'vfd', 'wema'] as const;
export const transferProviderField = z.enum(TRANSFER_PROVIDERS);

/** Company accounts a transfer may be paid from (the floats are where transfers go out, never a source). */
export const COMPANY_TRANSFER_SOURCES = ['fee-income', 'adjustments'] as const;
export const companyTransferSourceField = z.enum(COMPANY_TRANSFER_SOURCES);

/** A beneficiary bank's CBN code: three digits (`058` GTBank). */
export const bankCodeField = z
  .string()
  .trim()
  .max(3, 'must be a 3-digit CBN bank code (058 for GTBank)')
  .regex(/^\d{3}$/, 'must be a 3-digit CBN bank code (058 for GTBank)')
  .meta({ examples: ['058'] });

/** A beneficiary account: a NUBAN at a bank. */
export const beneficiaryFields = {
  bankCode: bankCodeField.meta({ label: 'Bank code' }),
  accountNumber: accountNumberField.meta({ label: 'Account number' }),
};

/** Narration the beneficiary's statement shows (NIP carries at most 100 characters). */
export const narrationField = z.string().trim().min(3, 'must say what the transfer is for (at least 3 characters)').max(100, 'must be at most 100 characters');

/** A caller's own reference for a transfer: unique across the ledger; a second transfer with it is refused. */
export const transferReferenceField = z
  .string()
  .trim()
  .max(40, 'must be 6 to 40 letters, digits, - or _')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{5,39}$/, 'must be 6 to 40 letters, digits, - or _');

/** An outgoing bank transfer as lists show it. */
export const transferRow = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: transferStatusField,
  origin: transferOriginField,
  /** The wallet's business, or null when paid from a company account. */
  businessId: z.number().int().nullable(),
  /** "Mama Put Foods" or a company account's name ("Fee income"). */
  source: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  amount: koboAmount,
  fee: koboAmount,
  provider: transferProviderField,
  sessionId: z.string(),
  /** The provider's last NIP response code (00, 09, 51 …), null before it answered. */
  responseCode: z.string().nullable(),
  responseMessage: z.string().nullable(),
  /** The bulk upload or sweep it is a row of. */
  batchId: z.number().int().nullable(),
  /** Pending past its re-query schedule, or failed and not yet retried: the Retry Portal's rows. */
  needsAttention: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type TransferRow = z.infer<typeof transferRow>;

export const transferColumns: readonly ListColumn[] = [
  { key: 'id', label: 'ID', kind: 'id' },
  { key: 'createdAt', label: 'Created', kind: 'datetime' },
  // References run to 24 characters (TRF-20261123-XXXXXXXXXX); statuses are shown in words ("Pending at the bank").
  { key: 'reference', label: 'Reference', kind: 'id', width: 26 },
  { key: 'source', label: 'From', kind: 'text', width: 24 },
  { key: 'accountName', label: 'Beneficiary', kind: 'text' },
  { key: 'bankName', label: 'Bank', kind: 'text', priority: 'medium' },
  { key: 'accountNumber', label: 'Account number', kind: 'id', priority: 'medium' },
  { key: 'amount', label: 'Amount', kind: 'money' },
  { key: 'fee', label: 'Fee', kind: 'money', priority: 'low' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high', width: 19 },
  { key: 'provider', label: 'Provider', kind: 'enum', priority: 'low' },
  { key: 'responseCode', label: 'Code', kind: 'text', priority: 'low' },
  { key: 'origin', label: 'Origin', kind: 'enum', priority: 'low' },
  { key: 'sessionId', label: 'Session ID', kind: 'id', priority: 'low' },
];

/** A step of a transfer's life. */
export const transferEvent = z.object({
  status: transferStatusField,
  at: timestamp,
  /** What happened, in words ("The provider answered 09: request in progress"). */
  note: z.string(),
  responseCode: z.string().nullable(),
  /** The admin who caused it; null for the server's own work (sends, re-queries). */
  adminName: z.string().nullable(),
});

/** A fraud rule's verdict on the transfer, recorded when it was evaluated. */
export const transferRuleEvaluation = z.object({
  ruleId: z.number().int(),
  ruleName: z.string(),
  kind: z.string(),
  matched: z.boolean(),
  action: z.enum(['allow', 'hold', 'block']),
  reason: z.string(),
});

/** A ledger transfer the bank transfer posted (the debit, its fee, their reversal). */
export const transferPostingRow = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.string(),
  amount: koboAmount,
  debitAccount: z.string(),
  creditAccount: z.string(),
  createdAt: timestamp,
});

/** Everything about one transfer: the detail page. */
export const transferDetail = transferRow.extend({
  narration: z.string(),
  walletUid: z.string().nullable(),
  /** The provider the route chose first when it was down and this one took over. */
  failedOverFrom: transferProviderField.nullable(),
  /** Re-queries asked so far, and when the next is due (null when none is scheduled). */
  requeryCount: z.number().int(),
  nextRequeryAt: timestamp.nullable(),
  /** The transfer this one retries, and the one that retried it. */
  retryOf: z.number().int().nullable(),
  retriedBy: z.number().int().nullable(),
  /** Why a failed transfer's reversal is waiting (the wallet is frozen); null when reversed or not failed. */
  reversalWaiting: z.string().nullable(),
  createdBy: z.string().nullable(),
  events: z.array(transferEvent),
  evaluations: z.array(transferRuleEvaluation),
  postings: z.array(transferPostingRow),
  /** The reversal of a failed transfer's debit, once posted. */
  reversal: z.object({ reference: z.string(), at: timestamp }).nullable(),
});
export type TransferDetail = z.infer<typeof transferDetail>;

/** The filters of the transfer list (and of the Retry Portal). */
export const transferFilters = {
  status: transferStatusField.optional(),
  origin: transferOriginField.optional(),
  provider: transferProviderField.optional(),
  businessId: idField.optional().meta({ label: 'Business ID' }),
  /** The bulk upload or sweep. */
  batchId: idField.optional().meta({ label: 'Batch ID' }),
  /** Only transfers that need people: failed and not retried, or pending past the re-query schedule. */
  attention: z.boolean().optional().meta({ label: 'Attention' }),
  /** Reference, session id, account number or beneficiary name. */
  search: searchField.optional(),
  bankCode: bankCodeField.optional().meta({ label: 'Bank' }),
  startdatetime: dateTimeParam.optional(),
  enddatetime: dateTimeParam.optional(),
};

/**
 * The date range's problem, if any: the end before the start. Checked by the server rather than
 * as a refinement, because bulk commands select rows with the list's filters (`selectionFields`
 * omits fields from the list's input, which zod refuses on a refined object).
 */
export function transferRangeProblem(value: { startdatetime?: string | undefined; enddatetime?: string | undefined }): string | null {
  if (
    value.startdatetime &&
    value.enddatetime &&
    rangeBoundToDate(value.startdatetime, 'start').getTime() > rangeBoundToDate(value.enddatetime, 'end').getTime()
  ) {
    return 'must not be before startdatetime';
  }
  return null;
}

/** What a command that creates or changes a transfer answers. */
export const transferOutcome = z.object({
  transfer: transferDetail,
  message: z.string(),
});

/** A bank as the bank list shows it. */
export const bankListRow = z.object({
  name: z.string(),
  shortName: z.string(),
  cbnCode: z.string(),
  nipCode: z.string(),
});

/** How far a batch of transfers (a bulk upload, a sweep) has got, counted from its rows' transfers. */
export const batchProgressFields = {
  /** Rows that will be (or were) sent. */
  rows: z.number().int(),
  /** Rows whose outcome is final (successful, failed, blocked, refused). */
  done: z.number().int(),
  succeeded: z.number().int(),
  /** Failed at the bank (and reversed), blocked by the fraud rules, or refused when the run reached them. */
  failed: z.number().int(),
  /** Not final yet: waiting, queued, sending, pending at the bank, or held for review. */
  pending: z.number().int(),
  /** Held by the fraud rules, waiting for a person (among `pending`). */
  held: z.number().int(),
  /** Refused when the run reached them (among `failed`): they can be tried again. */
  refused: z.number().int(),
  /** What the successful rows paid (principal, no fees). */
  amountMoved: koboAmount,
};

/** A batch's four-eyes life: who asked and why, who approved, the job that runs it. */
export const approvedBatchFields = {
  /** The approval request a second admin decides (`/approvals/{id}`). */
  approvalRequestId: z.number().int().nullable(),
  /** The background job running its rows (`jobs.get`). */
  jobId: z.number().int().nullable(),
  /** Why it was submitted, as the approver reads it. */
  reason: z.string().nullable(),
  createdAt: timestamp,
  createdById: z.number().int(),
  createdByName: z.string(),
  submittedAt: timestamp.nullable(),
  approvedAt: timestamp.nullable(),
  approvedByName: z.string().nullable(),
  /** When its last transfer turned final (DONE), or it was cancelled. */
  finishedAt: timestamp.nullable(),
  updatedAt: timestamp,
};
