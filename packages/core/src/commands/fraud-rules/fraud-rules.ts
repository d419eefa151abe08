import { z } from 'zod';
import { defineCommand } from '../../command';
import { formatNaira } from '../../format/naira';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField } from '../../schemas/common';
import { koboField } from '../../schemas/fields';
import { reasonField } from '../../schemas/risk';
import { fraudRuleKindField, ruleActionField, RULE_ACTION_WORDS, type RuleAction } from '../../transfers/fraud-rules';
import { type AuditInput, said, yesNo } from '../audit/audit-description';
import { beneficiaryFields } from '../transfers/transfer-schemas';
import { fraudRule, fraudRuleNameField, fraudRuleParamFields, fraudRuleVersion, rulesVerdict } from './fraud-rule-schemas';

// Paths: the spec shows the Fraud Rules Manager page (/rules-manager) but none of its calls, so
// they are ours, under /api/fraud-rules.

const ruleLabel = (input: AuditInput) => {
  const name = said(input.name).trim();
  return `the fraud rule #${said(input.id) || '?'}${name ? ` “${name}”` : ''}`;
};

/** "change the fraud rule #3 “Large transfers” (threshold ₦6,000,000.00, action block)", or "disable …" when that is all it did. */
function updateWords(input: AuditInput): string {
  const set: string[] = [];
  const money = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? formatNaira(value) : said(value));
  if (input.thresholdKobo !== undefined) set.push(`threshold ${money(input.thresholdKobo)}`);
  if (input.maxTransfers !== undefined) set.push(`at most ${said(input.maxTransfers)} transfers an hour`);
  if (input.maxAmountKobo !== undefined) set.push(`at most ${money(input.maxAmountKobo)} an hour`);
  if (yesNo(input.noMaxAmount) === true) set.push('no hourly amount');
  if (typeof input.action === 'string' && input.action in RULE_ACTION_WORDS) set.push(`action ${RULE_ACTION_WORDS[input.action as RuleAction].toLowerCase()}`);
  const enabled = yesNo(input.enabled);
  if (set.length === 0 && enabled !== undefined) return `${enabled ? 'enable' : 'disable'} ${ruleLabel(input)}`;
  if (enabled !== undefined) set.push(enabled ? 'enabled' : 'disabled');
  return `change ${ruleLabel(input)}${set.length > 0 ? ` (${set.join(', ')})` : ''}`;
}

export const listFraudRules = defineCommand({
  id: 'fraud-rules.list',
  group: 'fraud-rules',
  action: 'list',
  title: 'List fraud rules',
  description:
    'The rules every outgoing bank transfer is evaluated against: what each matches, what it does (allow and record, hold for review, block), whether it is enabled, and its last change.',
  keywords: ['fraud rules manager', 'transfer rules', 'velocity', 'threshold', 'hold', 'block'],
  method: 'GET',
  path: '/api/fraud-rules',
  permission: 'fraud-rules.view',
  input: z.object({
    ...listPaging,
    /** Only enabled (true) or disabled (false) rules. */
    enabled: z.boolean().optional().meta({ label: 'Enabled' }),
    kind: fraudRuleKindField.optional(),
    action: ruleActionField.optional().meta({ label: 'Action' }),
    /** Start of the rule's name. */
    search: searchField.optional(),
  }),
  output: listOutput(fraudRule),
  list: {
    route: '/rules-manager',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    columns: [
      { key: 'name', label: 'Rule', kind: 'text', card: 'title' },
      { key: 'kindWords', label: 'Kind', kind: 'text' },
      { key: 'condition', label: 'Matches', kind: 'sentence' },
      { key: 'action', label: 'Action', kind: 'enum', priority: 'high' },
      { key: 'enabled', label: 'Enabled', kind: 'boolean', priority: 'high' },
      { key: 'lastChange', label: 'Last change', kind: 'sentence', priority: 'low' },
      { key: 'updatedBy', label: 'By', kind: 'text', priority: 'low' },
      { key: 'updatedAt', label: 'Changed', kind: 'datetime' },
      { key: 'id', label: 'ID', kind: 'id' },
    ],
  },
  example: 'traction fraud-rules list --enabled',
});

export const createFraudRule = defineCommand({
  id: 'fraud-rules.create',
  group: 'fraud-rules',
  action: 'create',
  title: 'Create a fraud rule',
  description:
    'A new rule on outgoing transfers, evaluated from the next transfer. Amount rules (amount above, large amount to a new beneficiary) take a threshold; velocity takes the most transfers per merchant per hour and, optionally, the most money; blocked beneficiary takes nothing (it reads the blocked beneficiaries list).',
  keywords: ['fraud rules manager', 'new rule', 'threshold', 'velocity'],
  method: 'POST',
  path: '/api/fraud-rules',
  permission: 'fraud-rules.manage',
  danger: 'confirm',
  audit: { action: (input) => `create the fraud rule “${said(input.name) || '?'}”`, note: 'reason' },
  // Which parameters the kind takes is checked by the server with core's ruleParamIssues (a 400
  // naming the field), as for a change, whose kind only the stored rule knows.
  input: z.object({
    name: fraudRuleNameField,
    kind: fraudRuleKindField,
    ...fraudRuleParamFields,
    action: ruleActionField,
    enabled: z.boolean().default(true).meta({ label: 'Enabled' }),
    reason: reasonField,
  }),
  output: z.object({ rule: fraudRule, message: z.string() }),
  example:
    'traction fraud-rules create --name "Very large transfers" --kind amount_above --threshold-kobo 2000000000 --action block --reason "Above ₦20m is never a merchant payment"',
});

