import {
  alreadyInState,
  getSwitchingMiddleware,
  middlewareWords,
  setSwitchingMiddleware,
  SWITCHING_MIDDLEWARE_WORDS,
  SWITCHING_MIDDLEWARES,
  switchingMiddlewareHistory,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import {
  insertRoutingChange,
  lockMiddleware,
  readMiddleware,
  type RoutingChangeDbRow,
  routingChangeQuery,
  writeMiddleware,
} from './transfer-routing.repository';

async function middlewareState(db: Db) {
  const stored = await readMiddleware(db);
  return {
    middleware: stored.middleware,
    name: SWITCHING_MIDDLEWARE_WORDS[stored.middleware],
    options: SWITCHING_MIDDLEWARES.map((middleware) => ({ middleware, name: SWITCHING_MIDDLEWARE_WORDS[middleware] })),
    reason: stored.reason,
    changedAt: isoTimestampOrNull(stored.changedAt),
    changedBy: stored.changedBy,
  };
}

export const getSwitchingMiddlewareHandler = implement(getSwitchingMiddleware, ({ ctx }) => middlewareState(ctx.db));

export const setSwitchingMiddlewareHandler = implement(setSwitchingMiddleware, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const before = await lockMiddleware(ctx.db);
  if (before === input.middleware) throw alreadyInState(`Card transactions already go through ${middlewareWords(input.middleware)}`);
  await writeMiddleware(ctx.db, { middleware: input.middleware, reason: input.reason, adminId: actor.id, at: ctx.now });
  await insertRoutingChange(ctx.db, {
    area: 'middleware',
    subject: 'middleware',
    from: before,
    to: input.middleware,
    reason: input.reason,
    adminId: actor.id,
    at: ctx.now,
  });
  const state = await middlewareState(ctx.db);
  return { ...state, message: `Card transactions go through ${state.name} from the next one on (was ${middlewareWords(before)}).` };
});

export const switchingMiddlewareHistoryHandler = implementList(switchingMiddlewareHistory, ({ ctx }) => ({
  query: routingChangeQuery(ctx.db, 'middleware'),
  cursor: { column: 'c.id', key: 'id', direction: 'desc' },
  map: (row: RoutingChangeDbRow) => ({
    id: Number(row.id),
    subject: 'Switching middleware',
    from: row.from_value === null ? null : middlewareWords(row.from_value),
    to: middlewareWords(row.to_value),
    reason: row.reason,
    changedBy: row.changed_by_email,
    changedAt: isoTimestamp(row.changed_at),
  }),
}));
