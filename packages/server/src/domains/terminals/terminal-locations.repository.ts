import { stateName, type TerminalLocationKind, type TerminalLocationRow } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { containsPattern, lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

/** Terminals at a location now, in any state. */
const terminalCount = sql<number>`(select count(*)::int from terminals t where t.location_id = l.id)`;

/** Locations not removed (0031), each with how many terminals are there. */
export function terminalLocationQuery(db: Db) {
  return db
    .selectFrom('terminal_locations as l')
    .select(['l.id', 'l.name', 'l.address', 'l.state_code', 'l.lga', 'l.kind', 'l.capacity', 'l.active', 'l.updated_at', terminalCount.as('terminals')])
    .where('l.removed_at', 'is', null);
}

export type TerminalLocationQuery = ReturnType<typeof terminalLocationQuery>;

export interface TerminalLocationFilters {
  search?: string | undefined;
  stateCode?: string | undefined;
  kind?: TerminalLocationKind | undefined;
  active?: boolean | undefined;
  /** Only those that can take another terminal: active, and below their capacity (or without one). */
  available?: boolean | undefined;
}

/** Search: the start of the name or LGA, or any part of the address, whatever the case. */
export function filterTerminalLocations(query: TerminalLocationQuery, filters: TerminalLocationFilters): TerminalLocationQuery {
  let out = query;
  if (filters.stateCode) out = out.where('l.state_code', '=', filters.stateCode);
  if (filters.kind) out = out.where('l.kind', '=', filters.kind);
  if (filters.active !== undefined) out = out.where('l.active', '=', filters.active);
  if (filters.available) out = out.where('l.active', '=', true).where(sql<boolean>`(l.capacity is null or ${terminalCount} < l.capacity)`);
  const search = filters.search?.trim();
  if (search) {
    out = out.where(
      sql<boolean>`(lower(l.name) like ${lowerPrefixPattern(search)} or lower(l.lga) like ${lowerPrefixPattern(search)} or lower(l.address) like ${containsPattern(search.toLowerCase())})`,
    );
  }
  return out;
}

export function toTerminalLocationRow(row: RowOf<typeof terminalLocationQuery>): TerminalLocationRow {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    stateCode: row.state_code,
    stateName: stateName(row.state_code),
    lga: row.lga,
    kind: row.kind,
    capacity: row.capacity,
    terminals: row.terminals,
    room: row.capacity === null ? null : Math.max(0, row.capacity - row.terminals),
    active: row.active,
    updatedAt: isoTimestamp(row.updated_at),
  };
}

export async function findTerminalLocation(db: Db, id: number): Promise<TerminalLocationRow | undefined> {
  const row = await terminalLocationQuery(db).where('l.id', '=', id).executeTakeFirst();
  return row ? toTerminalLocationRow(row) : undefined;
}

/**
 * A location not removed, under a row lock to the end of the command's transaction, with the
 * terminals there: sending terminals to it, changing its capacity and removing it take turns, so
 * two terminals cannot both take its last place.
 */
export async function lockTerminalLocation(db: Db, id: number) {
  const row = await db
    .selectFrom('terminal_locations')
    .select(['id', 'name', 'capacity', 'active'])
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, terminals: await terminalsAtLocation(db, id) };
}

export async function terminalsAtLocation(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('terminals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('location_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A location not removed that already has this name, whatever its case (but `except`). */
export function terminalLocationNamed(db: Db, name: string, except?: number) {
  let query = db
    .selectFrom('terminal_locations')
    .select(['id', 'name'])
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .where('removed_at', 'is', null);
  if (except !== undefined) query = query.where('id', '<>', except);
  return query.executeTakeFirst();
}

export interface TerminalLocationValues {
  name: string;
  address: string;
  stateCode: string;
  lga: string | null;
  kind: TerminalLocationKind;
  capacity: number | null;
}

export async function insertTerminalLocation(db: Db, values: TerminalLocationValues, at: Date): Promise<number> {
  const row = await db
    .insertInto('terminal_locations')
    .values({
      name: values.name,
      address: values.address,
      state_code: values.stateCode,
      lga: values.lga,
      kind: values.kind,
      capacity: values.capacity,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTerminalLocationRow(db: Db, id: number, changes: Partial<TerminalLocationValues> & { active?: boolean }, at: Date): Promise<void> {
  await db
    .updateTable('terminal_locations')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.address !== undefined ? { address: changes.address } : {}),
      ...(changes.stateCode !== undefined ? { state_code: changes.stateCode } : {}),
      ...(changes.lga !== undefined ? { lga: changes.lga } : {}),
      ...(changes.kind !== undefined ? { kind: changes.kind } : {}),
      ...(changes.capacity !== undefined ? { capacity: changes.capacity } : {}),
      ...(changes.active !== undefined ? { active: changes.active } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** Takes a location off the lists; its row stays, so what named it still reads. */
export async function markTerminalLocationRemoved(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('terminal_locations').set({ removed_at: at, active: false, updated_at: at }).where('id', '=', id).execute();
}
