import { FRAUD_RULE_PARAM_NAMES, FRAUD_RULE_PARAMS_OF, type FraudRuleKind } from '@traction/core';

/**
 * The parameter fields a rule of this kind does not take, as `fixed` values left undefined: a
 * command form shows no field for a fixed value (and sends nothing for an undefined one), so a
 * velocity rule's form asks for transfers an hour and never for a threshold.
 */
export function hiddenRuleParams(kind: FraudRuleKind): Record<string, undefined> {
  const takes: readonly string[] = FRAUD_RULE_PARAMS_OF[kind];
  const hidden: Record<string, undefined> = {};
  for (const name of FRAUD_RULE_PARAM_NAMES) if (!takes.includes(name)) hidden[name] = undefined;
  // Only velocity has an hourly amount to remove.
  if (!takes.includes('maxAmountKobo')) hidden.noMaxAmount = undefined;
  return hidden;
}
