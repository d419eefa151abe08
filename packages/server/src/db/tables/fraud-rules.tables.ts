import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { FraudRuleChange, FraudRuleKind, FraudRuleSnapshot, RuleAction } from '@traction/core';
import type { CreatedAt, Timestamp } from '../column-types';

/** A fraud rule on outgoing transfers (0020). `params` holds its kind's parameters, amounts in kobo. */
export interface FraudRulesTable {
  id: Generated<number>;
  name: string;
  kind: FraudRuleKind;
  params: JSONColumnType<Record<string, number>, string, string>;
  action: RuleAction;
  enabled: boolean;
  created_by: number | null;
  created_at: Timestamp;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** One change of a rule (0020): no foreign key to the rule, so a deleted rule's history stays. */
export interface FraudRuleVersionsTable {
  id: Generated<number>;
  rule_id: number;
  rule_name: string;
  change: FraudRuleChange;
  before: ColumnType<FraudRuleSnapshot | null, string | null, never>;
  after: ColumnType<FraudRuleSnapshot | null, string | null, never>;
  summary: string;
  reason: string;
  changed_by: number | null;
  changed_at: Timestamp;
}

/** A bank account transfers may not be paid to (0020). */
export interface FraudBlockedBeneficiariesTable {
  id: Generated<number>;
  bank_code: string;
  account_number: string;
  account_name: string | null;
  reason: string;
  added_by: number | null;
  added_at: CreatedAt;
}
