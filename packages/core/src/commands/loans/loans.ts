import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import {
  LOAN_ACTION_WORDS,
  LOAN_ACTIONS,
  LOAN_FREQUENCIES,
  LOAN_FREQUENCY_WORDS,
  LOAN_PURPOSE_WORDS,
  LOAN_PURPOSES,
  LOAN_STATUS_WORDS,
  LOAN_STATUSES,
} from '../../loans/loan-facts';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { dayField, koboField } from '../../schemas/fields';
import { reasonField } from '../../schemas/risk';
import { said } from '../audit/audit-description';

/**
 * Loans to merchants (spec §7 "Loans"; docs/decisions.md "Loans and deductions"): requested,
 * approved by a second admin under the loans approval policy, disbursed through the ledger to the
 * merchant's wallet, and repaid by automatic deductions.
 */

export const loanStatusField = z.enum(LOAN_STATUSES).meta({ label: 'Status' });
export const loanPurposeField = z.enum(LOAN_PURPOSES).meta({ label: 'Purpose' });
export const loanFrequencyField = z.enum(LOAN_FREQUENCIES).meta({ label: 'Repaid' });
export const loanActionField = z.enum(LOAN_ACTIONS).meta({ label: 'Action' });
const loanIdField = idField.meta({ label: 'Loan' });

export const loanRow = z.object({
  id: z.number().int(),
  /** LN-000042 */
  reference: z.string(),
  businessId: z.number().int(),
  businessName: z.string(),
  purpose: loanPurposeField,
  /** Kobo lent. */
  principal: z.number().int(),
  /** Flat interest on the principal, basis points (500 = 5%). */
  interestBps: z.number().int(),
  /** Kobo. */
  interest: z.number().int(),
  /** Kobo. */
  fee: z.number().int(),
  /** Principal, interest and fee: what the merchant repays in all (kobo). */
  totalRepayable: z.number().int(),
  frequency: loanFrequencyField,
  instalments: z.number().int(),
  /** Kobo: each instalment but perhaps the last. */
  instalmentAmount: z.number().int(),
  status: loanStatusField,
  /** Kobo repaid so far. */
  repaid: z.number().int(),
  /** Kobo still owed (zero once repaid or written off). */
  outstanding: z.number().int(),
  /** Kobo due by today and not repaid. */
  arrears: z.number().int(),
  /** Days since the oldest instalment still unpaid fell due; 0 when none is late. */
  daysPastDue: z.number().int(),
  nextDueDate: z.string().nullable(),
  reason: z.string(),
  requestedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  disbursedBy: z.string().nullable(),
  /** The approval request that decides it (the approvals queue). */
  approvalRequestId: z.number().int().nullable(),
  /** The terminal request a terminal on loan was raised for. */
  terminalRequestId: z.number().int().nullable(),
  createdAt: timestamp,
  disbursedAt: timestamp.nullable(),
  closedAt: timestamp.nullable(),
});
export type LoanRow = z.infer<typeof loanRow>;

const loanColumns = [
  { key: 'reference', label: 'Loan', kind: 'id', width: 10 },
  { key: 'createdAt', label: 'Requested', kind: 'datetime', priority: 'low' },
  { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
  { key: 'purpose', label: 'Purpose', kind: 'enum', words: LOAN_PURPOSE_WORDS, priority: 'low' },
  { key: 'status', label: 'Status', kind: 'enum', words: LOAN_STATUS_WORDS, priority: 'high' },
  { key: 'principal', label: 'Principal', kind: 'money' },
  { key: 'totalRepayable', label: 'Repayable', kind: 'money', priority: 'low' },
  { key: 'frequency', label: 'Repaid', kind: 'enum', words: LOAN_FREQUENCY_WORDS, priority: 'low' },
  { key: 'repaid', label: 'Repaid so far', kind: 'money', priority: 'medium' },
  { key: 'outstanding', label: 'Outstanding', kind: 'money', priority: 'high' },
  { key: 'arrears', label: 'Arrears', kind: 'money', priority: 'medium' },
  { key: 'daysPastDue', label: 'Days past due', kind: 'number', priority: 'medium' },
  { key: 'nextDueDate', label: 'Next due', kind: 'date', priority: 'low' },
] as const;

const loanFilters = {
  search: searchField.optional().describe("the loan's reference or the merchant's name"),
  status: loanStatusField.optional(),
  purpose: loanPurposeField.optional(),
  frequency: loanFrequencyField.optional(),
  businessId: idField.optional().meta({ label: 'Merchant ID' }),
  /** Only loans with an instalment due and unpaid. */
  overdue: z.boolean().optional().meta({ label: 'In arrears' }),
  from: dateTimeParam.optional().meta({ label: 'Requested from' }),
  to: dateTimeParam.optional().meta({ label: 'Requested to' }),
};

export const listLoans = defineCommand({
  id: 'loans.list',
  group: 'loans',
  action: 'list',
  title: 'List loans',
  description:
    'Loans to merchants, newest first, with what each has repaid, what it still owes, its arrears and days past due: by reference or merchant, status, purpose, how often it is repaid, merchant, arrears and when it was requested.',
  keywords: ['loans', 'getallloans', 'lending', 'credit', 'loan book'],
  method: 'GET',
  path: '/v1/payments/admin/getallloans',
  permission: 'loans.view',
  input: z.object({ ...listPaging, ...loanFilters }),
  output: listOutput(loanRow),
  list: {
    route: '/loans',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'from', to: 'to' },
    detailRoute: '/loans/{id}',
    rowName: 'reference',
    csv: true,
    columns: loanColumns,
  },
  example: 'traction loans list --status REPAYING --overdue',
});

