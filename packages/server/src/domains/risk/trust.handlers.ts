import { alreadyInState, conflict, listTrust, notFound, toggleTrust } from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { setTrust } from './flags';
import { businessSearch, findRiskBusiness, lockBusiness, riskBusinessCsv, riskBusinessQuery, toRiskBusiness } from './risk.repository';

export const listTrustHandler = implementList(listTrust, ({ input, ctx }) => {
  let query = riskBusinessQuery(ctx.db);
  if (input.isTrusted !== undefined) query = query.where('b.is_trusted', '=', input.isTrusted);
  if (input.search) query = query.where(businessSearch(input.search));
  return { query, cursor: { column: 'b.id', key: 'id', direction: 'desc' }, map: toRiskBusiness, csv: riskBusinessCsv };
});

export const toggleTrustHandler = implement(toggleTrust, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  // Decided under the row's lock: a fraud mark committed meanwhile is seen, so a business is never both.
  const business = await lockBusiness(ctx.db, input.id);
  if (!business) throw notFound(`Business ${input.id} does not exist`);
  if (business.is_trusted === input.isTrusted) throw alreadyInState(`${business.name} is ${input.isTrusted ? 'already trusted' : 'not trusted'}`);
  if (input.isTrusted && business.is_fraud)
    throw conflict(`${business.name} is marked as fraud and cannot be trusted; clear the fraud mark first`, { reason: 'fraud' });
  await setTrust(ctx.db, business.id, { trusted: input.isTrusted, actor, at: ctx.now });
  const after = (await findRiskBusiness(ctx.db, business.id))!;
  return { business: after, message: input.isTrusted ? `${after.name} is trusted.` : `${after.name} is no longer trusted.` };
});
