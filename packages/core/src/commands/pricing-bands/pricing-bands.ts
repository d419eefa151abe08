import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, timestamp } from '../../schemas/common';
import { bulkOutput, checkSelection, selectionFields } from '../../selection';

/** Kobo that may be nothing (a flat fee of ₦0), shown and typed as Naira. */
const koboOrNothing = z.number().int('must be whole kobo').min(0).max(1_000_000_000_000).meta({ format: 'kobo' });

const percentField = z.number().min(0).max(100).multipleOf(0.01, 'at most two decimals');

/**
 * What a band charges on each channel, as flat fields (a form's boxes, a script's flags): a
 * percentage (0.5 is 0.50%), a flat fee and a cap in kobo (no cap: left out or null). On a
 * change, what is left out stays as it was.
 */
function chargeFields<P extends z.ZodType, F extends z.ZodType>(percent: P, flat: F) {
  const cap = koboOrNothing.nullable().optional();
  return {
    cardPercent: percent.meta({ label: 'Card percent' }) as P,
    cardFlat: flat.meta({ label: 'Card flat fee' }) as F,
    cardCap: cap.meta({ label: 'Card cap' }),
    transferPercent: percent.meta({ label: 'Transfer percent' }) as P,
    transferFlat: flat.meta({ label: 'Transfer flat fee' }) as F,
    transferCap: cap.meta({ label: 'Transfer cap' }),
    ussdPercent: percent.meta({ label: 'USSD percent' }) as P,
    ussdFlat: flat.meta({ label: 'USSD flat fee' }) as F,
    ussdCap: cap.meta({ label: 'USSD cap' }),
  };
}

const bandName = z.string().trim().min(2).max(60);

export const pricingBandRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  card: z.string(),
  transfer: z.string(),
  ussd: z.string(),
  merchants: z.number().int(),
  charges: z.record(z.string(), z.object({ percentBps: z.number().int(), flatKobo: z.number().int(), capKobo: z.number().int().nullable() })),
  updatedAt: timestamp,
});
export type PricingBandRow = z.infer<typeof pricingBandRow>;

export const listPricingBands = defineCommand({
  id: 'pricing-bands.list',
  group: 'pricing-bands',
  action: 'list',
  title: 'List pricing bands',
  description: 'Every pricing band with what it charges on card, transfer and USSD payments (percentage, flat fee, cap) and how many merchants are on it.',
  keywords: ['pricing band portal', 'merchant charges', 'msc', 'fees'],
  method: 'GET',
  mutates: false,
  path: '/v1/payments/pricing-band',
  permission: 'pricing-bands.view',
  input: z.object({ ...listPaging }),
  output: listOutput(pricingBandRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    csv: true,
    route: '/pricing-bands',
    rowName: 'name',
    columns: [
      { key: 'name', label: 'Band', kind: 'text' },
      { key: 'isDefault', label: 'Default', kind: 'boolean' },
      { key: 'card', label: 'Card', kind: 'text', width: 26 },
      { key: 'transfer', label: 'Transfer', kind: 'text', width: 26 },
      { key: 'ussd', label: 'USSD', kind: 'text', width: 26 },
      { key: 'merchants', label: 'Merchants', kind: 'number' },
    ],
  },
  example: 'traction pricing-bands list',
});

const bandFields = {
  name: bandName,
  description: z.string().trim().max(300).default(''),
  ...chargeFields(percentField, koboOrNothing.default(0)),
  /** Makes this the band of every merchant without one of its own. */
  isDefault: z.boolean().default(false).meta({ label: 'Default band' }),
};

export const createPricingBand = defineCommand({
  id: 'pricing-bands.create',
  group: 'pricing-bands',
  action: 'create',
  title: 'Create a pricing band',
  description: 'A new band: its name (unique) and what it charges on each channel. Payments are priced by it from the moment a merchant is put on it.',
  keywords: ['new pricing band', 'add band'],
  method: 'POST',
  path: '/v1/payments/pricing-band',
  permission: 'pricing-bands.manage',
  danger: 'confirm',
  input: z.object(bandFields),
  output: pricingBandRow,
  example: 'traction pricing-bands create --name "Fuel stations" --card-percent 0.4 --card-cap 1500 --transfer-percent 0 --transfer-flat 50 --ussd-percent 0.5',
});

