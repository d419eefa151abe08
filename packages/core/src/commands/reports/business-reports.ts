import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { dateTimeParam, timestamp } from '../../schemas/common';
import { koboAmount } from '../../schemas/money';
import { KYC_TIER_MEANING, KYC_TIERS } from '../../wallet/kyc-tier';
import { checkReportRange, REPORT_MAX_RANGE_DAYS } from './report-range';
import { REPORTS_BASE } from './report-series';

/** Every business with the facts the business reports read (spec §7 "Business reports": `allbusiness`). */
export const businessReportRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Business type code (`RETAIL`). */
  category: z.string(),
  stateCode: z.string(),
  state: z.string(),
  /** When it signed up. */
  createdAt: timestamp,
  /** Its KYC tier now (core wallet/kyc-tier.ts). */
  kycTier: z.union(KYC_TIERS.map((tier) => z.literal(tier))),
  /** Tier 3: full KYC. */
  kycComplete: z.boolean(),
  /** Its payments in the range, of every outcome. */
  payments: z.number().int(),
  successfulPayments: z.number().int(),
  /** The successful payments' value in the range, kobo. */
  successfulValue: koboAmount,
  /** Its wallet's balance now, kobo; 0 without a wallet. */
  walletBalance: z.number().int(),
});
export type BusinessReportRow = z.infer<typeof businessReportRow>;

const TIER_WORDS = Object.fromEntries(KYC_TIERS.map((tier) => [String(tier), `Tier ${tier}`]));

export const listBusinessReport = defineCommand({
  id: 'reports.businesses',
  group: 'reports',
  action: 'businesses',
  title: 'Report on every business',
  description: `Every business that had signed up by the end of the range, newest first, with its KYC tier (${KYC_TIER_MEANING[3]} is Tier 3), its payments in the range and its wallet balance now. The range is at most ${REPORT_MAX_RANGE_DAYS} days; the last 30 Lagos days when none is given.`,
  keywords: ['allbusiness', 'business report', 'merchant report', 'reporting'],
  method: 'GET',
  path: `${REPORTS_BASE}/allbusiness`,
  permission: 'reports.view',
  input: z
    .object({
      ...listPaging,
      startdatetime: dateTimeParam.optional().meta({ label: 'Payments from' }),
      enddatetime: dateTimeParam.optional().meta({ label: 'Payments to' }),
    })
    .superRefine(checkReportRange),
  output: listOutput(businessReportRow),
  list: {
    route: '/reporting-page',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/merchants/{id}',
    rowName: 'name',
    csv: true,
    columns: [
      { key: 'id', label: 'ID', kind: 'id' },
      { key: 'name', label: 'Business', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'email', priority: 'low' },
      { key: 'phone', label: 'Phone', kind: 'text', width: 17, priority: 'low' },
      { key: 'category', label: 'Category', kind: 'text', priority: 'low' },
      { key: 'state', label: 'State', kind: 'text', priority: 'medium' },
      { key: 'createdAt', label: 'Signed up', kind: 'datetime' },
      { key: 'kycTier', label: 'KYC tier', kind: 'enum', words: TIER_WORDS, priority: 'medium' },
      { key: 'kycComplete', label: 'Full KYC', kind: 'boolean' },
      { key: 'payments', label: 'Payments', kind: 'number', priority: 'low' },
      { key: 'successfulPayments', label: 'Successful', kind: 'number' },
      { key: 'successfulValue', label: 'Successful value', kind: 'money' },
      { key: 'walletBalance', label: 'Wallet balance', kind: 'money' },
    ],
  },
  example: 'traction reports businesses --startdatetime 2026-11-01 --enddatetime 2026-11-30 --csv',
});

export const businessSummaryReport = z.object({
  days: z.number().int(),
  /** The first and last instants the summary covers: the last `days` Lagos days, today included. */
  from: timestamp,
  to: timestamp,
  signUps: z.number().int(),
  /** Merchants with at least one successful payment in the period. */
  activeMerchants: z.number().int(),
  /** Of the period's sign-ups, those with full KYC now. */
  kycComplete: z.number().int(),
  payments: z.number().int(),
  successfulPayments: z.number().int(),
  successfulValue: koboAmount,
  /** Every business ever signed up, and what merchant wallets hold now, kobo. */
  totalBusinesses: z.number().int(),
  walletBalance: z.number().int(),
});
export type BusinessSummaryReport = z.infer<typeof businessSummaryReport>;

export const getBusinessSummaryReport = defineCommand({
  id: 'reports.business',
  group: 'reports',
  action: 'business',
  title: 'Summarise the business of the last days',
  description: `The last N Lagos days (today included, N from 1 to ${REPORT_MAX_RANGE_DAYS}) in a few numbers: sign-ups, active merchants, KYC completion, payments and their value, and wallet balances held now.`,
  keywords: ['business summary', 'reports business', 'last 7 days', 'reporting'],
  method: 'GET',
  path: `${REPORTS_BASE}/business`,
  permission: 'reports.view',
  input: z.object({
    days: z
      .number({ error: 'must be a whole number of days from 1 to 366' })
      .int('must be a whole number of days from 1 to 366')
      .min(1, 'must be a whole number of days from 1 to 366')
      .max(REPORT_MAX_RANGE_DAYS, 'must be a whole number of days from 1 to 366')
      .default(7)
      .meta({ label: 'Days' }),
  }),
  output: businessSummaryReport,
  example: 'traction reports business --days 7',
});
