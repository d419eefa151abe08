import type { SwitchingMiddleware } from '@traction/core';
import type { Db } from '../../db/connect';
import type { TransferProviderName } from '../../providers/transfers/transfer-provider';

/** The route of all banks is stored under this bank code. */
export const ALL_BANKS = '*';

export interface StoredChange {
  reason: string | null;
  changedAt: Date | null;
  changedBy: string | null;
}

export interface StoredRoute extends StoredChange {
  bankCode: string;
  provider: TransferProviderName;
}

export interface StoredProviderState extends StoredChange {
  provider: TransferProviderName;
  down: boolean;
}

const change = (row: { reason: string | null; changed_at: Date | null; changed_by_email: string | null }): StoredChange => ({
  reason: row.reason,
  changedAt: row.changed_at,
  changedBy: row.changed_by_email,
});

function routeQuery(db: Db) {
  return db
    .selectFrom('transfer_routes as r')
    .leftJoin('admins as a', 'a.id', 'r.changed_by')
    .select(['r.bank_code', 'r.provider', 'r.reason', 'r.changed_at', 'a.email as changed_by_email']);
}

const toRoute = (row: Awaited<ReturnType<ReturnType<typeof routeQuery>['execute']>>[number]): StoredRoute => ({
  bankCode: row.bank_code,
  provider: row.provider,
  ...change(row),
});

/** Every route: the one of all banks first, then the banks' own by code. */
export async function readRoutes(db: Db): Promise<StoredRoute[]> {
  const rows = await routeQuery(db).orderBy('r.bank_code').execute();
  return rows.map(toRoute).sort((a, b) => Number(b.bankCode === ALL_BANKS) - Number(a.bankCode === ALL_BANKS));
}

/** The route of one bank and the route of all banks, whichever exist. */
export async function readRoutesFor(db: Db, bankCode: string): Promise<StoredRoute[]> {
  return (await routeQuery(db).where('r.bank_code', 'in', [bankCode, ALL_BANKS]).execute()).map(toRoute);
}

/** A route under a row lock, so two admins changing it take turns and the history's "from" is the one replaced. */
export async function lockRoute(db: Db, bankCode: string): Promise<{ provider: TransferProviderName } | undefined> {
  return db.selectFrom('transfer_routes').select('provider').where('bank_code', '=', bankCode).forUpdate().executeTakeFirst();
}

export async function writeRoute(
  db: Db,
  route: { bankCode: string; provider: TransferProviderName; reason: string; adminId: number; at: Date },
): Promise<void> {
  const values = { provider: route.provider, reason: route.reason, changed_by: route.adminId, changed_at: route.at };
  await db
    .insertInto('transfer_routes')
    .values({ bank_code: route.bankCode, ...values })
    .onConflict((conflict) => conflict.column('bank_code').doUpdateSet(values))
    .execute();
}

export async function deleteRoute(db: Db, bankCode: string): Promise<void> {
  await db.deleteFrom('transfer_routes').where('bank_code', '=', bankCode).execute();
}

export async function readProviderStates(db: Db): Promise<StoredProviderState[]> {
  const rows = await db
    .selectFrom('transfer_provider_states as s')
    .leftJoin('admins as a', 'a.id', 's.changed_by')
    .select(['s.provider', 's.down', 's.reason', 's.changed_at', 'a.email as changed_by_email'])
    .execute();
  return rows.map((row) => ({ provider: row.provider, down: row.down, ...change(row) }));
}

export async function lockProviderState(db: Db, provider: TransferProviderName): Promise<{ down: boolean } | undefined> {
  return db.selectFrom('transfer_provider_states').select('down').where('provider', '=', provider).forUpdate().executeTakeFirst();
}

export async function writeProviderState(
  db: Db,
  state: { provider: TransferProviderName; down: boolean; reason: string; adminId: number; at: Date },
): Promise<void> {
  await db
    .updateTable('transfer_provider_states')
    .set({ down: state.down, reason: state.reason, changed_by: state.adminId, changed_at: state.at })
    .where('provider', '=', state.provider)
    .execute();
}

export async function readMiddleware(db: Db): Promise<StoredChange & { middleware: SwitchingMiddleware }> {
  const row = await db
    .selectFrom('switching_middleware as m')
    .leftJoin('admins as a', 'a.id', 'm.changed_by')
    .select(['m.middleware', 'm.reason', 'm.changed_at', 'a.email as changed_by_email'])
    .executeTakeFirstOrThrow();
  return { middleware: row.middleware, ...change(row) };
}

export async function lockMiddleware(db: Db): Promise<SwitchingMiddleware> {
  return (await db.selectFrom('switching_middleware').select('middleware').forUpdate().executeTakeFirstOrThrow()).middleware;
}

export async function writeMiddleware(db: Db, choice: { middleware: SwitchingMiddleware; reason: string; adminId: number; at: Date }): Promise<void> {
  await db
    .updateTable('switching_middleware')
    .set({ middleware: choice.middleware, reason: choice.reason, changed_by: choice.adminId, changed_at: choice.at })
    .where('id', '=', true)
    .execute();
}

/** A change as the history keeps it: `subject` 'route:*', 'route:058', 'provider:vfd' or 'middleware'. */
export async function insertRoutingChange(
  db: Db,
  entry: { area: 'providers' | 'middleware'; subject: string; from: string | null; to: string; reason: string; adminId: number; at: Date },
): Promise<void> {
  await db
    .insertInto('transfer_routing_changes')
    .values({
      area: entry.area,
      subject: entry.subject,
      from_value: entry.from,
      to_value: entry.to,
      reason: entry.reason,
      changed_by: entry.adminId,
      changed_at: entry.at,
    })
    .execute();
}

/** The history of one area, for the framework to page (newest first by id). */
export function routingChangeQuery(db: Db, area: 'providers' | 'middleware') {
  return db
    .selectFrom('transfer_routing_changes as c')
    .leftJoin('admins as a', 'a.id', 'c.changed_by')
    .select(['c.id', 'c.subject', 'c.from_value', 'c.to_value', 'c.reason', 'c.changed_at', 'a.email as changed_by_email'])
    .where('c.area', '=', area);
}

export type RoutingChangeDbRow = Awaited<ReturnType<ReturnType<typeof routingChangeQuery>['execute']>>[number];

/** The sandboxes whose outage switch is on (their own table, read here for the portal). */
export async function readSandboxOutageSwitches(db: Db): Promise<Set<TransferProviderName>> {
  return new Set((await db.selectFrom('sandbox_transfer_outages').select('provider').execute()).map((row) => row.provider));
}
