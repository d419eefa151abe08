import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { stateCodeField } from '../../schemas/business';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';

/**
 * CSR MGT (spec §2): the merchants each customer-service representative (a field agent with the
 * role CSR) manages, the merchants each onboarded, and the terminals deployed to the merchants
 * each manages, counted per person and period.
 */

/** How the CSR counts are grouped in time: per Lagos day, week (from Monday) or month, or the whole range as one. */
export const CSR_PERIODS = ['DAY', 'WEEK', 'MONTH', 'ALL'] as const;
export type CsrPeriod = (typeof CSR_PERIODS)[number];
export const CSR_PERIOD_WORDS: Record<CsrPeriod, string> = { DAY: 'Per day', WEEK: 'Per week', MONTH: 'Per month', ALL: 'Whole range' };
const periodField = z.enum(CSR_PERIODS).default('MONTH').meta({ label: 'Period', words: CSR_PERIOD_WORDS });

const rangeFields = {
  startdatetime: dateTimeParam.optional().meta({ label: 'From' }),
  enddatetime: dateTimeParam.optional().meta({ label: 'To' }),
};

export const csrAccountRow = z.object({
  /** The merchant's id. */
  id: z.number().int(),
  businessName: z.string(),
  businessEmail: z.string(),
  businessPhone: z.string(),
  stateCode: z.string(),
  csrId: z.number().int(),
  csrName: z.string(),
  csrEmail: z.string(),
  /** Since when the CSR manages the merchant. */
  since: timestamp,
  /** Whether this CSR onboarded the merchant. */
  onboarded: z.boolean(),
  /** Merchants this CSR manages in all (their total). */
  csrMerchants: z.number().int(),
});
export type CsrAccountRow = z.infer<typeof csrAccountRow>;

export const listCsrAccounts = defineCommand({
  id: 'csr.accounts',
  group: 'csr',
  action: 'accounts',
  title: 'CSR account list',
  description:
    'The merchants each customer-service representative manages, by CSR then merchant, with how many each manages in all. Search matches the start of a merchant’s or CSR’s name.',
  keywords: ['CSR MGT', 'account list', 'customer service representative', 'managed merchants'],
  method: 'GET',
  path: '/v1/csr/account-list',
  permission: 'csr.view',
  input: z.object({ ...listPaging, search: searchField.optional(), csrId: idField.optional().meta({ label: 'CSR' }), stateCode: stateCodeField.optional() }),
  output: listOutput(csrAccountRow),
  list: {
    route: '/csr-account-list',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/merchants/{id}',
    rowName: 'businessName',
    csv: true,
    columns: [
      { key: 'csrName', label: 'CSR', kind: 'text', priority: 'high' },
      { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high', card: 'title' },
      { key: 'businessEmail', label: 'Email', kind: 'email', priority: 'low' },
      { key: 'businessPhone', label: 'Phone', kind: 'text', width: 17, priority: 'low' },
      { key: 'stateCode', label: 'State', kind: 'text', width: 6 },
      { key: 'since', label: 'Managed since', kind: 'datetime', priority: 'low' },
      { key: 'onboarded', label: 'Onboarded by them', kind: 'boolean' },
      { key: 'csrMerchants', label: 'CSR’s merchants', kind: 'number' },
    ],
  },
  example: 'traction csr accounts --csr-id 4',
});

export const csrCountRow = z.object({
  /** The row's place in the list (rows are totals, not records). */
  id: z.number().int(),
  csrId: z.number().int(),
  csrName: z.string(),
  csrEmail: z.string(),
  /** The first Lagos day of the period; null when the period is the whole range. */
  period: z.string().nullable(),
  /** How many in this period. */
  count: z.number().int(),
  /** Distinct merchants in this period. */
  merchants: z.number().int(),
  /** How many for this CSR over the whole range. */
  csrTotal: z.number().int(),
});
export type CsrCountRow = z.infer<typeof csrCountRow>;

const countInput = z.object({ ...listPaging, period: periodField, csrId: idField.optional().meta({ label: 'CSR' }), ...rangeFields });

const countColumns = (countLabel: string) =>
  [
    { key: 'csrName', label: 'CSR', kind: 'text', priority: 'high', card: 'title' },
    { key: 'period', label: 'Period from', kind: 'date', priority: 'high' },
    { key: 'count', label: countLabel, kind: 'number', priority: 'high' },
    { key: 'merchants', label: 'Merchants', kind: 'number' },
    { key: 'csrTotal', label: 'CSR total (range)', kind: 'number' },
    { key: 'csrEmail', label: 'CSR email', kind: 'email', priority: 'low' },
  ] as const;

export const listCsrOnboarded = defineCommand({
  id: 'csr.onboarded',
  group: 'csr',
  action: 'onboarded',
  title: 'Merchants onboarded per CSR',
  description:
    'How many merchants each CSR onboarded (signed up) per day, week or month, or over the whole range, with each CSR’s total over the range. Periods are Lagos days; weeks start on Monday.',
  keywords: ['CSR MGT', 'onboarded merchant', 'onboarding per CSR'],
  method: 'GET',
  path: '/v1/csr/onboarded-merchants',
  permission: 'csr.view',
  input: countInput,
  output: listOutput(csrCountRow),
  list: {
    route: '/csr-onboarded-merchant',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    rowName: 'csrName',
    csv: true,
    columns: [...countColumns('Onboarded')],
  },
  example: 'traction csr onboarded --period WEEK --startdatetime 2026-11-01',
});

export const listCsrDeployments = defineCommand({
  id: 'csr.deployments',
  group: 'csr',
  action: 'deployments',
  title: 'Terminal deployments per CSR',
  description:
    'How many terminals were deployed (with a deployment code) to the merchants each CSR manages, per day, week or month, or over the whole range, with each CSR’s total over the range.',
  keywords: ['CSR MGT', 'terminal deployment', 'deployments per CSR'],
  method: 'GET',
  path: '/v1/csr/terminal-deployments',
  permission: 'csr.view',
  input: countInput,
  output: listOutput(csrCountRow),
  list: {
    route: '/csr-terminal-deployment',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    rowName: 'csrName',
    csv: true,
    columns: [...countColumns('Deployments')],
  },
  example: 'traction csr deployments --period MONTH',
});
