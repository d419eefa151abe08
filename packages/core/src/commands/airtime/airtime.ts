import { z } from 'zod';
import { defineCommand } from '../../command';
import { formatNaira } from '../../format/naira';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, timestamp } from '../../schemas/common';
import { koboField } from '../../schemas/fields';
import { koboAmount } from '../../schemas/money';
import { reasonField } from '../../schemas/risk';
import { type AuditInput, said } from '../audit/audit-description';

/**
 * Airtime configuration (docs/decisions.md "Airtime configuration"): for each network and
 * product (airtime, data bundles) the discount the company buys at, the part of it the selling
 * merchant earns, the smallest and largest purchase, and whether it is on sale; every change kept
 * with who, when, before, after and why. Paths are the spec's (`/v1/configuration/fetch/all`,
 * `/create`, `/update`); the history is ours, beside them.
 */

export const AIRTIME_NETWORKS = ['MTN', 'AIRTEL', 'GLO', '9MOBILE'] as const;
export type AirtimeNetwork = (typeof AIRTIME_NETWORKS)[number];
export const AIRTIME_NETWORK_WORDS: Record<AirtimeNetwork, string> = { MTN: 'MTN', AIRTEL: 'Airtel', GLO: 'Glo', '9MOBILE': '9mobile' };

export const AIRTIME_PRODUCTS = ['AIRTIME', 'DATA'] as const;
export type AirtimeProduct = (typeof AIRTIME_PRODUCTS)[number];
export const AIRTIME_PRODUCT_WORDS: Record<AirtimeProduct, string> = { AIRTIME: 'Airtime', DATA: 'Data bundles' };

export const AIRTIME_RATE_CHANGES = ['created', 'changed', 'activated', 'deactivated'] as const;
export type AirtimeRateChange = (typeof AIRTIME_RATE_CHANGES)[number];
export const AIRTIME_RATE_CHANGE_WORDS: Record<AirtimeRateChange, string> = {
  created: 'Created',
  changed: 'Changed',
  activated: 'Put on sale',
  deactivated: 'Taken off sale',
};

const networkField = z.enum(AIRTIME_NETWORKS).meta({ label: 'Network', words: AIRTIME_NETWORK_WORDS });
const productField = z.enum(AIRTIME_PRODUCTS).meta({ label: 'Product', words: AIRTIME_PRODUCT_WORDS });

/** A share of the face value in basis points: 250 is 2.5%. */
const basisPoints = (label: string) =>
  z.number().int('must be whole basis points').min(0, 'must not be negative').max(10_000, 'must be at most 10000 (100%)').meta({ label });

const rateFields = {
  /** What the network or aggregator gives the company off the face value, basis points. */
  companyDiscountBps: basisPoints('Company discount (basis points, 300 = 3%)'),
  /** What the selling merchant earns of the face value, basis points; at most the company discount. */
  merchantCommissionBps: basisPoints('Merchant commission (basis points, 150 = 1.5%)'),
  /** The smallest single purchase, kobo. */
  minAmount: koboField.meta({ label: 'Smallest purchase' }),
  /** The largest single purchase, kobo. */
  maxAmount: koboField.meta({ label: 'Largest purchase' }),
};