const termFields = {
  principal: koboField.meta({ label: 'Principal', description: 'what is lent, in kobo (the console takes Naira)' }),
  interestBps: z
    .number()
    .int('must be whole basis points')
    .min(0)
    .max(10_000, 'must be at most 10,000 (100%)')
    .default(0)
    .meta({ label: 'Interest (basis points)', description: 'flat interest on the principal over the whole loan: 500 is 5%' }),
  fee: z.number().int('must be whole kobo').min(0).max(1_000_000_000).default(0).meta({ format: 'kobo', label: 'Fee' }),
  frequency: loanFrequencyField,
  instalments: z.number().int().min(1).max(365).meta({ label: 'Instalments', description: 'how many repayments: at most 365 daily or 104 weekly' }),
};

export const addLoan = defineCommand({
  id: 'loans.add',
  group: 'loans',
  action: 'add',
  title: 'Request a loan',
  description:
    "A loan for a merchant: what is lent, its flat interest and fee, and how it is repaid (daily or weekly instalments). It waits for a second admin's approval under the loans approval policy (the approvals queue); nothing moves until it is approved and then disbursed. A merchant under fraud, or without a wallet, cannot borrow.",
  keywords: ['addloan', 'new loan', 'lend', 'working capital', 'terminal loan'],
  method: 'POST',
  path: '/v1/payments/admin/addloan',
  permission: 'loans.manage',
  audit: {
    action: (input) => `request a loan of ${said(input.principal) ? `₦${(Number(input.principal) / 100).toLocaleString('en-NG')}` : 'money'} for {subject}`,
    subject: { kind: 'business', from: 'businessId' },
    note: 'reason',
  },
  input: z.object({
    businessId: idField.meta({ label: 'Merchant ID' }),
    purpose: loanPurposeField.default('WORKING_CAPITAL'),
    ...termFields,
    reason: reasonField.meta({ label: 'Reason', description: 'why, as the approving admin reads it' }),
    terminalRequestId: idField.optional().meta({ label: 'Terminal request', description: 'for a terminal on loan: the request it was raised for' }),
  }),
  output: z.object({ loan: loanRow, message: z.string() }),
  example:
    'traction loans add --business-id 42 --principal 500000 --interest-bps 500 --frequency DAILY --instalments 30 --reason "Stock for the festive season"',
});

export const loanInstalment = z.object({
  number: z.number().int(),
  dueDate: z.string(),
  /** Kobo due. */
  amount: z.number().int(),
  /** Kobo taken towards it. */
  paid: z.number().int(),
  state: z.enum(['UPCOMING', 'DUE', 'PARTLY_PAID', 'PAID', 'LATE']),
  paidAt: timestamp.nullable(),
});

export const loanRepayment = z.object({
  id: z.number().int(),
  at: timestamp,
  instalment: z.number().int(),
  amount: z.number().int(),
  /** The ledger transfer's reference. */
  transferReference: z.string(),
  /** The deduction run that took it. */
  runId: z.number().int().nullable(),
});

export const loanEvent = z.object({
  id: z.number().int(),
  at: timestamp,
  fromStatus: loanStatusField.nullable(),
  toStatus: loanStatusField,
  note: z.string().nullable(),
  adminName: z.string().nullable(),
});

export const loanDetail = loanRow.extend({
  actions: z.array(loanActionField),
  schedule: z.array(loanInstalment),
  repayments: z.array(loanRepayment),
  events: z.array(loanEvent),
  /** The ledger references of its disbursement and write-off. */
  disbursementReference: z.string().nullable(),
  writeOffReference: z.string().nullable(),
});
export type LoanDetail = z.infer<typeof loanDetail>;

