import type { FraudRuleKind, RuleAction } from '@traction/core';
import type { Db } from '../../db/connect';
import type { Implementation } from '../../handling/implement';
import { addBlockedBeneficiaryHandler, listBlockedBeneficiariesHandler, removeBlockedBeneficiaryHandler } from './blocked-beneficiaries.handlers';
import { evaluateFacts, type RuleEvaluation, type RulesVerdict } from './evaluate';
import {
  createFraudRuleHandler,
  deleteFraudRuleHandler,
  listFraudRuleHistoryHandler,
  listFraudRulesHandler,
  tryFraudRulesHandler,
  updateFraudRuleHandler,
} from './fraud-rules.handlers';

/**
 * Fraud rules on outgoing bank transfers (the Fraud Rules Manager): the rules as data with their
 * history, the blocked beneficiaries, and the evaluation the transfers domain asks for every
 * outgoing transfer (it records the evaluations on the transfer and owns the review queue of
 * what the rules hold).
 */
export type { FraudRuleKind, RuleAction, RuleEvaluation, RulesVerdict };

export interface TransferCandidate {
  /** null when the source is a company account (rules about merchants do not apply; amount and beneficiary rules do). */
  businessId: number | null;
  amountKobo: bigint;
  beneficiary: { bankCode: string; accountNumber: string; accountName: string | null };
  /** Facts the transfers domain reads for the rules. */
  recent: { transfersLastHour: number; amountLastHourKobo: bigint; beneficiaryPaidBefore: boolean };
}

/**
 * Evaluates every enabled rule against a transfer about to start, inside the caller's
 * transaction: each rule is listed, matched or not, with its sentence; the most severe matched
 * action wins (block > hold > allow). Reads only.
 */
export function evaluateTransferRules(db: Db, candidate: TransferCandidate): Promise<RulesVerdict> {
  return evaluateFacts(db, {
    fromMerchant: candidate.businessId !== null,
    amountKobo: candidate.amountKobo,
    beneficiary: { bankCode: candidate.beneficiary.bankCode, accountNumber: candidate.beneficiary.accountNumber },
    transfersLastHour: candidate.recent.transfersLastHour,
    amountLastHourKobo: candidate.recent.amountLastHourKobo,
    beneficiaryPaidBefore: candidate.recent.beneficiaryPaidBefore,
  });
}

/** Implementations of this domain's commands. */
export const fraudRuleImplementations: readonly Implementation[] = [
  listFraudRulesHandler,
  createFraudRuleHandler,
  updateFraudRuleHandler,
  deleteFraudRuleHandler,
  listFraudRuleHistoryHandler,
  tryFraudRulesHandler,
  listBlockedBeneficiariesHandler,
  addBlockedBeneficiaryHandler,
  removeBlockedBeneficiaryHandler,
];
