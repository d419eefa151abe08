import { z } from 'zod';
import { LOAN_STATUS_WORDS } from '../../loans/loan-facts';
import { timestamp } from '../../schemas/common';
import { loanStatusField } from '../loans/loans';

/**
 * Automatic deductions (docs/decisions.md "Loans and deductions"): which loans are collected from
 * their merchants' wallets and how (settings), the runs that collect them, and what each run took
 * or could not take, instalment by instalment.
 */

export const DEDUCTION_SETTING_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type DeductionSettingStatus = (typeof DEDUCTION_SETTING_STATUSES)[number];
export const DEDUCTION_SETTING_STATUS_WORDS: Record<DeductionSettingStatus, string> = { ACTIVE: 'Active', PAUSED: 'Paused' };
export const deductionSettingStatusField = z.enum(DEDUCTION_SETTING_STATUSES).meta({ label: 'Status' });

export const DEDUCTION_RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export const DEDUCTION_RUN_STATUS_WORDS: Record<(typeof DEDUCTION_RUN_STATUSES)[number], string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  DONE: 'Done',
  FAILED: 'Failed',
};
export const deductionRunStatusField = z.enum(DEDUCTION_RUN_STATUSES).meta({ label: 'Status' });

/** What a run did with one due instalment. */
export const DEDUCTION_ITEM_STATES = ['TAKEN', 'PARTLY_TAKEN', 'NOT_TAKEN'] as const;
export const DEDUCTION_ITEM_STATE_WORDS: Record<(typeof DEDUCTION_ITEM_STATES)[number], string> = {
  TAKEN: 'Taken',
  PARTLY_TAKEN: 'Partly taken',
  NOT_TAKEN: 'Not taken',
};
export const deductionItemStateField = z.enum(DEDUCTION_ITEM_STATES).meta({ label: 'Outcome' });

/** The job kind that runs a deduction run. */
export const DEDUCTION_JOB_KIND = 'deductions.run';

export const deductionSettingRow = z.object({
  id: z.number().int(),
  loanId: z.number().int(),
  loanReference: z.string(),
  loanStatus: loanStatusField,
  businessId: z.number().int(),
  businessName: z.string(),
  status: deductionSettingStatusField,
  /** Kobo: the most one run takes for this loan; null takes every instalment due. */
  capPerRun: z.number().int().nullable(),
  /** Whether a run takes what the wallet holds when it holds less than is due. */
  allowPartial: z.boolean(),
  /** Kobo still owed on the loan, and due by today and unpaid. */
  outstanding: z.number().int(),
  arrears: z.number().int(),
  lastRunAt: timestamp.nullable(),
  updatedAt: timestamp,
});
export type DeductionSettingRow = z.infer<typeof deductionSettingRow>;

export const deductionSettingColumns = [
  { key: 'loanReference', label: 'Loan', kind: 'id', width: 10 },
  { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
  { key: 'status', label: 'Deduction', kind: 'enum', words: DEDUCTION_SETTING_STATUS_WORDS, priority: 'high' },
  { key: 'loanStatus', label: 'Loan status', kind: 'enum', words: LOAN_STATUS_WORDS, priority: 'low' },
  { key: 'capPerRun', label: 'Cap per run', kind: 'money', priority: 'low' },
  { key: 'allowPartial', label: 'Partial', kind: 'boolean', words: { true: 'Allowed', false: 'Whole only' }, priority: 'low' },
  { key: 'outstanding', label: 'Outstanding', kind: 'money' },
  { key: 'arrears', label: 'Arrears', kind: 'money', priority: 'medium' },
  { key: 'lastRunAt', label: 'Last run', kind: 'datetime', priority: 'low' },
] as const;

export const deductionRunRow = z.object({
  id: z.number().int(),
  /** INIT: every active setting; BULK: the settings chosen. */
  scope: z.enum(['INIT', 'BULK']),
  /** The day whose due instalments it collects (YYYY-MM-DD, Lagos). */
  asOf: z.string(),
  status: deductionRunStatusField,
  instalments: z.number().int(),
  taken: z.number().int(),
  partlyTaken: z.number().int(),
  notTaken: z.number().int(),
  /** Kobo taken in all. */
  amountTaken: z.number().int(),
  /** Kobo due and not taken. */
  amountShort: z.number().int(),
  jobId: z.number().int().nullable(),
  startedBy: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
  failure: z.string().nullable(),
});
export type DeductionRunRow = z.infer<typeof deductionRunRow>;

export const deductionRunColumns = [
  { key: 'id', label: 'Run', kind: 'id' },
  { key: 'createdAt', label: 'Started', kind: 'datetime' },
  { key: 'asOf', label: 'Due by', kind: 'date', priority: 'low' },
  { key: 'scope', label: 'Scope', kind: 'enum', words: { INIT: 'Every active setting', BULK: 'Chosen settings' }, priority: 'low', width: 20 },
  { key: 'status', label: 'Status', kind: 'enum', words: DEDUCTION_RUN_STATUS_WORDS, priority: 'high' },
  { key: 'instalments', label: 'Instalments', kind: 'number' },
  { key: 'taken', label: 'Taken', kind: 'number', priority: 'medium' },
  { key: 'partlyTaken', label: 'Partly', kind: 'number', priority: 'low' },
  { key: 'notTaken', label: 'Not taken', kind: 'number', priority: 'medium' },
  { key: 'amountTaken', label: 'Amount taken', kind: 'money', priority: 'high' },
  { key: 'amountShort', label: 'Short', kind: 'money', priority: 'medium' },
  { key: 'startedBy', label: 'By', kind: 'text', priority: 'low' },
] as const;

/** One due instalment of a run: what was due, what was taken and why not all. */
export const deductionItemRow = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  loanId: z.number().int(),
  loanReference: z.string(),
  businessId: z.number().int(),
  businessName: z.string(),
  instalment: z.number().int(),
  dueDate: z.string(),
  /** Kobo still due on the instalment when the run reached it. */
  due: z.number().int(),
  taken: z.number().int(),
  state: deductionItemStateField,
  /** Why not all of it, in a sentence. */
  reason: z.string().nullable(),
  transferReference: z.string().nullable(),
  at: timestamp,
});
export type DeductionItemRow = z.infer<typeof deductionItemRow>;

