import {
  alreadyInState,
  badRequest,
  conflict,
  createFraudRule,
  deleteFraudRule,
  FRAUD_RULE_KIND_WORDS,
  FRAUD_RULE_PARAMS_OF,
  type FlatRuleParams,
  type FraudRule,
  type FraudRuleKind,
  type FraudRuleSnapshot,
  type FraudRuleState,
  type FraudRuleVersion,
  koboFromDatabase,
  listFraudRuleHistory,
  listFraudRules,
  notFound,
  RULE_ACTION_WORDS,
  type RuleAction,
  ruleChangeWords,
  ruleConditionWords,
  ruleParamIssues,
  tryFraudRules,
  updateFraudRule,
} from '@traction/core';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import { historyEntryFields } from '../../db/history-entry-fields';
import { isoTimestamp } from '../../db/timestamps';
import { isUniqueViolation } from '../../db/unique-violation';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { definitionOf, evaluateFacts, type RulesVerdict } from './evaluate';
import {
  deleteRule,
  findRule,
  insertRule,
  insertVersion,
  lockRule,
  ruleNameTaken,
  ruleQuery,
  type RuleRow,
  type RuleValues,
  versionQuery,
  type VersionRow,
  writeRule,
} from './fraud-rules.repository';

const kobo = (value: number | undefined) => (value === undefined ? null : koboFromDatabase(value));

function toFraudRule(row: RuleRow): FraudRule {
  const definition = definitionOf(row);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    kindWords: FRAUD_RULE_KIND_WORDS[row.kind],
    condition: ruleConditionWords(definition),
    thresholdKobo: kobo(row.params.thresholdKobo),
    maxTransfers: row.params.maxTransfers ?? null,
    maxAmountKobo: kobo(row.params.maxAmountKobo),
    action: row.action,
    actionWords: RULE_ACTION_WORDS[row.action],
    enabled: row.enabled,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
    updatedBy: row.updated_by_name,
    lastChange: row.last_change,
    lastChangeReason: row.last_reason,
  };
}

const stateOf = (rule: RuleValues & { id: number }): FraudRuleState => ({
  name: rule.name,
  definition: definitionOf(rule),
  action: rule.action,
  enabled: rule.enabled,
});

const snapshotOf = (rule: RuleValues): FraudRuleSnapshot => ({
  name: rule.name,
  kind: rule.kind,
  params: rule.params,
  action: rule.action,
  enabled: rule.enabled,
});

/** "held for review": what a matched rule does to a transfer. */
const ACTION_DOES: Readonly<Record<RuleAction, string>> = { allow: 'allowed (the match is recorded)', hold: 'held for review', block: 'blocked' };

/** The parameters a kind takes, from a command's flat fields; a parameter it does not take is a 400 naming its field. */
function paramsFor(kind: FraudRuleKind, flat: FlatRuleParams): Record<string, number> {
  const issues = ruleParamIssues(kind, flat);
  if (issues.length > 0) throw badRequest(`${issues[0]!.field} ${issues[0]!.message}`, issues);
  const params: Record<string, number> = {};
  for (const name of FRAUD_RULE_PARAMS_OF[kind]) {
    const value = flat[name];
    if (value !== undefined) params[name] = value;
  }
  return params;
}

async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  if (await ruleNameTaken(db, name, exceptId)) throw conflict(`A fraud rule is already called “${name}”: choose another name`, { reason: 'name_taken' });
}

/** Writes, turning a name taken by a concurrent change into the same 409 as one taken before. */
async function withUniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'fraud_rules_name')) throw conflict(`A fraud rule is already called “${name}”: choose another name`, { reason: 'name_taken' });
    throw error;
  }
}

export const listFraudRulesHandler = implementList(listFraudRules, ({ input, ctx }) => {
  let query = ruleQuery(ctx.db);
  if (input.enabled !== undefined) query = query.where('r.enabled', '=', input.enabled);
  if (input.kind) query = query.where('r.kind', '=', input.kind);
  if (input.action) query = query.where('r.action', '=', input.action);
  if (input.search) query = query.where(sql<SqlBool>`lower(r.name) like ${lowerPrefixPattern(input.search)}`);
  // Rule order is evaluation order: oldest first.
  return { query, cursor: { column: 'r.id', key: 'id', direction: 'asc' }, map: toFraudRule };
});

export const createFraudRuleHandler = implement(createFraudRule, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const values: RuleValues = { name: input.name, kind: input.kind, params: paramsFor(input.kind, input), action: input.action, enabled: input.enabled };
  await assertNameFree(ctx.db, values.name);
  const id = await withUniqueName(values.name, () => insertRule(ctx.db, values, { adminId: actor.id, at: ctx.now }));
  const after = stateOf({ ...values, id });
  await insertVersion(ctx.db, {
    ruleId: id,
    ruleName: values.name,
    change: 'created',
    before: null,
    after: snapshotOf(values),
    summary: ruleChangeWords(null, after),
    reason: input.reason,
    adminId: actor.id,
    at: ctx.now,
  });
  const rule = toFraudRule((await findRule(ctx.db, id))!);
  return {
    rule,
    message: `Fraud rule “${rule.name}” created: transfers matching it (${rule.condition}) are ${ACTION_DOES[rule.action]}${rule.enabled ? '' : ' once it is enabled'}.`,
  };
});