export const updateFraudRule = defineCommand({
  id: 'fraud-rules.update',
  group: 'fraud-rules',
  action: 'update',
  title: 'Change a fraud rule',
  description:
    'Changes a rule from the next transfer: its name, parameters, action, or whether it is enabled. Fields left out stay as they are; a rule keeps its kind (create another rule for another kind). Needs a reason, kept in the rule’s history.',
  keywords: ['fraud rules manager', 'enable rule', 'disable rule', 'threshold'],
  method: 'PATCH',
  path: '/api/fraud-rules/{id}',
  permission: 'fraud-rules.manage',
  danger: 'confirm',
  audit: { action: updateWords, note: 'reason' },
  input: z
    .object({
      id: idField,
      name: fraudRuleNameField.optional(),
      ...fraudRuleParamFields,
      /** Velocity: removes the hourly amount (only the number of transfers counts). */
      noMaxAmount: z.boolean().optional().meta({ label: 'No hourly amount (velocity)' }),
      action: ruleActionField.optional(),
      enabled: z.boolean().optional().meta({ label: 'Enabled' }),
      reason: reasonField,
    })
    .superRefine((value, ctx) => {
      if (value.maxAmountKobo !== undefined && value.noMaxAmount === true) {
        ctx.addIssue({ code: 'custom', path: ['noMaxAmount'], message: 'give maxAmountKobo or noMaxAmount, not both' });
      }
    }),
  output: z.object({ rule: fraudRule, message: z.string() }),
  example: 'traction fraud-rules update --id 1 --threshold-kobo 600000000 --reason "Fewer false holds on supplier runs"',
});

export const deleteFraudRule = defineCommand({
  id: 'fraud-rules.delete',
  group: 'fraud-rules',
  action: 'delete',
  title: 'Delete a fraud rule',
  description:
    'Removes a rule for good (its history stays, and transfers keep the evaluations it made). To stop a rule for a while, disable it instead. Needs a reason.',
  keywords: ['fraud rules manager', 'remove rule'],
  method: 'DELETE',
  path: '/api/fraud-rules/{id}',
  permission: 'fraud-rules.manage',
  danger: 'confirm',
  audit: { action: (input) => `delete the fraud rule #${said(input.id) || '?'}`, note: 'reason' },
  input: z.object({ id: idField, reason: reasonField }),
  output: z.object({ ok: z.literal(true), message: z.string() }),
  example: 'traction fraud-rules delete --id 5 --reason "Replaced by the velocity rule"',
});

export const listFraudRuleHistory = defineCommand({
  id: 'fraud-rules.history',
  group: 'fraud-rules',
  action: 'history',
  title: 'Fraud rule history',
  description: 'Every change to the fraud rules, newest first: who changed what, the rule before and after, and why.',
  keywords: ['fraud rules manager', 'rule changes', 'audit trail'],
  method: 'GET',
  path: '/api/fraud-rules/history',
  permission: 'fraud-rules.view',
  input: z.object({
    ...listPaging,
    /** One rule's changes. */
    ruleId: idField.optional().meta({ label: 'Rule ID' }),
  }),
  output: listOutput(fraudRuleVersion),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    csv: true,
    columns: [
      { key: 'changedAt', label: 'When', kind: 'datetime' },
      { key: 'ruleName', label: 'Rule', kind: 'text', card: 'title' },
      { key: 'change', label: 'Change', kind: 'enum', priority: 'high' },
      { key: 'summary', label: 'What changed', kind: 'sentence' },
      { key: 'reason', label: 'Reason', kind: 'sentence' },
      { key: 'changedBy', label: 'By', kind: 'text' },
      { key: 'ruleId', label: 'Rule ID', kind: 'id', priority: 'low' },
    ],
  },
  example: 'traction fraud-rules history --rule-id 1',
});

export const tryFraudRules = defineCommand({
  id: 'fraud-rules.try',
  group: 'fraud-rules',
  action: 'try',
  title: 'Try a transfer against the fraud rules',
  description:
    'Evaluates a made-up transfer against the enabled rules, as a real one would be, and says what each rule and all of them decide. Nothing is sent or recorded. Describe the merchant’s last hour to try the velocity and new-beneficiary rules.',
  keywords: ['fraud rules manager', 'test rules', 'simulate', 'what if'],
  method: 'GET',
  path: '/api/fraud-rules/try',
  permission: 'fraud-rules.view',
  input: z.object({
    /** A merchant's wallet (every rule applies) or a company account (only amount and beneficiary rules do). */
    source: z.enum(['merchant', 'company']).default('merchant').meta({ label: 'Paid from' }),
    amount: koboField,
    ...beneficiaryFields,
    transfersLastHour: z
      .number()
      .int('must be a whole number of transfers')
      .min(0, 'must be 0 or more')
      .max(1_000_000)
      .default(0)
      .meta({ label: 'Merchant’s transfers in the last hour (before this one)' }),
    /** Their total; none when left out. */
    amountLastHour: koboField.optional().meta({ format: 'kobo', label: 'Sent in the last hour (before this one)' }),
    beneficiaryPaidBefore: z.boolean().default(false).meta({ label: 'Merchant has paid this beneficiary before' }),
  }),
  output: rulesVerdict.extend({ message: z.string() }),
  example: 'traction fraud-rules try --amount 150000000 --bank-code 058 --account-number 0123456789',
});
