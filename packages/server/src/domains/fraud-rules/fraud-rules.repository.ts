import type { FraudRuleChange, FraudRuleKind, FraudRuleSnapshot, RuleAction } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';

// ---- rules

/** Every rule with who last changed it and its last change from the history; callers filter and page it. */
export function ruleQuery(db: Db) {
  return db
    .selectFrom('fraud_rules as r')
    .leftJoin('admins as a', 'a.id', 'r.updated_by')
    .select((eb) => [
      'r.id',
      'r.name',
      'r.kind',
      'r.params',
      'r.action',
      'r.enabled',
      'r.created_at',
      'r.updated_at',
      adminNameSql('a').as('updated_by_name'),
      eb.selectFrom('fraud_rule_versions as v').select('v.summary').whereRef('v.rule_id', '=', 'r.id').orderBy('v.id', 'desc').limit(1).as('last_change'),
      eb.selectFrom('fraud_rule_versions as v').select('v.reason').whereRef('v.rule_id', '=', 'r.id').orderBy('v.id', 'desc').limit(1).as('last_reason'),
    ]);
}

export type RuleRow = Awaited<ReturnType<ReturnType<typeof ruleQuery>['execute']>>[number];

export function findRule(db: Db, id: number) {
  return ruleQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/** The rule under a row lock, so two admins changing it take turns and each history row's "before" is what it replaced. */
export function lockRule(db: Db, id: number) {
  return db.selectFrom('fraud_rules').select(['id', 'name', 'kind', 'params', 'action', 'enabled']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The rules every transfer is evaluated against, in rule order. */
export function enabledRules(db: Db) {
  return db.selectFrom('fraud_rules').select(['id', 'name', 'kind', 'params', 'action']).where('enabled', '=', true).orderBy('id').execute();
}

export interface RuleValues {
  name: string;
  kind: FraudRuleKind;
  params: Record<string, number>;
  action: RuleAction;
  enabled: boolean;
}

export async function insertRule(db: Db, rule: RuleValues, change: { adminId: number; at: Date }): Promise<number> {
  const row = await db
    .insertInto('fraud_rules')
    .values({
      name: rule.name,
      kind: rule.kind,
      params: JSON.stringify(rule.params),
      action: rule.action,
      enabled: rule.enabled,
      created_by: change.adminId,
      created_at: change.at,
      updated_by: change.adminId,
      updated_at: change.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function writeRule(db: Db, id: number, rule: RuleValues, change: { adminId: number; at: Date }): Promise<void> {
  await db
    .updateTable('fraud_rules')
    .set({
      name: rule.name,
      params: JSON.stringify(rule.params),
      action: rule.action,
      enabled: rule.enabled,
      updated_by: change.adminId,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteRule(db: Db, id: number): Promise<void> {
  await db.deleteFrom('fraud_rules').where('id', '=', id).execute();
}

/** Whether another rule already has this name (whatever the case). */
export async function ruleNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('fraud_rules').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

// ---- history

export function versionQuery(db: Db) {
  return db
    .selectFrom('fraud_rule_versions as v')
    .leftJoin('admins as a', 'a.id', 'v.changed_by')
    .select([
      'v.id',
      'v.rule_id',
      'v.rule_name',
      'v.change',
      'v.before',
      'v.after',
      'v.summary',
      'v.reason',
      'v.changed_at',
      adminNameSql('a').as('changed_by_name'),
    ]);
}

export type VersionRow = Awaited<ReturnType<ReturnType<typeof versionQuery>['execute']>>[number];

export async function insertVersion(
  db: Db,
  version: {
    ruleId: number;
    ruleName: string;
    change: FraudRuleChange;
    before: FraudRuleSnapshot | null;
    after: FraudRuleSnapshot | null;
    summary: string;
    reason: string;
    adminId: number;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('fraud_rule_versions')
    .values({
      rule_id: version.ruleId,
      rule_name: version.ruleName,
      change: version.change,
      before: version.before ? JSON.stringify(version.before) : null,
      after: version.after ? JSON.stringify(version.after) : null,
      summary: version.summary,
      reason: version.reason,
      changed_by: version.adminId,
      changed_at: version.at,
    })
    .execute();
}

// ---- blocked beneficiaries

export function blockedQuery(db: Db) {
  return db
    .selectFrom('fraud_blocked_beneficiaries as b')
    .leftJoin('admins as a', 'a.id', 'b.added_by')
    .select(['b.id', 'b.bank_code', 'b.account_number', 'b.account_name', 'b.reason', 'b.added_at', adminNameSql('a').as('added_by_name')]);
}

export type BlockedRow = Awaited<ReturnType<ReturnType<typeof blockedQuery>['execute']>>[number];

/** The list's entry for one account (what a transfer to it is checked against). */
export function findBlocked(db: Db, bankCode: string, accountNumber: string) {
  return blockedQuery(db).where('b.bank_code', '=', bankCode).where('b.account_number', '=', accountNumber).executeTakeFirst();
}

/** Adds an account; null when it is already on the list (a concurrent add included). */
export async function insertBlocked(
  db: Db,
  entry: { bankCode: string; accountNumber: string; accountName: string | null; reason: string; adminId: number; at: Date },
): Promise<number | null> {
  const row = await db
    .insertInto('fraud_blocked_beneficiaries')
    .values({
      bank_code: entry.bankCode,
      account_number: entry.accountNumber,
      account_name: entry.accountName,
      reason: entry.reason,
      added_by: entry.adminId,
      added_at: entry.at,
    })
    .onConflict((oc) => oc.columns(['bank_code', 'account_number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Removes an account; whether it was on the list. */
export async function deleteBlocked(db: Db, bankCode: string, accountNumber: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('fraud_blocked_beneficiaries')
    .where('bank_code', '=', bankCode)
    .where('account_number', '=', accountNumber)
    .returning('id')
    .executeTakeFirst();
  return removed !== undefined;
}
