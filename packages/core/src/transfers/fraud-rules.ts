import { z } from 'zod';
import { bankByCbnCode } from '../banks/nigerian-banks';
import { formatNaira } from '../format/naira';
import { koboField } from '../schemas/fields';

/**
 * Fraud rules on outgoing bank transfers (the Fraud Rules Manager). A rule is data: a kind, the
 * kind's parameters and what to do when it matches. Every enabled rule is evaluated for every
 * transfer and the most severe matched action wins (block > hold > allow). What a rule matches
 * is written once, here (`matchRule`): the server evaluates real transfers with it and the
 * console's "try a transfer" asks the server, which uses the same function.
 *
 * - `amount_above`: the amount is above a threshold.
 * - `velocity`: the merchant's transfers in the last hour, this one included, are more than
 *   `maxTransfers` (or, when given, their total is more than `maxAmountKobo`).
 * - `new_beneficiary_amount`: a beneficiary the merchant has never paid successfully, with an
 *   amount above a threshold.
 * - `blocked_beneficiary`: the beneficiary account is on the blocked-beneficiaries list.
 *
 * Velocity and new-beneficiary rules are about merchants: a transfer from a company account
 * never matches them. Amount and blocked-beneficiary rules apply to every transfer.
 */
export const FRAUD_RULE_KINDS = ['amount_above', 'velocity', 'new_beneficiary_amount', 'blocked_beneficiary'] as const;
export type FraudRuleKind = (typeof FRAUD_RULE_KINDS)[number];
export const fraudRuleKindField = z.enum(FRAUD_RULE_KINDS).meta({ label: 'Kind' });

