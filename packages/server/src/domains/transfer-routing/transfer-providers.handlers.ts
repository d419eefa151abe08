import {
  alreadyInState,
  badRequest,
  bankByCbnCode,
  clearBankRoute,
  conflict,
  listTransferProviders,
  markTransferProvider,
  providerWords,
  routedBankWords,
  routeTransfers,
  type RoutingChangeRow,
  setSandboxTransferOutage,
  TRANSFER_PROVIDER_WORDS,
  type TransferProviderState,
  type TransferRoute,
  transferRoutingHistory,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { SandboxTransferProvider } from '../../providers/transfers/sandbox-transfer-provider';
import type { TransferProviderName } from '../../providers/transfers/transfer-provider';
import { providerHealth, sendsThrough } from './transfer-routing';
import {
  ALL_BANKS,
  deleteRoute,
  insertRoutingChange,
  lockProviderState,
  lockRoute,
  readRoutes,
  readSandboxOutageSwitches,
  type RoutingChangeDbRow,
  routingChangeQuery,
  type StoredChange,
  type StoredRoute,
  writeProviderState,
  writeRoute,
} from './transfer-routing.repository';

const changeOf = (stored: StoredChange) => ({ reason: stored.reason, changedAt: isoTimestampOrNull(stored.changedAt), changedBy: stored.changedBy });

/** The providers and routes as they stand, read through `db` (a command's transaction sees its own change). */
async function overview(ctx: HandlerContext, db: Db) {
  const [health, routes, outages] = await Promise.all([providerHealth(db), readRoutes(db), readSandboxOutageSwitches(db)]);
  const down = new Set(health.filter((state) => state.down).map((state) => state.provider));
  const providers: TransferProviderState[] = health.map((state) => {
    const sandbox = ctx.deps.providers.transfers[state.provider] instanceof SandboxTransferProvider;
    return {
      provider: state.provider,
      name: TRANSFER_PROVIDER_WORDS[state.provider],
      mode: ctx.deps.providers.transfers[state.provider].mode,
      down: state.down,
      sandboxOutage: sandbox ? outages.has(state.provider) : null,
      ...changeOf(state),
    };
  });
  const toRoute = (route: StoredRoute): TransferRoute => ({
    bankCode: route.bankCode === ALL_BANKS ? null : route.bankCode,
    bankName: route.bankCode === ALL_BANKS ? 'All banks' : routedBankWords(route.bankCode),
    provider: route.provider,
    sendsThrough: sendsThrough(route.provider, down),
    ...changeOf(route),
  });
  const forAll = routes.find((route) => route.bankCode === ALL_BANKS);
  return {
    providers,
    routeForAll: toRoute(forAll ?? { bankCode: ALL_BANKS, provider: 'providus', reason: null, changedAt: null, changedBy: null }),
    bankRoutes: routes.filter((route) => route.bankCode !== ALL_BANKS).map(toRoute),
  };
}

/** What a new transfer to this route does now, in words. */
function routeSentence(route: TransferRoute): string {
  const to = route.bankCode === null ? 'all banks without a route of their own' : route.bankName;
  const now =
    route.sendsThrough === null
      ? ' Every provider is marked down: nothing is sent until one is marked up.'
      : route.sendsThrough !== route.provider
        ? ` It is marked down: they go through ${providerWords(route.sendsThrough)} meanwhile.`
        : '';
  return `New transfers to ${to} go through ${providerWords(route.provider)}.${now}`;
}

export const listTransferProvidersHandler = implement(listTransferProviders, ({ ctx }) => overview(ctx, ctx.db));

export const routeTransfersHandler = implement(routeTransfers, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  if (input.bankCode !== undefined && !bankByCbnCode(input.bankCode)) {
    throw badRequest(`No bank has the CBN code ${input.bankCode}`, [{ field: 'bankCode', message: 'is not a bank transfers can reach (see the bank list)' }]);
  }
  const bankCode = input.bankCode ?? ALL_BANKS;
  const before = await lockRoute(ctx.db, bankCode);
  if (before?.provider === input.provider) {
    throw alreadyInState(`Transfers to ${routedBankWords(input.bankCode)} already go through ${providerWords(input.provider)}`);
  }
  await writeRoute(ctx.db, { bankCode, provider: input.provider, reason: input.reason, adminId: actor.id, at: ctx.now });
  await insertRoutingChange(ctx.db, {
    area: 'providers',
    subject: `route:${bankCode}`,
    from: before?.provider ?? null,
    to: input.provider,
    reason: input.reason,
    adminId: actor.id,
    at: ctx.now,
  });
  const now = await overview(ctx, ctx.db);
  const route = input.bankCode === undefined ? now.routeForAll : now.bankRoutes.find((row) => row.bankCode === input.bankCode)!;
  return { route, message: routeSentence(route) };
});

