import { z } from 'zod';
import { defineCommand, type ListColumn } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { dateTimeParam } from '../../schemas/common';
import { koboAmount } from '../../schemas/money';
import { checkReportRange } from './report-range';

/**
 * The report series of /reporting-page (issue 21, spec §2 and §7 "Business reports"): each is a
 * list of buckets — Lagos days, states or business categories — with their numbers, so its CSV,
 * `traction export` and the console's download come from the list machinery every list shares.
 */
export const REPORTS_BASE = '/v1/businesses/reports';

export const REPORT_GROUPINGS = ['day', 'state', 'category'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];
export const REPORT_GROUPING_WORDS: Record<ReportGrouping, string> = { day: 'By day', state: 'By state', category: 'By category' };

export const REPORT_KINDS = ['signups', 'active-merchants', 'kyc', 'payments', 'wallet-balances'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const seriesInput = z
  .object({
    ...listPaging,
    by: z.enum(REPORT_GROUPINGS).default('day').meta({ label: 'Group by', words: REPORT_GROUPING_WORDS }),
    startdatetime: dateTimeParam.optional().meta({ label: 'From' }),
    enddatetime: dateTimeParam.optional().meta({ label: 'To' }),
  })
  .superRefine(checkReportRange);

/** What every bucket row starts with. */
const bucket = {
  /** Orders and pages the buckets: days since 1970-01-01 for a day, the state's or category's place otherwise. */
  key: z.number().int(),
  /** The bucket: a Lagos day (`2026-11-24`), a state's name or a business category code. */
  bucket: z.string(),
};
const bucketColumn: ListColumn = { key: 'bucket', label: 'Day, state or category', kind: 'text', priority: 'high', width: 16 };
const count = z.number().int();

export const signupsRow = z.object({ ...bucket, /** Businesses that signed up in the bucket. */ signUps: count });
export const activeMerchantsRow = z.object({
  ...bucket,
  /** Merchants with at least one successful payment in the bucket. */
  activeMerchants: count,
  /** Their successful payments. */
  successfulPayments: count,
});
export const kycRow = z.object({
  ...bucket,
  /** Businesses that signed up in the bucket. */
  signUps: count,
  /** Of them, how many have full KYC now (Tier 3: identity and address or CAC, or a KYC override). */
  kycComplete: count,
  /** Of them, how many have their identity verified but not yet full KYC (Tier 2). */
  identityOnly: count,
});
export const paymentsRow = z.object({
  ...bucket,
  /** Payments of every outcome. */
  payments: count,
  successfulPayments: count,
  /** The successful payments' value, kobo. */
  successfulValue: koboAmount,
});
export const walletBalancesRow = z.object({
  ...bucket,
  /** Merchant wallets open by the end of the day (by day), or of the range (by state or category). */
  wallets: count,
  /** Merchant wallet balances held at the end of the day (by day), or of the range (by state or category), kobo. */
  balance: z.number().int(),
});
export type SignupsRow = z.infer<typeof signupsRow>;
export type ActiveMerchantsRow = z.infer<typeof activeMerchantsRow>;
export type KycReportRow = z.infer<typeof kycRow>;
export type PaymentsReportRow = z.infer<typeof paymentsRow>;
export type WalletBalancesRow = z.infer<typeof walletBalancesRow>;

/** Each report's title, what its chart draws (a number column) and its columns after the bucket. */
export const REPORT_FACTS: Readonly<Record<ReportKind, { title: string; chart: string; columns: readonly ListColumn[] }>> = {
  signups: { title: 'Sign-ups', chart: 'signUps', columns: [{ key: 'signUps', label: 'Sign-ups', kind: 'number', priority: 'high' }] },
  'active-merchants': {
    title: 'Active merchants',
    chart: 'activeMerchants',
    columns: [
      { key: 'activeMerchants', label: 'Active merchants', kind: 'number', priority: 'high' },
      { key: 'successfulPayments', label: 'Successful payments', kind: 'number' },
    ],
  },
  kyc: {
    title: 'KYC completion',
    chart: 'kycComplete',
    columns: [
      { key: 'signUps', label: 'Sign-ups', kind: 'number' },
      { key: 'kycComplete', label: 'Full KYC', kind: 'number', priority: 'high' },
      { key: 'identityOnly', label: 'Identity only', kind: 'number' },
    ],
  },
  payments: {
    title: 'Payment volume and value',
    chart: 'successfulValue',
    columns: [
      { key: 'payments', label: 'Payments', kind: 'number' },
      { key: 'successfulPayments', label: 'Successful', kind: 'number', priority: 'high' },
      { key: 'successfulValue', label: 'Successful value', kind: 'money', priority: 'high' },
    ],
  },
  'wallet-balances': {
    title: 'Wallet balances held',
    chart: 'balance',
    columns: [
      { key: 'wallets', label: 'Wallets', kind: 'number' },
      { key: 'balance', label: 'Balance held', kind: 'money', priority: 'high' },
    ],
  },
};

const seriesList = (report: ReportKind) => ({
  route: '/reporting-page',
  pageSize: PAGE_SIZE,
  rowKey: 'key',
  dateRange: { from: 'startdatetime', to: 'enddatetime' },
  rowName: 'bucket',
  csv: true,
  columns: [bucketColumn, ...REPORT_FACTS[report].columns],
});

const RANGE_WORDS = 'Over a range of at most 366 days (the last 30 Lagos days when none is given), by Lagos day, by state or by business category.';

export const signupsReport = defineCommand({
  id: 'reports.signups',
  group: 'reports',
  action: 'signups',
  title: 'Report sign-ups',
  description: `Businesses that signed up. ${RANGE_WORDS}`,
  keywords: ['sign-ups report', 'new merchants', 'onboarding report', 'reporting'],
  method: 'GET',
  path: `${REPORTS_BASE}/signups`,
  permission: 'reports.view',
  input: seriesInput,
  output: listOutput(signupsRow),
  list: seriesList('signups'),
  example: 'traction reports signups --by state --startdatetime 2026-11-01 --enddatetime 2026-11-30',
});

export const activeMerchantsReport = defineCommand({
  id: 'reports.active-merchants',
  group: 'reports',
  action: 'active-merchants',
  title: 'Report active merchants',
  description: `Merchants with at least one successful payment, and those payments. By state or category a merchant counts once over the whole range. ${RANGE_WORDS}`,
  keywords: ['active merchants', 'transacting merchants', 'reporting'],
  method: 'GET',
  path: `${REPORTS_BASE}/active-merchants`,
  permission: 'reports.view',
  input: seriesInput,
  output: listOutput(activeMerchantsRow),
  list: seriesList('active-merchants'),
  example: 'traction reports active-merchants --by day --startdatetime 2026-11-01',
});

export const kycReport = defineCommand({
  id: 'reports.kyc',
  group: 'reports',
  action: 'kyc',
  title: 'Report KYC completion',
  description: `Of the businesses that signed up, how many have full KYC (Tier 3) and how many their identity only (Tier 2), as their records stand now. ${RANGE_WORDS}`,
  keywords: ['kyc completion', 'kyc report', 'verification report', 'reporting'],
  method: 'GET',
  path: `${REPORTS_BASE}/kyc`,
  permission: 'reports.view',
  input: seriesInput,
  output: listOutput(kycRow),
  list: seriesList('kyc'),
  example: 'traction reports kyc --by category',
});

export const paymentsReport = defineCommand({
  id: 'reports.payments',
  group: 'reports',
  action: 'payments',
  title: 'Report payment volume and value',
  description: `Payments taken, the successful ones and their value. ${RANGE_WORDS}`,
  keywords: ['payment volume', 'payment value', 'transaction volume', 'reporting'],
  method: 'GET',
  path: `${REPORTS_BASE}/payments`,
  permission: 'reports.view',
  input: seriesInput,
  output: listOutput(paymentsRow),
  list: seriesList('payments'),
  example: 'traction reports payments --by state --csv',
});

export const walletBalancesReport = defineCommand({
  id: 'reports.wallet-balances',
  group: 'reports',
  action: 'wallet-balances',
  title: 'Report wallet balances held',
  description: `What merchant wallets held, from the ledger's postings: at the end of each Lagos day, or at the end of the range by state or category. ${RANGE_WORDS}`,
  keywords: ['wallet balances', 'funds held', 'float held', 'reporting'],
  method: 'GET',
  path: `${REPORTS_BASE}/wallet-balances`,
  permission: 'reports.view',
  input: seriesInput,
  output: listOutput(walletBalancesRow),
  list: seriesList('wallet-balances'),
  example: 'traction reports wallet-balances --startdatetime 2026-11-01',
});

/** The series in the order /reporting-page shows them, by report. */
export const REPORT_COMMANDS = {
  signups: signupsReport,
  'active-merchants': activeMerchantsReport,
  kyc: kycReport,
  payments: paymentsReport,
  'wallet-balances': walletBalancesReport,
} as const;
