import type { DeliveryStateRow } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

/** Requests in a state now. */
const requestCount = sql<number>`(select count(*)::int from terminal_requests r where r.delivery_state_id = ds.id)`;

/** Delivery states (0033), each with how many requests are in it. */
export function deliveryStateQuery(db: Db) {
  return db
    .selectFrom('terminal_delivery_states as ds')
    .select(['ds.id', 'ds.name', 'ds.description', 'ds.position', 'ds.active', 'ds.delivered', 'ds.updated_at', requestCount.as('requests')]);
}

export type DeliveryStateQuery = ReturnType<typeof deliveryStateQuery>;

/** Search: the start of the name, whatever the case. */
export function filterDeliveryStates(query: DeliveryStateQuery, filters: { search?: string | undefined; active?: boolean | undefined }): DeliveryStateQuery {
  let out = query;
  if (filters.active !== undefined) out = out.where('ds.active', '=', filters.active);
  const search = filters.search?.trim();
  if (search) out = out.where(sql<boolean>`lower(ds.name) like ${lowerPrefixPattern(search)}`);
  return out;
}

export function toDeliveryStateRow(row: RowOf<typeof deliveryStateQuery>): DeliveryStateRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    active: row.active,
    delivered: row.delivered,
    requests: row.requests,
    updatedAt: isoTimestamp(row.updated_at),
  };
}

export async function findDeliveryState(db: Db, id: number): Promise<DeliveryStateRow | undefined> {
  const row = await deliveryStateQuery(db).where('ds.id', '=', id).executeTakeFirst();
  return row ? toDeliveryStateRow(row) : undefined;
}

/**
 * A delivery state by its id, for the commands that put a request in one: whether it exists, is
 * in use (`active`: only an active state takes requests) and means delivered.
 */
export function deliveryStateFor(db: Db, id: number) {
  return db.selectFrom('terminal_delivery_states').select(['id', 'name', 'active', 'delivered']).where('id', '=', id).executeTakeFirst();
}

/**
 * Every state in list order, under row locks to the end of the command's transaction: adding,
 * moving and removing states renumber the list, so they take turns.
 */
export function lockDeliveryStates(db: Db) {
  return db.selectFrom('terminal_delivery_states').select(['id', 'name', 'position']).orderBy('position').orderBy('id').forUpdate().execute();
}

/** A state that already has this name, whatever its case (but `except`). */
export function deliveryStateNamed(db: Db, name: string, except?: number) {
  let query = db.selectFrom('terminal_delivery_states').select(['id', 'name']).where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '<>', except);
  return query.executeTakeFirst();
}

export interface DeliveryStateValues {
  name: string;
  description: string | null;
  delivered: boolean;
  active: boolean;
}

export async function insertDeliveryState(db: Db, values: DeliveryStateValues & { position: number }, at: Date): Promise<number> {
  const row = await db
    .insertInto('terminal_delivery_states')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDeliveryStateRow(db: Db, id: number, changes: Partial<DeliveryStateValues>, at: Date): Promise<void> {
  await db
    .updateTable('terminal_delivery_states')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Numbers the states 1..n in the order given, touching only those whose place changes. */
export async function renumberDeliveryStates(db: Db, ordered: readonly { id: number; position: number }[], at: Date): Promise<void> {
  for (const [index, state] of ordered.entries()) {
    if (state.position === index + 1) continue;
    await db
      .updateTable('terminal_delivery_states')
      .set({ position: index + 1, updated_at: at })
      .where('id', '=', state.id)
      .execute();
  }
}

/** Requests in a state now. */
export async function requestsInDeliveryState(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('terminal_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('delivery_state_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteDeliveryState(db: Db, id: number): Promise<void> {
  await db.deleteFrom('terminal_delivery_states').where('id', '=', id).execute();
}