export const clearBankRouteHandler = implement(clearBankRoute, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const before = await lockRoute(ctx.db, input.bankCode);
  if (!before) throw alreadyInState(`${routedBankWords(input.bankCode)} has no route of its own: its transfers follow the route of all banks`);
  await deleteRoute(ctx.db, input.bankCode);
  await insertRoutingChange(ctx.db, {
    area: 'providers',
    subject: `route:${input.bankCode}`,
    from: before.provider,
    to: ALL_BANKS,
    reason: input.reason,
    adminId: actor.id,
    at: ctx.now,
  });
  const { routeForAll } = await overview(ctx, ctx.db);
  return { routeForAll, message: `${routedBankWords(input.bankCode)} follows the route of all banks again: ${providerWords(routeForAll.provider)}.` };
});

export const markTransferProviderHandler = implement(markTransferProvider, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const down = input.state === 'down';
  const before = await lockProviderState(ctx.db, input.provider);
  if (before?.down === down) throw alreadyInState(`${providerWords(input.provider)} is already marked ${input.state}`);
  await writeProviderState(ctx.db, { provider: input.provider, down, reason: input.reason, adminId: actor.id, at: ctx.now });
  await insertRoutingChange(ctx.db, {
    area: 'providers',
    subject: `provider:${input.provider}`,
    from: before ? (before.down ? 'down' : 'up') : null,
    to: input.state,
    reason: input.reason,
    adminId: actor.id,
    at: ctx.now,
  });
  const now = await overview(ctx, ctx.db);
  const provider = now.providers.find((row) => row.provider === input.provider)!;
  const allDown = now.providers.every((row) => row.down);
  const message = !down
    ? `${provider.name} is marked up: new transfers routed to it go through it again.`
    : allDown
      ? `${provider.name} is marked down, and so is every other provider: new transfers are refused until one is marked up.`
      : `${provider.name} is marked down: new transfers routed to it go through ${providerWords(sendsThrough(input.provider, new Set(now.providers.filter((row) => row.down).map((row) => row.provider))))}; transfers already sent stay with it.`;
  return { provider, message };
});

/** A history row in words. */
function toChangeRow(row: RoutingChangeDbRow): RoutingChangeRow {
  const [kind, key = ''] = row.subject.split(':');
  const valueWords = (value: string) => (kind === 'route' ? (value === ALL_BANKS ? 'the route of all banks' : providerWords(value)) : value);
  return {
    id: Number(row.id),
    subject: kind === 'route' ? (key === ALL_BANKS ? 'Route of all banks' : `Route of ${routedBankWords(key)}`) : providerWords(key),
    from: row.from_value === null ? null : valueWords(row.from_value),
    to: valueWords(row.to_value),
    reason: row.reason,
    changedBy: row.changed_by_email,
    changedAt: isoTimestamp(row.changed_at),
  };
}

export const transferRoutingHistoryHandler = implementList(transferRoutingHistory, ({ ctx }) => ({
  query: routingChangeQuery(ctx.db, 'providers'),
  cursor: { column: 'c.id', key: 'id', direction: 'desc' },
  map: toChangeRow,
}));

export const setSandboxTransferOutageHandler = implement(setSandboxTransferOutage, async ({ input, ctx }) => {
  const provider = ctx.deps.providers.transfers[input.provider as TransferProviderName];
  if (!(provider instanceof SandboxTransferProvider)) {
    throw conflict(
      `${providerWords(input.provider)} is a real provider (${provider.mode}), not a sandbox: its outages are not ours to switch. Mark it down for routing instead.`,
      { reason: 'not_a_sandbox' },
    );
  }
  const on = (await readSandboxOutageSwitches(ctx.db)).has(input.provider);
  if (on === input.down) throw alreadyInState(`The sandbox outage of ${providerWords(input.provider)} is already ${on ? 'on' : 'off'}`);
  await provider.writeOutage(ctx.db, input.down, ctx.now);
  ctx.afterCommit(() => provider.noteOutage(input.down));
  const state = (await overview(ctx, ctx.db)).providers.find((row) => row.provider === input.provider)!;
  return {
    provider: state,
    message: input.down
      ? `The sandbox ${state.name} stops answering: every call fails as unavailable until the outage is switched off.${state.down ? '' : ' It is not marked down: new transfers are still routed to it.'}`
      : `The sandbox ${state.name} answers again.`,
  };
});
