import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, timestamp } from '../../schemas/common';
import { koboField } from '../../schemas/fields';
import { TERMINAL_PROVIDER_NAMES } from '../../terminals/terminal-facts';
import { said } from '../audit/audit-description';

/** How a merchant gets a terminal: bought outright, or rented by the month. */
export const TERMINAL_PRICE_PLANS = ['OUTRIGHT', 'RENTAL'] as const;
export const TERMINAL_PRICE_PLAN_WORDS: Record<(typeof TERMINAL_PRICE_PLANS)[number], string> = { OUTRIGHT: 'Outright', RENTAL: 'Monthly rental' };
const planField = z.enum(TERMINAL_PRICE_PLANS).meta({ label: 'Plan' });

export const terminalPriceRow = z.object({
  id: z.number().int(),
  provider: z.string(),
  model: z.string(),
  plan: planField,
  amount: z.number().int(),
  /** The price before the last change, if it changed. */
  previousAmount: z.number().int().nullable(),
  changedAt: timestamp,
  changedBy: z.string().nullable(),
});

export const listTerminalPrices = defineCommand({
  id: 'terminal-prices.list',
  group: 'terminal-prices',
  action: 'list',
  title: 'List terminal prices',
  description: 'The price of each provider’s model, bought outright or rented by the month, with the price before its last change.',
  keywords: ['terminal pricing', 'pos price', 'rental'],
  method: 'GET',
  path: '/v1/stores/listterminalprice',
  permission: 'terminals.view',
  input: z.object({ ...listPaging, provider: z.enum(TERMINAL_PROVIDER_NAMES).optional().meta({ label: 'Provider' }), plan: planField.optional() }),
  output: listOutput(terminalPriceRow),
  list: {
    route: '/terminal-pricings',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    rowName: 'model',
    csv: true,
    columns: [
      { key: 'provider', label: 'Provider', kind: 'text' },
      { key: 'model', label: 'Model', kind: 'text' },
      { key: 'plan', label: 'Plan', kind: 'enum', words: TERMINAL_PRICE_PLAN_WORDS },
      { key: 'amount', label: 'Price', kind: 'money', priority: 'high' },
      { key: 'previousAmount', label: 'Before', kind: 'money', priority: 'low' },
      { key: 'changedAt', label: 'Changed', kind: 'datetime', priority: 'low' },
      { key: 'changedBy', label: 'By', kind: 'text', priority: 'low' },
    ],
  },
  example: 'traction terminal-prices list --provider PAX',
});

export const addTerminalPrice = defineCommand({
  id: 'terminal-prices.add',
  group: 'terminal-prices',
  action: 'add',
  title: 'Price a terminal model',
  description:
    'The price of a provider’s model on a plan (outright, or rental per month), in Naira. One price per model and plan: change it rather than adding another.',
  keywords: ['add terminal price', 'addterminalprice'],
  method: 'POST',
  path: '/v1/stores/addterminalprice',
  permission: 'terminals.pricing',
  danger: 'confirm',
  audit: { action: (input) => `price ${said(input.provider)} ${said(input.model)} (${said(input.plan).toLowerCase() || 'a plan'})` },
  input: z.object({
    provider: z.enum(TERMINAL_PROVIDER_NAMES).meta({ label: 'Provider' }),
    model: z.string().trim().min(1).max(40).meta({ label: 'Model' }),
    plan: planField,
    amount: koboField.meta({ label: 'Price' }),
  }),
  output: terminalPriceRow,
  example: 'traction terminal-prices add --provider PAX --model S90 --plan OUTRIGHT --amount 18500000',
});

export const updateTerminalPrice = defineCommand({
  id: 'terminal-prices.update',
  group: 'terminal-prices',
  action: 'update',
  title: 'Change a terminal price',
  description: 'A new price for a model and plan; the old one is kept in its history with who changed it, when and why.',
  keywords: ['updateterminalprice', 'reprice terminal'],
  method: 'POST',
  path: '/v1/stores/updateterminalprice',
  permission: 'terminals.pricing',
  danger: 'confirm',
  audit: { action: (input) => `change terminal price #${said(input.id) || '?'}`, note: 'reason' },
  input: z.object({
    id: idField.meta({ label: 'Price' }),
    amount: koboField.meta({ label: 'New price' }),
    reason: z.string().trim().min(3).max(300).meta({ label: 'Why' }),
  }),
  output: terminalPriceRow,
  example: 'traction terminal-prices update --id 3 --amount 19500000 --reason "Supplier raised prices"',
});

export const terminalPriceHistory = defineCommand({
  id: 'terminal-prices.history',
  group: 'terminal-prices',
  action: 'history',
  title: 'Show a terminal price’s history',
  description: 'Every price a model and plan has had, newest first, with who set it and why.',
  method: 'GET',
  path: '/v1/stores/terminalprice/{id}/history',
  permission: 'terminals.view',
  input: z.object({ ...listPaging, id: idField.meta({ label: 'Price' }) }),
  output: listOutput(
    z.object({
      id: z.number().int(),
      at: timestamp,
      amount: z.number().int(),
      previousAmount: z.number().int().nullable(),
      reason: z.string().nullable(),
      by: z.string().nullable(),
    }),
  ),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    csv: true,
    columns: [
      { key: 'at', label: 'When', kind: 'datetime' },
      { key: 'amount', label: 'Price', kind: 'money' },
      { key: 'previousAmount', label: 'Before', kind: 'money' },
      { key: 'reason', label: 'Why', kind: 'sentence' },
      { key: 'by', label: 'By', kind: 'text' },
    ],
  },
  example: 'traction terminal-prices history --id 3',
});