/** `250` → `2.5%`, `300` → `3%`. */
export function basisPointsAsPercent(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** A rate's values, as its history keeps them before and after a change. Amounts in kobo. */
export const airtimeRateSnapshot = z.object({
  companyDiscountBps: z.number().int(),
  merchantCommissionBps: z.number().int(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  active: z.boolean(),
});
export type AirtimeRateSnapshot = z.infer<typeof airtimeRateSnapshot>;

/**
 * What changed, in words: "merchant commission 1.5% → 2%, largest purchase ₦50,000.00 → ₦100,000.00",
 * "taken off sale"; for a creation, the rate itself. "no change" when nothing did.
 */
export function airtimeRateChangeWords(before: AirtimeRateSnapshot | null, after: AirtimeRateSnapshot): string {
  if (!before) {
    return `company discount ${basisPointsAsPercent(after.companyDiscountBps)}, merchant commission ${basisPointsAsPercent(after.merchantCommissionBps)}, ${formatNaira(after.minAmount)} to ${formatNaira(after.maxAmount)}${after.active ? '' : ', off sale'}`;
  }
  const parts: string[] = [];
  const percent = (label: string, key: 'companyDiscountBps' | 'merchantCommissionBps') => {
    if (before[key] !== after[key]) parts.push(`${label} ${basisPointsAsPercent(before[key])} → ${basisPointsAsPercent(after[key])}`);
  };
  const money = (label: string, key: 'minAmount' | 'maxAmount') => {
    if (before[key] !== after[key]) parts.push(`${label} ${formatNaira(before[key])} → ${formatNaira(after[key])}`);
  };
  percent('company discount', 'companyDiscountBps');
  percent('merchant commission', 'merchantCommissionBps');
  money('smallest purchase', 'minAmount');
  money('largest purchase', 'maxAmount');
  if (before.active !== after.active) parts.push(after.active ? 'put on sale' : 'taken off sale');
  return parts.length === 0 ? 'no change' : parts.join(', ');
}

export const airtimeRate = z.object({
  id: z.number().int(),
  network: networkField,
  product: productField,
  /** "MTN airtime". */
  label: z.string(),
  companyDiscountBps: z.number().int(),
  merchantCommissionBps: z.number().int(),
  /** What the company keeps of the face value: its discount less the merchant's commission, basis points. */
  marginBps: z.number().int(),
  minAmount: koboAmount,
  maxAmount: koboAmount,
  /** On sale to merchants. */
  active: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Who last changed it (name); null for demo data. */
  updatedBy: z.string().nullable(),
  /** The last change in words, from its history. */
  lastChange: z.string().nullable(),
  lastChangeReason: z.string().nullable(),
});
export type AirtimeRate = z.infer<typeof airtimeRate>;

const rateLabel = (input: AuditInput) => {
  const network = said(input.network);
  const product = said(input.product).toLowerCase();
  return network && product ? `the ${network} ${product} rate` : 'an airtime rate';
};

export const listAirtimeRates = defineCommand({
  id: 'airtime.list',
  group: 'airtime',
  action: 'list',
  title: 'List airtime and data rates',
  description:
    'The rate of each network’s airtime and data bundles: the discount the company buys at, the merchant’s commission and what the company keeps (all of the face value), the smallest and largest purchase, and whether it is on sale.',
  keywords: ['airtime configuration', 'data', 'commission', 'mtn', 'airtel', 'glo', '9mobile', 'vtu', 'fetch all'],
  method: 'GET',
  path: '/v1/configuration/fetch/all',
  permission: 'airtime.view',
  input: z.object({
    ...listPaging,
    network: networkField.optional(),
    product: productField.optional(),
    /** Only rates on sale (true) or off sale (false). */
    active: z.boolean().optional().meta({ label: 'On sale' }),
  }),
  output: listOutput(airtimeRate),
  list: {
    route: '/airtime-configuration',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    rowName: 'label',
    csv: true,
    columns: [
      { key: 'network', label: 'Network', kind: 'enum', words: AIRTIME_NETWORK_WORDS, priority: 'high' },
      { key: 'product', label: 'Product', kind: 'enum', words: AIRTIME_PRODUCT_WORDS, priority: 'high' },
      { key: 'companyDiscountBps', label: 'Company discount (bps)', kind: 'number' },
      { key: 'merchantCommissionBps', label: 'Merchant commission (bps)', kind: 'number', priority: 'high' },
      { key: 'marginBps', label: 'Company keeps (bps)', kind: 'number' },
      { key: 'minAmount', label: 'Smallest purchase', kind: 'money' },
      { key: 'maxAmount', label: 'Largest purchase', kind: 'money' },
      { key: 'active', label: 'On sale', kind: 'boolean' },
      { key: 'updatedAt', label: 'Changed', kind: 'datetime', priority: 'low' },
      { key: 'updatedBy', label: 'By', kind: 'text', priority: 'low' },
    ],
  },
  example: 'traction airtime list --network MTN',
});

export const createAirtimeRate = defineCommand({
  id: 'airtime.create',
  group: 'airtime',
  action: 'create',
  title: 'Create an airtime or data rate',
  description:
    'The rate of a network’s airtime or data bundles: the company’s discount and the merchant’s commission in basis points of the face value (the commission at most the discount), and the smallest and largest purchase. One rate per network and product: change it rather than creating another.',
  keywords: ['airtime configuration', 'new rate', 'commission', 'configuration create'],
  method: 'POST',
  path: '/v1/configuration/create',
  permission: 'airtime.manage',
  danger: 'confirm',
  audit: { action: (input) => `create ${rateLabel(input)}`, subject: { kind: 'airtime-rate', from: 'output.rate.id' }, note: 'reason' },
  input: z
    .object({
      network: networkField,
      product: productField,
      ...rateFields,
      active: z.boolean().default(true).meta({ label: 'On sale' }),
      reason: reasonField.optional().meta({ label: 'Note (kept in the history)' }),
    })
    .superRefine((value, ctx) => {
      if (value.merchantCommissionBps > value.companyDiscountBps) {
        ctx.addIssue({ code: 'custom', path: ['merchantCommissionBps'], message: 'must not be more than the company discount' });
      }
      if (value.maxAmount < value.minAmount) ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'must not be less than the smallest purchase' });
    }),
  output: z.object({ rate: airtimeRate, message: z.string() }),
  example:
    'traction airtime create --network MTN --product AIRTIME --company-discount-bps 300 --merchant-commission-bps 150 --min-amount 50 --max-amount 50000',
});

