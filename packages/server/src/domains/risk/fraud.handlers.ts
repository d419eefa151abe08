import { alreadyInState, listFraud, notFound, updateFraudStatus, updateFraudStatusBulk, type RiskBusiness } from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { resolveSelection } from '../../handling/selection';
import { markFraud } from './flags';
import { businessSearch, findRiskBusiness, lockBusiness, riskBusinessCsv, riskBusinessQuery, toRiskBusiness } from './risk.repository';

export const listFraudHandler = implementList(listFraud, ({ input, ctx }) => {
  let query = riskBusinessQuery(ctx.db);
  if (input.is_fraud !== undefined) query = query.where('b.is_fraud', '=', input.is_fraud);
  if (input.kyc_override === true) query = query.where((eb) => eb.or([eb('b.kyc_exempt', '=', true), eb('b.bvn_exempt', '=', true)]));
  if (input.kyc_override === false) query = query.where('b.kyc_exempt', '=', false).where('b.bvn_exempt', '=', false);
  if (input.has_wallet !== undefined) query = query.where('w.uid', input.has_wallet ? 'is not' : 'is', null);
  if (input.search) query = query.where(businessSearch(input.search));
  return { query, cursor: { column: 'b.id', key: 'id', direction: 'desc' }, map: toRiskBusiness, csv: riskBusinessCsv };
});

const stateText = (mark: boolean) => (mark ? 'already marked as fraud' : 'not marked as fraud');

export const updateFraudStatusHandler = implement(updateFraudStatus, async ({ input, ctx }) => {
  // Decided under the row's lock: a mark another admin commits meanwhile makes this a 409, never an "ok" that changed nothing.
  const business = await lockBusiness(ctx.db, input.id);
  if (!business) throw notFound(`Business ${input.id} does not exist`);
  if (business.is_fraud === input.is_fraud) throw alreadyInState(`${business.name} is ${stateText(input.is_fraud)}`);
  await markFraud(ctx.db, [business.id], { mark: input.is_fraud, reason: input.reason, actor: requireAdmin(ctx), at: ctx.now });
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
  const changed = await markFraud(ctx.db, targets, { mark: input.is_fraud, reason: input.reason, actor: requireAdmin(ctx), at: ctx.now });
  // Read before the write: a business another admin changed meanwhile is skipped, and said so.
  const done = new Set(changed);
  for (const id of targets) if (!done.has(id)) skipped.push({ id, reason: stateText(input.is_fraud) });
  return { matched: rows.length, changed: changed.length, skipped };
});
