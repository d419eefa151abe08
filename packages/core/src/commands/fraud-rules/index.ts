import type { AnyCommand } from '../../command';
import { addBlockedBeneficiary, listBlockedBeneficiaries, removeBlockedBeneficiary } from './blocked-beneficiaries';
import { createFraudRule, deleteFraudRule, listFraudRuleHistory, listFraudRules, tryFraudRules, updateFraudRule } from './fraud-rules';

export * from './blocked-beneficiaries';
export * from './fraud-rule-schemas';
export * from './fraud-rules';

/** The commands of the Fraud Rules Manager, in the order the palette and CLI help list them. */
export const fraudRuleCommands = [
  listFraudRules,
  createFraudRule,
  updateFraudRule,
  deleteFraudRule,
  listFraudRuleHistory,
  tryFraudRules,
  listBlockedBeneficiaries,
  addBlockedBeneficiary,
  removeBlockedBeneficiary,
] as const satisfies readonly AnyCommand[];
