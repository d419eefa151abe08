import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField, textField, timestamp } from '../../schemas/common';
import { walletStatusField } from '../../schemas/business';
import { koboField } from '../../schemas/fields';
import { koboAmount } from '../../schemas/money';
import { bulkOutput, checkSelection, selectionFields } from '../../selection';
import { type AuditInput, said, yesNo } from '../audit/audit-description';

/** What a cashback rule pays on: POS credits (the only kind so far; later issues may add more). */
export const CASHBACK_KINDS = ['pos_credit'] as const;
export const cashbackKindField = z.enum(CASHBACK_KINDS).meta({ label: 'Applies to' });

/** A percentage in basis points: 150 is 1.5 %. */
export const basisPointsField = z
  .number()
  .int('must be whole basis points (150 = 1.5%)')
  .min(1, 'must be at least 1 basis point (0.01%)')
  .max(10_000, 'must be at most 10,000 basis points (100%)')
  .meta({ label: 'Percentage (basis points, 150 = 1.5%)' });

/** A cashback rule: what share of a qualifying credit comes back, up to a cap. */
export const cashbackRule = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Basis points of the transaction paid back (150 = 1.5 %). */
  percentageBasisPoints: z.number().int(),
  /** Most one transaction earns, kobo. */
  cap: koboAmount,
  /** Smallest transaction that earns cashback, kobo (0: any). */
  minimumTransaction: koboAmount,
  appliesTo: cashbackKindField,
  active: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Who created or last changed it (email). */
  updatedBy: z.string().nullable(),
});
export type CashbackRule = z.infer<typeof cashbackRule>;

export const listCashbackRules = defineCommand({
  id: 'cashback.rules.list',
  group: 'cashback',
  action: 'rules',
  title: 'List cashback rules',
  description:
    'The cashback rules: percentage, cap and minimum transaction. A business with cashback activated earns the best active rule that applies to a credit (rules do not add up).',
  keywords: ['cashback', 'rewards', 'pos cashback'],
  method: 'GET',
  path: '/api/EWTraction/cashback/rules',
  permission: 'wallets.view',
  input: z.object({
    ...listPaging,
    /** Only active (true) or inactive (false) rules. */
    active: z.boolean().optional().meta({ label: 'Active' }),
    /** Start of the rule's name. */
    search: searchField.optional(),
  }),
  output: listOutput(cashbackRule),
  list: {
    route: '/wallet/cashback',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    columns: [
      { key: 'name', label: 'Rule', kind: 'text' },
      { key: 'percentageBasisPoints', label: 'Basis points', kind: 'number' },
      { key: 'cap', label: 'Cap', kind: 'money' },
      { key: 'minimumTransaction', label: 'Minimum transaction', kind: 'money' },
      { key: 'appliesTo', label: 'Applies to', kind: 'enum' },
      { key: 'active', label: 'Active', kind: 'boolean', priority: 'high' },
      { key: 'updatedAt', label: 'Changed', kind: 'datetime' },
      { key: 'updatedBy', label: 'By', kind: 'email' },
      { key: 'id', label: 'ID', kind: 'id' },
    ],
  },
  example: 'traction cashback rules --active',
});

export const createCashbackRule = defineCommand({
  id: 'cashback.rules.create',
  group: 'cashback',
  action: 'create-rule',
  title: 'Create a cashback rule',
  description: 'A share of each qualifying POS credit paid back to businesses with cashback activated, up to a cap per transaction.',
  keywords: ['cashback', 'new rule'],
  method: 'POST',
  path: '/api/EWTraction/cashback/rules',
  permission: 'wallets.settings',
  danger: 'confirm',
  audit: { action: (input) => `create the cashback rule “${said(input.name) || '?'}”` },
  input: z.object({
    name: textField(80).meta({ label: 'Rule name' }),
    percentageBasisPoints: basisPointsField,
    cap: koboField.meta({ format: 'kobo', label: 'Cap per transaction' }),
    minimumTransaction: koboField.optional().meta({ format: 'kobo', label: 'Minimum transaction (empty: any)' }),
    appliesTo: cashbackKindField.default('pos_credit'),
    active: z.boolean().default(true).meta({ label: 'Active' }),
  }),
  output: z.object({ rule: cashbackRule, message: z.string() }),
  example: 'traction cashback create-rule --name "POS 1%" --percentage-basis-points 100 --cap 50000 --minimum-transaction 100000',
});