/** What a matched rule does. `allow` only records the match on the transfer (a rule being tried out). */
export const RULE_ACTIONS = ['allow', 'hold', 'block'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const ruleActionField = z.enum(RULE_ACTIONS).meta({ label: 'When it matches' });

/** A kind in words, for tables and selects. */
export const FRAUD_RULE_KIND_WORDS: Readonly<Record<FraudRuleKind, string>> = {
  amount_above: 'Amount above a threshold',
  velocity: 'Merchant velocity per hour',
  new_beneficiary_amount: 'Large amount to a new beneficiary',
  blocked_beneficiary: 'Blocked beneficiary',
};

/** An action in words. */
export const RULE_ACTION_WORDS: Readonly<Record<RuleAction, string>> = {
  allow: 'Allow (record only)',
  hold: 'Hold for review',
  block: 'Block',
};

const SEVERITY: Readonly<Record<RuleAction, number>> = { allow: 0, hold: 1, block: 2 };

/** The more severe of two actions (block > hold > allow). */
export const moreSevere = (a: RuleAction, b: RuleAction): RuleAction => (SEVERITY[b] > SEVERITY[a] ? b : a);

/** Transfers in an hour: at least 1 (a limit of 0 would hold every transfer; disable the rule instead). */
export const maxTransfersField = z
  .number()
  .int('must be a whole number of transfers')
  .min(1, 'must be at least 1 transfer')
  .max(100_000, 'must be at most 100,000 transfers')
  .meta({ label: 'Most transfers per merchant per hour' });

/** A rule's parameters, by kind: what `fraud_rules.params` holds. Amounts are whole kobo. */
export const FRAUD_RULE_PARAMS = {
  amount_above: z.strictObject({ thresholdKobo: koboField }),
  velocity: z.strictObject({ maxTransfers: maxTransfersField, maxAmountKobo: koboField.optional() }),
  new_beneficiary_amount: z.strictObject({ thresholdKobo: koboField }),
  blocked_beneficiary: z.strictObject({}),
} as const satisfies Record<FraudRuleKind, z.ZodObject>;

/** A rule's kind with its parameters: what it matches, without what it does. */
export const fraudRuleDefinition = z.discriminatedUnion('kind', [
  FRAUD_RULE_PARAMS.amount_above.extend({ kind: z.literal('amount_above') }),
  FRAUD_RULE_PARAMS.velocity.extend({ kind: z.literal('velocity') }),
  FRAUD_RULE_PARAMS.new_beneficiary_amount.extend({ kind: z.literal('new_beneficiary_amount') }),
  FRAUD_RULE_PARAMS.blocked_beneficiary.extend({ kind: z.literal('blocked_beneficiary') }),
]);
export type FraudRuleDefinition = z.infer<typeof fraudRuleDefinition>;

/** Every parameter any kind takes: the flat fields commands, forms and CLI flags carry. */
export const FRAUD_RULE_PARAM_NAMES = ['thresholdKobo', 'maxTransfers', 'maxAmountKobo'] as const;
export type FraudRuleParamName = (typeof FRAUD_RULE_PARAM_NAMES)[number];

/** The parameters each kind takes (the others do not apply to it). */
export const FRAUD_RULE_PARAMS_OF: Readonly<Record<FraudRuleKind, readonly FraudRuleParamName[]>> = {
  amount_above: ['thresholdKobo'],
  velocity: ['maxTransfers', 'maxAmountKobo'],
  new_beneficiary_amount: ['thresholdKobo'],
  blocked_beneficiary: [],
};

/** Splits a definition into its kind and what `fraud_rules.params` stores. */
export function paramsOf(definition: FraudRuleDefinition): { kind: FraudRuleKind; params: Record<string, number> } {
  const { kind, ...params } = definition;
  return { kind, params: Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Record<string, number> };
}

/** What a rule is asked about one transfer. Amounts in kobo. */
export interface TransferFacts {
  /** Whether a merchant's wallet pays; false for a company account (velocity and new-beneficiary rules then do not apply). */
  fromMerchant: boolean;
  amountKobo: bigint;
  beneficiary: { bankCode: string; accountNumber: string };
  /** The merchant's transfers in the hour before this one (this one not counted). */
  transfersLastHour: number;
  /** Their total, kobo (this one not counted). */
  amountLastHourKobo: bigint;
  /** Whether the merchant has paid this beneficiary successfully before. */
  beneficiaryPaidBefore: boolean;
  /** The beneficiary's entry on the blocked-beneficiaries list, or null when it is not on it. */
  blockedBeneficiary: { reason: string } | null;
}

export interface RuleMatch {
  matched: boolean;
  /** Why, as a clause without a final full stop: "₦6,000,000.00 is above the ₦5,000,000.00 threshold". */
  reason: string;
}

/** "GTBank 0123456789": the bank's short name when the code is known. */
export function beneficiaryWords(beneficiary: { bankCode: string; accountNumber: string }): string {
  const bank = bankByCbnCode(beneficiary.bankCode);
  return `${bank ? bank.shortName : `bank ${beneficiary.bankCode}`} ${beneficiary.accountNumber}`;
}

const count = (n: number, one: string, other: string) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : other}`;
const withoutFullStop = (text: string) => text.trim().replace(/[.\s]+$/, '');

/** Whether one rule matches one transfer, and why in a sentence people read. */
export function matchRule(rule: FraudRuleDefinition, facts: TransferFacts): RuleMatch {
  switch (rule.kind) {
    case 'amount_above': {
      const threshold = BigInt(rule.thresholdKobo);
      const matched = facts.amountKobo > threshold;
      return { matched, reason: `${formatNaira(facts.amountKobo)} is ${matched ? '' : 'not '}above the ${formatNaira(threshold)} threshold` };
    }
    case 'velocity': {
      if (!facts.fromMerchant) return { matched: false, reason: 'paid from a company account: merchant velocity does not apply' };
      const transfers = facts.transfersLastHour + 1;
      const total = facts.amountLastHourKobo + facts.amountKobo;
      const tooMany = transfers > rule.maxTransfers;
      const tooMuch = rule.maxAmountKobo !== undefined && total > BigInt(rule.maxAmountKobo);
      const sent = `${count(transfers, 'transfer', 'transfers')} (${formatNaira(total)}) in the last hour with this one`;
      if (!tooMany && !tooMuch) {
        const limits = [count(rule.maxTransfers, 'transfer', 'transfers'), ...(rule.maxAmountKobo !== undefined ? [formatNaira(rule.maxAmountKobo)] : [])];
        return { matched: false, reason: `${sent}: within ${limits.join(' and ')} an hour` };
      }
      const over = [
        ...(tooMany ? [`more than ${count(rule.maxTransfers, 'transfer', 'transfers')}`] : []),
        ...(tooMuch && rule.maxAmountKobo !== undefined ? [`more than ${formatNaira(rule.maxAmountKobo)}`] : []),
      ];
      return { matched: true, reason: `${sent}: ${over.join(' and ')} an hour` };
    }
    case 'new_beneficiary_amount': {
      if (!facts.fromMerchant) return { matched: false, reason: 'paid from a company account: the new-beneficiary rule is about merchants' };
      const threshold = BigInt(rule.thresholdKobo);
      if (facts.beneficiaryPaidBefore) return { matched: false, reason: `the merchant has paid ${beneficiaryWords(facts.beneficiary)} before` };
      const matched = facts.amountKobo > threshold;
      return {
        matched,
        reason: `${formatNaira(facts.amountKobo)} to ${beneficiaryWords(facts.beneficiary)}, never paid by this merchant, is ${matched ? '' : 'not '}above the ${formatNaira(threshold)} threshold`,
      };
    }
    case 'blocked_beneficiary': {
      const who = beneficiaryWords(facts.beneficiary);
      if (!facts.blockedBeneficiary) return { matched: false, reason: `${who} is not on the blocked beneficiaries list` };
      return { matched: true, reason: `${who} is on the blocked beneficiaries list (${withoutFullStop(facts.blockedBeneficiary.reason)})` };
    }
    default:
      return rule satisfies never;
  }
}

/** What a rule matches, in words: "above ₦5,000,000.00", "more than 20 transfers or ₦10,000,000.00 per merchant per hour". */
export function ruleConditionWords(rule: FraudRuleDefinition): string {
  switch (rule.kind) {
    case 'amount_above':
      return `above ${formatNaira(rule.thresholdKobo)}`;
    case 'velocity':
      return `more than ${count(rule.maxTransfers, 'transfer', 'transfers')}${rule.maxAmountKobo !== undefined ? ` or ${formatNaira(rule.maxAmountKobo)}` : ''} per merchant per hour`;
    case 'new_beneficiary_amount':
      return `above ${formatNaira(rule.thresholdKobo)} to a beneficiary the merchant has never paid`;
    case 'blocked_beneficiary':
      return 'the beneficiary account is on the blocked beneficiaries list';
    default:
      return rule satisfies never;
  }
}

/** A rule as its history keeps it. */
export interface FraudRuleState {
  name: string;
  definition: FraudRuleDefinition;
  action: RuleAction;
  enabled: boolean;
}

/**
 * What a change did, in words, for the rule's history: "created: above ₦5,000,000.00, hold for
 * review", "condition above ₦5,000,000.00 → above ₦6,000,000.00; disabled", "deleted".
 */
export function ruleChangeWords(before: FraudRuleState | null, after: FraudRuleState | null): string {
  const action = (state: FraudRuleState) => RULE_ACTION_WORDS[state.action].toLowerCase();
  if (!before && after) return `created: ${ruleConditionWords(after.definition)}, ${action(after)}${after.enabled ? '' : ' (disabled)'}`;
  if (before && !after) return 'deleted';
  if (!before || !after) return 'no change';
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`renamed “${before.name}” → “${after.name}”`);
  const was = ruleConditionWords(before.definition);
  const now = ruleConditionWords(after.definition);
  if (was !== now) parts.push(`condition ${was} → ${now}`);
  if (before.action !== after.action) parts.push(`action ${action(before)} → ${action(after)}`);
  if (before.enabled !== after.enabled) parts.push(after.enabled ? 'enabled' : 'disabled');
  return parts.length > 0 ? parts.join('; ') : 'no change';
}
