import {
  addTerminalPrice,
  badRequest,
  conflict,
  listTerminalPrices,
  notFound,
  providerByName,
  terminalPriceHistory,
  updateTerminalPrice,
} from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import type { HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { priceChangeQuery, terminalPriceQuery, toPriceChange, toTerminalPrice } from './terminal-prices.repository';

export const listTerminalPricesHandler = implementList(listTerminalPrices, ({ input, ctx }) => {
  let query = terminalPriceQuery(ctx.db);
  if (input.provider) query = query.where('tp.provider', '=', input.provider);
  if (input.plan) query = query.where('tp.plan', '=', input.plan);
  return { query, cursor: { column: 'tp.id', key: 'id', direction: 'asc' }, map: toTerminalPrice };
});

async function priceOf(ctx: HandlerContext, id: number) {
  const row = await terminalPriceQuery(ctx.db).where('tp.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Terminal price ${id} does not exist`);
  return toTerminalPrice(row);
}

export const addTerminalPriceHandler = implement(addTerminalPrice, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const provider = providerByName(input.provider)!;
  const model = provider.models.find((name) => name.toLowerCase() === input.model.toLowerCase());
  if (!model)
    throw badRequest(`${provider.name} makes no model ${input.model}`, [
      { field: 'model', message: `must be one of ${provider.name}'s models: ${provider.models.join(', ')}` },
    ]);
  const existing = await ctx.db
    .selectFrom('terminal_prices')
    .select('id')
    .where('provider', '=', provider.name)
    .where('model', '=', model)
    .where('plan', '=', input.plan)
    .executeTakeFirst();
  if (existing)
    throw conflict(`${provider.name} ${model} already has a ${input.plan.toLowerCase()} price (#${existing.id}): change it instead`, {
      reason: 'already_exists',
      price: existing.id,
    });
  const row = await ctx.db
    .insertInto('terminal_prices')
    .values({ provider: provider.name, model, plan: input.plan, amount: input.amount, changed_at: ctx.now, changed_by: admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('terminal_price_changes')
    .values({ price_id: row.id, amount: input.amount, previous_amount: null, reason: 'First price', admin_id: admin.id, at: ctx.now })
    .execute();
  return priceOf(ctx, row.id);
});

export const updateTerminalPriceHandler = implement(updateTerminalPrice, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const before = await ctx.db.selectFrom('terminal_prices').select(['id', 'amount']).where('id', '=', input.id).forUpdate().executeTakeFirst();
  if (!before) throw notFound(`Terminal price ${input.id} does not exist`);
  if (before.amount === BigInt(input.amount)) throw conflict('That is already its price: nothing changed', { reason: 'unchanged' });
  await ctx.db.updateTable('terminal_prices').set({ amount: input.amount, changed_at: ctx.now, changed_by: admin.id }).where('id', '=', input.id).execute();
  await ctx.db
    .insertInto('terminal_price_changes')
    .values({ price_id: input.id, amount: input.amount, previous_amount: before.amount, reason: input.reason, admin_id: admin.id, at: ctx.now })
    .execute();
  return priceOf(ctx, input.id);
});

export const terminalPriceHistoryHandler = implementList(
  terminalPriceHistory,
  ({ input, ctx }) => ({ query: priceChangeQuery(ctx.db, input.id), cursor: { column: 'c.id', key: 'id', direction: 'desc' }, map: toPriceChange }),
  {
    precondition: async ({ input, ctx }) => {
      await priceOf(ctx, input.id);
    },
  },
);