export const updateCashbackRule = defineCommand({
  id: 'cashback.rules.update',
  group: 'cashback',
  action: 'update-rule',
  title: 'Change a cashback rule',
  description:
    'Changes what is given; fields left out stay as they are (a change that changes nothing is refused as already so). Deactivating stops it paying from the next credit.',
  keywords: ['cashback', 'deactivate rule', 'activate rule'],
  method: 'PATCH',
  path: '/api/EWTraction/cashback/rules/{id}',
  permission: 'wallets.settings',
  danger: 'confirm',
  audit: { action: (input) => `change the cashback rule #${said(input.id) || '?'}` },
  input: z
    .object({
      id: idField,
      name: textField(80).optional().meta({ label: 'Rule name' }),
      percentageBasisPoints: basisPointsField.optional(),
      cap: koboField.optional().meta({ format: 'kobo', label: 'Cap per transaction' }),
      minimumTransaction: koboField.optional().meta({ format: 'kobo', label: 'Minimum transaction' }),
      /** Removes the minimum (any transaction earns). */
      noMinimum: z.boolean().optional().meta({ label: 'No minimum transaction' }),
      appliesTo: cashbackKindField.optional(),
      active: z.boolean().optional().meta({ label: 'Active' }),
    })
    .superRefine((value, ctx) => {
      if (value.minimumTransaction !== undefined && value.noMinimum === true) {
        ctx.addIssue({ code: 'custom', path: ['noMinimum'], message: 'give minimumTransaction or noMinimum, not both' });
      }
    }),
  output: z.object({ rule: cashbackRule, message: z.string() }),
  example: 'traction cashback update-rule --id 3 --no-active',
});

/** A business and whether it earns cashback. */
export const cashbackActivationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  walletStatus: walletStatusField.nullable(),
  cashbackActive: z.boolean(),
  /** When cashback was last activated or deactivated; null: never. */
  changedAt: timestamp.nullable(),
  changedBy: z.string().nullable(),
});
export type CashbackActivationRow = z.infer<typeof cashbackActivationRow>;

export const listCashbackActivations = defineCommand({
  id: 'cashback.activations.list',
  group: 'cashback',
  action: 'activations',
  title: 'List businesses by cashback activation',
  description: 'Businesses with whether they earn cashback (the Cashback Activation Portal), newest first.',
  keywords: ['cashback activation portal', 'activate cashback'],
  method: 'GET',
  path: '/api/EWTraction/cashback/activations',
  permission: 'wallets.view',
  input: z.object({
    ...listPaging,
    /** Only businesses with (true) or without (false) cashback. */
    active: z.boolean().optional().meta({ label: 'Cashback active' }),
    /** Start of the name or email, or a business id. */
    search: searchField.optional(),
  }),
  output: listOutput(cashbackActivationRow),
  list: {
    route: '/cashback-activation-portal',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    detailRoute: '/merchants/{id}',
    bulkCommands: ['cashback.activation.set', 'cashback.activation.set-bulk'],
    columns: [
      { key: 'id', label: 'ID', kind: 'id' },
      { key: 'name', label: 'Business', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'cashbackActive', label: 'Cashback', kind: 'boolean', priority: 'high' },
      { key: 'changedAt', label: 'Changed', kind: 'datetime' },
      { key: 'changedBy', label: 'By', kind: 'email' },
      { key: 'walletStatus', label: 'Wallet', kind: 'enum' },
    ],
  },
  example: 'traction cashback activations --no-active --search mama',
});

const activationWords = (input: AuditInput) => {
  const on = yesNo(input.active);
  return on === undefined ? 'activate or deactivate cashback for {subject}' : on ? 'activate cashback for {subject}' : 'deactivate cashback for {subject}';
};

export const setCashbackActivation = defineCommand({
  id: 'cashback.activation.set',
  group: 'cashback',
  action: 'activate',
  title: 'Activate or deactivate cashback for a business',
  description: 'An activated business earns cashback on its qualifying credits under the active rules; a deactivated one earns none.',
  keywords: ['cashback activation portal', 'activate cashback', 'deactivate cashback'],
  method: 'POST',
  path: '/api/EWTraction/cashback/activations/{id}',
  permission: 'wallets.settings',
  danger: 'confirm',
  audit: { action: activationWords, subject: { kind: 'business', from: 'id' } },
  input: z.object({
    id: idField,
    /** true activates, false deactivates. */
    active: z.boolean().meta({ label: 'Cashback active (untick to deactivate)' }),
  }),
  output: z.object({ business: cashbackActivationRow, message: z.string() }),
  example: 'traction cashback activate --id 42 --active',
});

export const setCashbackActivationBulk = defineCommand({
  id: 'cashback.activation.set-bulk',
  group: 'cashback',
  action: 'activate-bulk',
  title: 'Activate or deactivate cashback for selected businesses',
  description: 'Every selected business (by ids, or every one matching the list filters); those already so are skipped and reported.',
  keywords: ['bulk', 'selection', 'cashback activation portal'],
  method: 'POST',
  path: '/api/EWTraction/cashback/activations/bulk',
  permission: 'wallets.settings',
  danger: 'confirm',
  idempotency: 'required',
  audit: { action: activationWords, subject: { kind: 'business', from: 'selection' } },
  input: z
    .object({
      ...selectionFields(listCashbackActivations),
      active: z.boolean().meta({ label: 'Cashback active (untick to deactivate)' }),
    })
    .superRefine(checkSelection),
  output: bulkOutput,
  example: 'traction cashback activate-bulk --ids 42,43 --active',
});
