import { conflict, listFraud, notFound, updateFraudStatus, updateFraudStatusBulk, type RiskBusiness } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { requireAdmin, type HandlerContext } from '../../http/handler-context';
import { implement, implementList } from '../../http/implement';
import { resolveSelection } from '../../http/selection';
import { recordBusinessEvents, type BusinessEvent } from '../merchants/index';
import { businessSearch, findRiskBusiness, lockBusiness, riskBusinessQuery, toRiskBusiness } from './risk.repository';

export const listFraudHandler = implementList(listFraud, ({ input, ctx }) => {
  let query = riskBusinessQuery(ctx.db);
  if (input.is_fraud !== undefined) query = query.where('b.is_fraud', '=', input.is_fraud);
  if (input.kyc_override === true) query = query.where((eb) => eb.or([eb('b.kyc_exempt', '=', true), eb('b.bvn_exempt', '=', true)]));
  if (input.kyc_override === false) query = query.where('b.kyc_exempt', '=', false).where('b.bvn_exempt', '=', false);
  if (input.has_wallet !== undefined) query = query.where('w.uid', input.has_wallet ? 'is not' : 'is', null);
  if (input.search) query = query.where(businessSearch(input.search));
  return { query, cursor: { column: 'b.id', key: 'id', direction: 'desc' }, map: toRiskBusiness };
});

/**
 * Marks (or clears) fraud on businesses not already in that state, and says so in each one's
 * history. Marking also withdraws trust: trust never outranks a fraud mark. Returns the ids changed.
 */
async function setFraud(ctx: HandlerContext, ids: readonly number[], mark: boolean, reason: string | undefined): Promise<number[]> {
  const actor = requireAdmin(ctx);
  if (ids.length === 0) return [];
  const db: Db = ctx.db;
  const before = await db.selectFrom('businesses').select(['id', 'is_trusted']).where(sql<boolean>`id = any(${ids})`).where('is_fraud', '<>', mark).forUpdate().execute();
  if (before.length === 0) return [];
  const changed = before.map((row) => row.id);
  await db
    .updateTable('businesses')
    .set(
      mark
        ? { is_fraud: true, fraud_reason: reason ?? null, fraud_marked_by: actor.id, fraud_marked_at: ctx.now, is_trusted: false, trusted_by: null, trusted_at: null, updated_at: ctx.now }
        : { is_fraud: false, fraud_reason: null, fraud_marked_by: null, fraud_marked_at: null, updated_at: ctx.now },
    )
    .where(sql<boolean>`id = any(${changed})`)
    .execute();
  const events: BusinessEvent[] = [];
  for (const row of before) {
    events.push({
      businessId: row.id,
      kind: mark ? 'fraud.marked' : 'fraud.cleared',
      message: mark ? `Marked as fraud: ${reason}` : `Fraud mark cleared${reason ? `: ${reason}` : ''}`,
      adminId: actor.id,
      details: reason ? { reason } : {},
      at: ctx.now,
    });
    if (mark && row.is_trusted) {
      events.push({ businessId: row.id, kind: 'trust.revoked', message: 'Trust withdrawn: the business was marked as fraud', adminId: actor.id, details: { cause: 'fraud.marked' }, at: ctx.now });
    }
  }
  await recordBusinessEvents(db, events);
  return changed;
}

const stateText = (mark: boolean) => (mark ? 'already marked as fraud' : 'not marked as fraud');

export const updateFraudStatusHandler = implement(updateFraudStatus, async ({ input, ctx }) => {
  // Decided under the row's lock: a mark another admin commits meanwhile makes this a 409, never an "ok" that changed nothing.
  const business = await lockBusiness(ctx.db, input.id);
  if (!business) throw notFound(`Business ${input.id} does not exist`);
  if (business.is_fraud === input.is_fraud) throw conflict(`${business.name} is ${stateText(input.is_fraud)}`);
  await setFraud(ctx, [business.id], input.is_fraud, input.reason);
  const after = (await findRiskBusiness(ctx.db, business.id))!;
  const message = input.is_fraud
    ? `${after.name} is marked as fraud: no money moves in or out${business.is_trusted ? ', and its trust was withdrawn' : ''}.`
    : `${after.name} is no longer marked as fraud.`;
  return { business: after, message };
});

export const updateFraudStatusBulkHandler = implement(updateFraudStatusBulk, async ({ input, ctx }) => {
  const { rows, missing } = await resolveSelection<RiskBusiness>(ctx, listFraudHandler, input);
  const skipped = missing.map((id) => ({ id, reason: 'no such business' }));
  const targets: number[] = [];
  for (const business of rows) {
    if (business.isFraud === input.is_fraud) skipped.push({ id: business.id, reason: stateText(input.is_fraud) });
    else targets.push(business.id);
  }
  const changed = await setFraud(ctx, targets, input.is_fraud, input.reason);
  // Read before the write: a business another admin changed meanwhile is skipped, and said so.
  const done = new Set(changed);
  for (const id of targets) if (!done.has(id)) skipped.push({ id, reason: stateText(input.is_fraud) });
  return { matched: rows.length, changed: changed.length, skipped };
});