export const getLoan = defineCommand({
  id: 'loans.get',
  group: 'loans',
  action: 'get',
  title: 'Show a loan',
  description:
    'One loan in full: its schedule against what was repaid, each repayment with its ledger reference, its change log and what may be done to it now.',
  keywords: ['getloan', 'loan schedule', 'repayments'],
  method: 'GET',
  path: '/v1/payments/admin/getloan/{id}',
  permission: 'loans.view',
  input: z.object({ id: loanIdField }),
  output: loanDetail,
  example: 'traction loans get --id 42',
});

export const updateLoan = defineCommand({
  id: 'loans.update',
  group: 'loans',
  action: 'update',
  title: 'Update a loan',
  description:
    "Changes a requested loan's terms (EDIT: its approval request is renewed for the new amount), disburses an approved one to the merchant's wallet through the ledger (DISBURSE: its schedule starts the next day or week), cancels one not yet disbursed (CANCEL), marks one in arrears defaulted (DEFAULT) or writes a defaulted one off (WRITE_OFF: what is owed leaves the books). Any other move is refused, naming the loan's status. Disbursing and writing off need the disburse permission.",
  keywords: ['updateloan', 'disburse', 'write off', 'default', 'cancel loan', 'edit loan'],
  method: 'PATCH',
  path: '/v1/payments/admin/updateloan',
  permission: 'loans.manage',
  danger: 'money',
  audit: {
    action: (input) => `${(LOAN_ACTION_WORDS[said(input.action) as keyof typeof LOAN_ACTION_WORDS] ?? 'update').toLowerCase()} loan {subject}`,
    subject: { kind: 'loan', from: 'id' },
    note: 'note',
  },
  input: z.object({
    id: loanIdField,
    action: loanActionField,
    principal: termFields.principal.optional(),
    interestBps: termFields.interestBps.unwrap().optional(),
    fee: termFields.fee.unwrap().optional(),
    frequency: loanFrequencyField.optional(),
    instalments: termFields.instalments.optional(),
    /** For DISBURSE: the day disbursed (its schedule counts from it); today by default. */
    disbursedOn: dayField.optional().meta({ label: 'Disbursed on' }),
    note: z.string().trim().max(500).optional().meta({ label: 'Note' }),
  }),
  output: z.object({ loan: loanRow, message: z.string() }),
  example: 'traction loans update --id 42 --action DISBURSE',
});

export const loanTrackerRow = loanRow
  .pick({
    id: true,
    reference: true,
    businessId: true,
    businessName: true,
    status: true,
    frequency: true,
    totalRepayable: true,
    repaid: true,
    outstanding: true,
    arrears: true,
    daysPastDue: true,
    nextDueDate: true,
  })
  .extend({
    /** Kobo the schedule says should have been repaid by the day asked about. */
    expected: z.number().int(),
    /** Instalments due by then, and how many of them are fully paid. */
    instalmentsDue: z.number().int(),
    instalmentsPaid: z.number().int(),
  });

export const loanTracker = defineCommand({
  id: 'loans.tracker',
  group: 'loans',
  action: 'tracker',
  title: 'Track loan repayments',
  description:
    'Every loan being repaid (disbursed, repaying or defaulted), most days past due first: what its schedule expected by a day (today by default) against what was repaid, its arrears and days past due.',
  keywords: ['loan tracker', 'loan-tracker-all', 'arrears', 'days past due', 'par', 'portfolio at risk'],
  method: 'POST',
  path: '/v1/payments/admin/loans/loan-tracker-all',
  permission: 'loans.view',
  mutates: false,
  input: z.object({
    ...listPaging,
    search: loanFilters.search,
    status: loanStatusField.optional(),
    asOf: dayField.optional().meta({ label: 'As of' }),
    minDaysPastDue: z.number().int().min(0).max(10_000).optional().meta({ label: 'At least days past due' }),
  }),
  output: listOutput(loanTrackerRow),
  list: {
    route: '/loans/tracker',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/loans/{id}',
    rowName: 'reference',
    csv: true,
    columns: [
      { key: 'reference', label: 'Loan', kind: 'id', width: 10 },
      { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
      { key: 'status', label: 'Status', kind: 'enum', words: LOAN_STATUS_WORDS },
      { key: 'expected', label: 'Expected by now', kind: 'money' },
      { key: 'repaid', label: 'Repaid', kind: 'money', priority: 'high' },
      { key: 'arrears', label: 'Arrears', kind: 'money', priority: 'high' },
      { key: 'daysPastDue', label: 'Days past due', kind: 'number', priority: 'high' },
      { key: 'instalmentsDue', label: 'Instalments due', kind: 'number', priority: 'low' },
      { key: 'instalmentsPaid', label: 'Paid', kind: 'number', priority: 'low' },
      { key: 'outstanding', label: 'Outstanding', kind: 'money', priority: 'medium' },
      { key: 'nextDueDate', label: 'Next due', kind: 'date', priority: 'low' },
    ],
  },
  example: 'traction loans tracker --min-days-past-due 7',
});