export const updatePricingBand = defineCommand({
  id: 'pricing-bands.update',
  group: 'pricing-bands',
  action: 'update',
  title: 'Change a pricing band',
  description:
    'Its name, description, charges or default flag. Payments already taken keep the charge they were priced with; new ones are priced by the new charges.',
  keywords: ['edit pricing band', 'change charges'],
  method: 'PATCH',
  path: '/v1/payments/pricing-band/{id}',
  permission: 'pricing-bands.manage',
  danger: 'confirm',
  input: z.object({
    id: idField.meta({ label: 'Band ID' }),
    name: bandName.optional(),
    description: z.string().trim().max(300).optional(),
    ...chargeFields(percentField.optional(), koboOrNothing.optional()),
    isDefault: z.literal(true).optional().meta({ label: 'Make it the default band' }),
  }),
  output: pricingBandRow,
  example: 'traction pricing-bands update --id 2 --card-percent 0.45 --card-cap 1000',
});

export const bandMerchant = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  stateCode: z.string(),
  bandId: z.number().int(),
  band: z.string(),
  /** On the default band because none was chosen. */
  byDefault: z.boolean(),
});

export const listBandMerchants = defineCommand({
  id: 'pricing-bands.merchants',
  group: 'pricing-bands',
  action: 'merchants',
  title: 'List merchants with their pricing bands',
  description:
    'Merchants with the band their payments are priced by; find by the start of a name or email, or by band. Select some, or keep the filters, to put them on a band.',
  keywords: ['assign pricing band', 'merchant bands'],
  method: 'GET',
  mutates: false,
  path: '/v1/payments/pricing-band/merchants',
  permission: 'pricing-bands.view',
  input: z.object({
    ...listPaging,
    search: z.string().trim().min(1).max(120).optional(),
    band: idField.optional().meta({ label: 'Band ID' }),
  }),
  output: listOutput(bandMerchant),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    route: '/pricing-bands-assign',
    detailRoute: '/pricing-bands-assign-business/{id}/{name}',
    rowName: 'name',
    columns: [
      { key: 'name', label: 'Merchant', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'email', priority: 'low' },
      { key: 'stateCode', label: 'State', kind: 'text', width: 5, priority: 'low' },
      { key: 'band', label: 'Band', kind: 'text' },
      { key: 'byDefault', label: 'By default', kind: 'boolean', priority: 'low' },
    ],
    bulkCommands: ['pricing-bands.assign-bulk'],
  },
  example: 'traction pricing-bands merchants --search "Mama"',
});

export const assignPricingBand = defineCommand({
  id: 'pricing-bands.assign',
  group: 'pricing-bands',
  action: 'assign',
  title: 'Put a merchant on a pricing band',
  description: 'The merchant’s payments are priced by this band from now on (those already taken keep their charge).',
  keywords: ['assign pricing band to business'],
  method: 'POST',
  path: '/v1/admin/business/{business_id}/pricingBand/{pricing_band_id}',
  permission: 'pricing-bands.assign',
  danger: 'confirm',
  input: z.object({ business_id: idField.meta({ label: 'Business ID' }), pricing_band_id: idField.meta({ label: 'Band ID' }) }),
  output: z.object({
    businessId: z.number().int(),
    businessName: z.string(),
    bandId: z.number().int(),
    band: z.string(),
    previous: z.string(),
    message: z.string(),
  }),
  example: 'traction pricing-bands assign --business-id 42 --pricing-band-id 2',
});

export const assignPricingBandBulk = defineCommand({
  id: 'pricing-bands.assign-bulk',
  group: 'pricing-bands',
  action: 'assign-bulk',
  title: 'Put selected merchants on a pricing band',
  description: 'Every selected merchant (by ids, or every merchant matching the filters) onto one band; those already on it are skipped and reported.',
  keywords: ['bulk', 'selection', 'assign pricing band'],
  method: 'POST',
  path: '/v1/admin/business/pricingBand/bulk',
  permission: 'pricing-bands.assign',
  danger: 'confirm',
  idempotency: 'required',
  input: z.object({ ...selectionFields(listBandMerchants), pricing_band_id: idField.meta({ label: 'Band ID' }) }).superRefine(checkSelection),
  output: bulkOutput,
  example: 'traction pricing-bands assign-bulk --ids 42,43 --pricing-band-id 2',
});
