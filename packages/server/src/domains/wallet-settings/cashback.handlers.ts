import {
  alreadyInState,
  type CashbackActivationRow,
  type CashbackRule,
  createCashbackRule,
  formatNaira,
  listCashbackActivations,
  listCashbackRules,
  notFound,
  setCashbackActivation,
  setCashbackActivationBulk,
  updateCashbackRule,
} from '@traction/core';
import { sql, type SqlBool } from 'kysely';
import { koboFromDatabase } from '@traction/core';
import { lowerPrefixPattern } from '../../db/like';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { resolveSelection } from '../../handling/selection';
import {
  type CashbackActivationDbRow,
  cashbackActivationQuery,
  cashbackRuleQuery,
  type CashbackRuleRow,
  type CashbackRuleValues,
  findCashbackRule,
  insertCashbackRule,
  lockActivations,
  lockCashbackRule,
  writeActivations,
  writeCashbackRule,
} from './wallet-settings.repository';

function toCashbackRule(row: CashbackRuleRow): CashbackRule {
  return {
    id: row.id,
    name: row.name,
    percentageBasisPoints: row.percentage_bp,
    cap: koboFromDatabase(row.cap),
    minimumTransaction: koboFromDatabase(row.minimum_transaction),
    appliesTo: row.applies_to,
    active: row.active,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
    updatedBy: row.updated_by_email ?? null,
  };
}

/** "1.5% up to ₦500.00 on POS credits of ₦1,000.00 or more". */
function ruleWords(rule: CashbackRule): string {
  const minimum = rule.minimumTransaction > 0 ? ` of ${formatNaira(rule.minimumTransaction)} or more` : '';
  return `${rule.percentageBasisPoints / 100}% up to ${formatNaira(rule.cap)} on POS credits${minimum}`;
}

export const listCashbackRulesHandler = implementList(listCashbackRules, ({ input, ctx }) => {
  let query = cashbackRuleQuery(ctx.db);
  if (input.active !== undefined) query = query.where('r.active', '=', input.active);
  if (input.search) query = query.where(sql<SqlBool>`lower(r.name) like ${lowerPrefixPattern(input.search)}`);
  return { query, cursor: { column: 'r.id', key: 'id', direction: 'desc' }, map: toCashbackRule };
});

export const createCashbackRuleHandler = implement(createCashbackRule, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const id = await insertCashbackRule(
    ctx.db,
    {
      name: input.name,
      percentageBasisPoints: input.percentageBasisPoints,
      cap: input.cap,
      minimumTransaction: input.minimumTransaction ?? 0,
      appliesTo: input.appliesTo,
      active: input.active,
    },
    { adminId: actor.id, at: ctx.now },
  );
  const rule = toCashbackRule((await findCashbackRule(ctx.db, id))!);
  return { rule, message: `Cashback rule “${rule.name}” created: ${ruleWords(rule)}${rule.active ? '' : ' (inactive)'}.` };
});

export const updateCashbackRuleHandler = implement(updateCashbackRule, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const locked = await lockCashbackRule(ctx.db, input.id);
  if (!locked) throw notFound(`Cashback rule ${input.id} does not exist`);
  const before: CashbackRuleValues = {
    name: locked.name,
    percentageBasisPoints: locked.percentage_bp,
    cap: koboFromDatabase(locked.cap),
    minimumTransaction: koboFromDatabase(locked.minimum_transaction),
    appliesTo: locked.applies_to,
    active: locked.active,
  };
  const after: CashbackRuleValues = {
    name: input.name ?? before.name,
    percentageBasisPoints: input.percentageBasisPoints ?? before.percentageBasisPoints,
    cap: input.cap ?? before.cap,
    minimumTransaction: input.noMinimum ? 0 : (input.minimumTransaction ?? before.minimumTransaction),
    appliesTo: input.appliesTo ?? before.appliesTo,
    active: input.active ?? before.active,
  };
  if ((Object.keys(after) as (keyof CashbackRuleValues)[]).every((key) => after[key] === before[key])) {
    throw alreadyInState(`Cashback rule “${before.name}” is already so`);
  }
  await writeCashbackRule(ctx.db, input.id, after, { adminId: actor.id, at: ctx.now });
  const rule = toCashbackRule((await findCashbackRule(ctx.db, input.id))!);
  return { rule, message: `Cashback rule “${rule.name}”: ${ruleWords(rule)}${rule.active ? '' : ' (inactive)'}.` };
});

function toActivationRow(row: CashbackActivationDbRow): CashbackActivationRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    walletStatus: row.wallet_status ?? null,
    cashbackActive: row.active ?? false,
    changedAt: isoTimestampOrNull(row.changed_at),
    changedBy: row.changed_by_email ?? null,
  };
}

export const listCashbackActivationsHandler = implementList(listCashbackActivations, ({ input, ctx }) => {
  let query = cashbackActivationQuery(ctx.db);
  if (input.active === true) query = query.where('c.active', '=', true);
  if (input.active === false) query = query.where((eb) => eb.or([eb('c.active', 'is', null), eb('c.active', '=', false)]));
  if (input.search) {
    const pattern = lowerPrefixPattern(input.search);
    const id = /^\d{1,9}$/.test(input.search) ? Number(input.search) : null;
    query = query.where(sql<SqlBool>`(lower(b.name) like ${pattern} or lower(b.email) like ${pattern}${id === null ? sql`` : sql` or b.id = ${id}`})`);
  }
  return { query, cursor: { column: 'b.id', key: 'id', direction: 'desc' }, map: toActivationRow };
});

const activationState = (active: boolean) => (active ? 'already earns cashback' : 'does not earn cashback');

export const setCashbackActivationHandler = implement(setCashbackActivation, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const [business] = await lockActivations(ctx.db, [input.id]);
  if (!business) throw notFound(`Business ${input.id} does not exist`);
  if (business.active === input.active) throw alreadyInState(`${business.name} ${activationState(input.active)}`);
  await writeActivations(ctx.db, [business.id], { active: input.active, adminId: actor.id, at: ctx.now });
  const row = toActivationRow((await cashbackActivationQuery(ctx.db).where('b.id', '=', business.id).executeTakeFirst())!);
  return {
    business: row,
    message: input.active ? `${row.name} earns cashback under the active rules.` : `${row.name} no longer earns cashback.`,
  };
});

export const setCashbackActivationBulkHandler = implement(setCashbackActivationBulk, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const { rows, missing } = await resolveSelection<CashbackActivationRow>(ctx, listCashbackActivationsHandler, input);
  const skipped = missing.map((id) => ({ id, reason: 'no such business' }));
  // Decided on the locked rows, not the list's read: a change another admin committed meanwhile is skipped and said so.
  const locked = await lockActivations(
    ctx.db,
    rows.map((row) => row.id),
  );
  const targets: number[] = [];
  for (const business of locked) {
    if (business.active === input.active) skipped.push({ id: business.id, reason: activationState(input.active) });
    else targets.push(business.id);
  }
  await writeActivations(ctx.db, targets, { active: input.active, adminId: actor.id, at: ctx.now });
  return { matched: rows.length, changed: targets.length, skipped };
});
