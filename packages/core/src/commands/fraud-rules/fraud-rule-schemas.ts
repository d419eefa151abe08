import { z } from 'zod';
import type { FieldIssue } from '../../errors';
import { textField, timestamp } from '../../schemas/common';
import { koboField } from '../../schemas/fields';
import { koboAmount } from '../../schemas/money';
import {
  FRAUD_RULE_KIND_WORDS,
  FRAUD_RULE_PARAM_NAMES,
  FRAUD_RULE_PARAMS,
  FRAUD_RULE_PARAMS_OF,
  type FraudRuleKind,
  fraudRuleKindField,
  maxTransfersField,
  ruleActionField,
} from '../../transfers/fraud-rules';

/** A rule's name: what the audit log, the history and a held transfer call it. */
export const fraudRuleNameField = textField(80).meta({ label: 'Rule name' });

/**
 * A rule's parameters as flat, optional fields, so forms and CLI flags can carry them; which
 * ones a kind takes is `FRAUD_RULE_PARAMS_OF` (checked by `ruleParamIssues`).
 */
export const fraudRuleParamFields = {
  /** Amount rules: the amount above which the rule matches, kobo. */
  thresholdKobo: koboField.optional().meta({ format: 'kobo', label: 'Threshold (amount rules)' }),
  /** Velocity: most transfers per merchant per hour. */
  maxTransfers: maxTransfersField.optional(),
  /** Velocity, optional: most kobo sent per merchant per hour. */
  maxAmountKobo: koboField.optional().meta({ format: 'kobo', label: 'Most sent per merchant per hour (velocity, optional)' }),
};

/** A rule's parameters as flat fields (what `fraudRuleParamFields` carries). */
export type FlatRuleParams = Partial<Record<(typeof FRAUD_RULE_PARAM_NAMES)[number], number | undefined>>;

/**
 * What is wrong with a kind's parameters, each naming its field: a parameter the kind needs and
 * was not given, or one it does not take. Field-level checks (a negative threshold) are the
 * fields' own.
 */
export function ruleParamIssues(kind: FraudRuleKind, params: FlatRuleParams): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const takes = FRAUD_RULE_PARAMS_OF[kind];
  const words = FRAUD_RULE_KIND_WORDS[kind].toLowerCase();
  for (const name of FRAUD_RULE_PARAM_NAMES) {
    if (params[name] !== undefined && !takes.includes(name)) issues.push({ field: name, message: `does not apply to a rule of kind “${words}”` });
  }
  const shape = FRAUD_RULE_PARAMS[kind].shape as Record<string, z.ZodType>;
  for (const name of takes) {
    if (params[name] === undefined && !shape[name]?.safeParse(undefined).success) {
      issues.push({ field: name, message: `is required for a rule of kind “${words}”` });
    }
  }
  return issues;
}

/** A rule as lists and answers show it. Amounts in kobo. */
export const fraudRule = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: fraudRuleKindField,
  /** The kind in words ("Amount above a threshold"). */
  kindWords: z.string(),
  /** What it matches, in words ("above ₦5,000,000.00"). */
  condition: z.string(),
  thresholdKobo: koboAmount.nullable(),
  maxTransfers: z.number().int().nullable(),
  maxAmountKobo: koboAmount.nullable(),
  action: ruleActionField,
  /** The action in words ("Hold for review"). */
  actionWords: z.string(),
  enabled: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Who last changed it (name); null for a default rule nobody has changed. */
  updatedBy: z.string().nullable(),
  /** The last change in words, from its history ("condition above ₦5,000,000.00 → above ₦6,000,000.00"). */
  lastChange: z.string().nullable(),
  /** Why it was last changed. */
  lastChangeReason: z.string().nullable(),
});
export type FraudRule = z.infer<typeof fraudRule>;

export const FRAUD_RULE_CHANGES = ['created', 'changed', 'enabled', 'disabled', 'deleted'] as const;
export type FraudRuleChange = (typeof FRAUD_RULE_CHANGES)[number];

/** A rule as one version of its history kept it. */
export const fraudRuleSnapshot = z.object({
  name: z.string(),
  kind: fraudRuleKindField,
  params: z.record(z.string(), z.number()),
  action: ruleActionField,
  enabled: z.boolean(),
});
export type FraudRuleSnapshot = z.infer<typeof fraudRuleSnapshot>;

/** One change of a rule: who, when, what it was before and after, and why. */
export const fraudRuleVersion = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  /** The rule's name after the change (before it, for a deletion). */
  ruleName: z.string(),
  change: z.enum(FRAUD_RULE_CHANGES),
  /** What changed, in words ("action hold for review → block"). */
  summary: z.string(),
  reason: z.string(),
  /** Null for the rule's creation. */
  before: fraudRuleSnapshot.nullable(),
  /** Null for its deletion. */
  after: fraudRuleSnapshot.nullable(),
  /** Who changed it (name); null for the default rules the migration created. */
  changedBy: z.string().nullable(),
  changedAt: timestamp,
});
export type FraudRuleVersion = z.infer<typeof fraudRuleVersion>;

/** A beneficiary account transfers may not be paid to. */
export const blockedBeneficiary = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  /** The bank's short name; the code again when it is not a bank we know. */
  bankName: z.string(),
  accountNumber: z.string(),
  /** The name the bank holds for the account, when the admin gave it. */
  accountName: z.string().nullable(),
  reason: z.string(),
  addedAt: timestamp,
  /** Who added it (name). */
  addedBy: z.string().nullable(),
});
export type BlockedBeneficiary = z.infer<typeof blockedBeneficiary>;

/** One rule's verdict on a transfer. */
export const ruleEvaluation = z.object({
  ruleId: z.number().int(),
  ruleName: z.string(),
  kind: fraudRuleKindField,
  matched: z.boolean(),
  action: ruleActionField,
  /** Why it matched or not, in words. */
  reason: z.string(),
});

/** Every enabled rule's verdict on a transfer, and what they decide together. */
export const rulesVerdict = z.object({
  /** The most severe action among the matched rules (block > hold > allow); allow when none matched. */
  action: ruleActionField,
  /** Every enabled rule, matched or not, in rule order. */
  evaluations: z.array(ruleEvaluation),
  /** The sentence of the most severe matched rule; null when the transfer is allowed. */
  reason: z.string().nullable(),
});