export const updateAirtimeRate = defineCommand({
  id: 'airtime.update',
  group: 'airtime',
  action: 'update',
  title: 'Change an airtime or data rate',
  description:
    'Changes a rate from the next purchase: the discount, the commission, the purchase limits, or whether it is on sale. Fields left out stay as they are. Needs a reason, kept in the rate’s history with the rate before and after.',
  keywords: ['airtime configuration', 'configuration update', 'commission', 'take off sale'],
  method: 'POST',
  path: '/v1/configuration/update',
  permission: 'airtime.manage',
  danger: 'confirm',
  audit: { action: 'change {subject}', subject: { kind: 'airtime-rate', from: 'id' }, note: 'reason' },
  input: z.object({
    id: idField.meta({ label: 'Rate' }),
    companyDiscountBps: rateFields.companyDiscountBps.optional(),
    merchantCommissionBps: rateFields.merchantCommissionBps.optional(),
    minAmount: rateFields.minAmount.optional(),
    maxAmount: rateFields.maxAmount.optional(),
    active: z.boolean().optional().meta({ label: 'On sale' }),
    reason: reasonField,
  }),
  output: z.object({ rate: airtimeRate, message: z.string() }),
  example: 'traction airtime update --id 1 --merchant-commission-bps 200 --reason "MTN raised the dealer discount"',
});

export const airtimeRateVersion = z.object({
  id: z.number().int(),
  rateId: z.number().int(),
  network: networkField,
  product: productField,
  /** "MTN airtime". */
  label: z.string(),
  change: z.enum(AIRTIME_RATE_CHANGES),
  /** What changed, in words. */
  summary: z.string(),
  reason: z.string().nullable(),
  /** Null for the rate's creation. */
  before: airtimeRateSnapshot.nullable(),
  after: airtimeRateSnapshot,
  /** Who changed it (name); null for demo data. */
  changedBy: z.string().nullable(),
  changedAt: timestamp,
});
export type AirtimeRateVersion = z.infer<typeof airtimeRateVersion>;

export const listAirtimeRateHistory = defineCommand({
  id: 'airtime.history',
  group: 'airtime',
  action: 'history',
  title: 'Airtime rate history',
  description: 'Every change to the airtime and data rates, newest first: who changed what, the rate before and after, and why.',
  keywords: ['airtime configuration', 'rate changes', 'commission history'],
  method: 'GET',
  path: '/v1/configuration/history',
  permission: 'airtime.view',
  input: z.object({
    ...listPaging,
    /** One rate's changes. */
    rateId: idField.optional().meta({ label: 'Rate ID' }),
    network: networkField.optional(),
  }),
  output: listOutput(airtimeRateVersion),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    rowName: 'label',
    csv: true,
    columns: [
      { key: 'changedAt', label: 'When', kind: 'datetime' },
      { key: 'label', label: 'Rate', kind: 'text', card: 'title' },
      { key: 'change', label: 'Change', kind: 'enum', words: AIRTIME_RATE_CHANGE_WORDS, priority: 'high' },
      { key: 'summary', label: 'What changed', kind: 'sentence' },
      { key: 'reason', label: 'Reason', kind: 'sentence' },
      { key: 'changedBy', label: 'By', kind: 'text' },
    ],
  },
  example: 'traction airtime history --rate-id 1',
});