export const deductionItemColumns = [
  { key: 'loanReference', label: 'Loan', kind: 'id', width: 10 },
  { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
  { key: 'instalment', label: 'Instalment', kind: 'number', priority: 'low' },
  { key: 'dueDate', label: 'Due', kind: 'date', priority: 'low' },
  { key: 'due', label: 'Due amount', kind: 'money' },
  { key: 'taken', label: 'Taken', kind: 'money', priority: 'high' },
  { key: 'state', label: 'Outcome', kind: 'enum', words: DEDUCTION_ITEM_STATE_WORDS, priority: 'high' },
  { key: 'reason', label: 'Why', kind: 'sentence', priority: 'medium' },
  { key: 'transferReference', label: 'Reference', kind: 'text', priority: 'low' },
] as const;

/** What a dry run would take for one instalment. */
export const deductionPlanItem = deductionItemRow.pick({
  loanId: true,
  loanReference: true,
  businessId: true,
  businessName: true,
  instalment: true,
  dueDate: true,
  due: true,
  taken: true,
  state: true,
  reason: true,
});

export const deductionRunAnswer = z.object({
  /** The run queued; null for a dry run. */
  run: deductionRunRow.nullable(),
  /** A dry run: every due instalment and what would be taken (the first 10,000). */
  plan: z
    .object({
      asOf: z.string(),
      instalments: z.number().int(),
      willTake: z.number().int(),
      amountDue: z.number().int(),
      amountTaken: z.number().int(),
      items: z.array(deductionPlanItem),
    })
    .nullable(),
  message: z.string(),
});

export const DEDUCTION_UPLOAD_COLUMNS = [
  { key: 'loan', required: true, example: 'LN-000042', about: "the loan's reference (LN-000042) or its number" },
  { key: 'cap_per_run', required: false, example: '5000.00', about: 'optional: the most one run takes, in Naira (empty: every instalment due)' },
  { key: 'allow_partial', required: false, example: 'yes', about: 'optional: take what the wallet holds when it holds less (yes or no; yes when empty)' },
  { key: 'status', required: false, example: 'ACTIVE', about: 'optional: ACTIVE or PAUSED (ACTIVE when empty)' },
] as const;
export type DeductionUploadColumn = (typeof DEDUCTION_UPLOAD_COLUMNS)[number]['key'];
export const MAX_DEDUCTION_UPLOAD_ROWS = 20_000;

/** A row that cannot be saved, and why. */
export const deductionUploadProblem = z.object({ row: z.number().int(), field: z.string(), value: z.string(), message: z.string() });

export const deductionUploadAnswer = z.object({
  saved: z.boolean(),
  rows: z.number().int(),
  good: z.number().int(),
  /** Settings made or changed (a save). */
  created: z.number().int(),
  updated: z.number().int(),
  problems: z.array(deductionUploadProblem),
  message: z.string(),
});