export const updateFraudRuleHandler = implement(updateFraudRule, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const locked = await lockRule(ctx.db, input.id);
  if (!locked) throw notFound(`Fraud rule ${input.id} does not exist`);
  const before: RuleValues = { name: locked.name, kind: locked.kind, params: locked.params, action: locked.action, enabled: locked.enabled };
  if (input.noMaxAmount && !FRAUD_RULE_PARAMS_OF[locked.kind].includes('maxAmountKobo')) {
    const message = `does not apply to a rule of kind “${FRAUD_RULE_KIND_WORDS[locked.kind].toLowerCase()}”`;
    throw badRequest(`noMaxAmount ${message}`, [{ field: 'noMaxAmount', message }]);
  }
  const given: FlatRuleParams = { thresholdKobo: input.thresholdKobo, maxTransfers: input.maxTransfers, maxAmountKobo: input.maxAmountKobo };
  const merged: FlatRuleParams = { ...before.params };
  for (const [name, value] of Object.entries(given)) if (value !== undefined) merged[name as keyof FlatRuleParams] = value;
  if (input.noMaxAmount) delete merged.maxAmountKobo;
  const after: RuleValues = {
    name: input.name ?? before.name,
    kind: before.kind,
    params: paramsFor(before.kind, merged),
    action: input.action ?? before.action,
    enabled: input.enabled ?? before.enabled,
  };
  const summary = ruleChangeWords(stateOf({ ...before, id: locked.id }), stateOf({ ...after, id: locked.id }));
  // The words cover the name, every parameter (to the kobo), the action and whether it is enabled.
  if (summary === 'no change') throw alreadyInState(`Fraud rule “${before.name}” is already so`);
  if (after.name.toLowerCase() !== before.name.toLowerCase()) await assertNameFree(ctx.db, after.name, locked.id);
  await withUniqueName(after.name, () => writeRule(ctx.db, locked.id, after, { adminId: actor.id, at: ctx.now }));
  const onlyEnabled = after.enabled !== before.enabled && summary === (after.enabled ? 'enabled' : 'disabled');
  await insertVersion(ctx.db, {
    ruleId: locked.id,
    ruleName: after.name,
    change: onlyEnabled ? (after.enabled ? 'enabled' : 'disabled') : 'changed',
    before: snapshotOf(before),
    after: snapshotOf(after),
    summary,
    reason: input.reason,
    adminId: actor.id,
    at: ctx.now,
  });
  const rule = toFraudRule((await findRule(ctx.db, locked.id))!);
  return {
    rule,
    message: `Fraud rule “${rule.name}”: ${summary}. From the next transfer, transfers matching it (${rule.condition}) are ${rule.enabled ? ACTION_DOES[rule.action] : 'not evaluated against it'}.`,
  };
});

export const deleteFraudRuleHandler = implement(deleteFraudRule, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const locked = await lockRule(ctx.db, input.id);
  if (!locked) throw notFound(`Fraud rule ${input.id} does not exist`);
  const before: RuleValues = { name: locked.name, kind: locked.kind, params: locked.params, action: locked.action, enabled: locked.enabled };
  await deleteRule(ctx.db, locked.id);
  await insertVersion(ctx.db, {
    ruleId: locked.id,
    ruleName: before.name,
    change: 'deleted',
    before: snapshotOf(before),
    after: null,
    summary: ruleChangeWords(stateOf({ ...before, id: locked.id }), null),
    reason: input.reason,
    adminId: actor.id,
    at: ctx.now,
  });
  return { ok: true as const, message: `Fraud rule “${before.name}” deleted: transfers are no longer evaluated against it. Its history stays.` };
});

function toVersion(row: VersionRow): FraudRuleVersion {
  return {
    id: row.id,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    ...historyEntryFields(row),
  };
}

export const listFraudRuleHistoryHandler = implementList(listFraudRuleHistory, ({ input, ctx }) => {
  let query = versionQuery(ctx.db);
  if (input.ruleId !== undefined) query = query.where('v.rule_id', '=', input.ruleId);
  return { query, cursor: { column: 'v.id', key: 'id', direction: 'desc' }, map: toVersion };
});

/** "Held for review: ₦6,000,000.00 is above the ₦5,000,000.00 threshold." */
function verdictMessage(verdict: RulesVerdict): string {
  if (verdict.action === 'block') return `Blocked: ${verdict.reason}.`;
  if (verdict.action === 'hold') return `Held for review: ${verdict.reason}.`;
  const recorded = verdict.evaluations.filter((evaluation) => evaluation.matched).length;
  if (verdict.evaluations.length === 0) return 'Allowed: no rule is enabled.';
  return recorded === 0
    ? `Allowed: none of the ${verdict.evaluations.length} enabled rules matched.`
    : `Allowed: ${recorded === 1 ? 'one rule' : `${recorded} rules`} matched, set to allow (the match is recorded on the transfer).`;
}

export const tryFraudRulesHandler = implement(tryFraudRules, async ({ input, ctx }) => {
  const verdict = await evaluateFacts(ctx.db, {
    fromMerchant: input.source === 'merchant',
    amountKobo: BigInt(input.amount),
    beneficiary: { bankCode: input.bankCode, accountNumber: input.accountNumber },
    transfersLastHour: input.transfersLastHour,
    amountLastHourKobo: BigInt(input.amountLastHour ?? 0),
    beneficiaryPaidBefore: input.beneficiaryPaidBefore,
  });
  return { ...verdict, message: verdictMessage(verdict) };
});
