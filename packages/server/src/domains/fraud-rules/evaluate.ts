import { type FraudRuleDefinition, fraudRuleDefinition, type FraudRuleKind, matchRule, moreSevere, type RuleAction, type TransferFacts } from '@traction/core';
import type { Db } from '../../db/connect';
import { enabledRules, findBlocked } from './fraud-rules.repository';

export interface RuleEvaluation {
  ruleId: number;
  ruleName: string;
  kind: FraudRuleKind;
  matched: boolean;
  action: RuleAction;
  /** a sentence: "₦6,000,000.00 is above the ₦5,000,000.00 threshold" */
  reason: string;
}

export interface RulesVerdict {
  action: RuleAction;
  evaluations: RuleEvaluation[];
  /** the sentence of the most severe matched rule, null when allowed */
  reason: string | null;
}

/** A stored rule's kind and parameters as core reads them; a row that does not parse is a fault (a 500), never a rule quietly skipped. */
export function definitionOf(row: { id: number; kind: FraudRuleKind; params: Record<string, number> }): FraudRuleDefinition {
  const parsed = fraudRuleDefinition.safeParse({ ...row.params, kind: row.kind });
  if (!parsed.success) throw new Error(`Fraud rule ${row.id} has parameters its kind does not take: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Evaluates every enabled rule against one transfer's facts, in rule order, and decides: the
 * most severe matched action (block > hold > allow), with the first such rule's sentence. The
 * blocked-beneficiaries list is read only when an enabled rule asks about it.
 */
export async function evaluateFacts(db: Db, facts: Omit<TransferFacts, 'blockedBeneficiary'>): Promise<RulesVerdict> {
  const rules = await enabledRules(db);
  const blocked = rules.some((rule) => rule.kind === 'blocked_beneficiary')
    ? await findBlocked(db, facts.beneficiary.bankCode, facts.beneficiary.accountNumber)
    : undefined;
  const full: TransferFacts = { ...facts, blockedBeneficiary: blocked ? { reason: blocked.reason } : null };
  const evaluations = rules.map((rule): RuleEvaluation => {
    const { matched, reason } = matchRule(definitionOf(rule), full);
    return { ruleId: rule.id, ruleName: rule.name, kind: rule.kind, matched, action: rule.action, reason };
  });
  const matched = evaluations.filter((evaluation) => evaluation.matched);
  const action = matched.reduce<RuleAction>((worst, evaluation) => moreSevere(worst, evaluation.action), 'allow');
  const reason = action === 'allow' ? null : (matched.find((evaluation) => evaluation.action === action)?.reason ?? null);
  return { action, evaluations, reason };
}
