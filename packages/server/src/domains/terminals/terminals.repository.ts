import type { TerminalRow, TerminalState } from '@traction/core';
import { bankByCbnCode } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import type { TerminalEventType } from '../../db/tables/terminals.tables';
import { isoTimestamp } from '../../db/timestamps';
import { bankNameSql } from '../../handling/csv-lookups';
import type { CsvColumns } from '../../handling/csv-sql';

/**
 * Reads and writes of terminals (0027). Joins are LEFT on unique keys, so a list's count(*) is
 * the terminals' alone.
 */
export function terminalQuery(db: Db) {
  return db
    .selectFrom('terminals as t')
    .leftJoin('businesses as b', 'b.id', 't.business_id')
    .leftJoin('stores as s', 's.id', 't.store_id')
    .leftJoin('terminal_locations as tl', 'tl.id', 't.location_id')
    .select([
      't.id',
      't.serial_no',
      't.terminal_id',
      't.provider',
      't.model',
      't.bank_code',
      't.state',
      't.business_id',
      'b.name as business_name',
      't.store_id',
      's.name as store_name',
      't.location',
      't.location_id',
      'tl.name as location_name',
      't.created_at',
      't.updated_at',
    ]);
}

export type TerminalQuery = ReturnType<typeof terminalQuery>;

export interface TerminalFilters {
  search?: string | undefined;
  state?: TerminalState | undefined;
  provider?: string | undefined;
  bankCode?: string | undefined;
  businessId?: number | undefined;
  mapped?: boolean | undefined;
  locationId?: number | undefined;
}

/** Search: a serial number or terminal ID exactly (in capitals), or the start of the merchant's name. */
export function filterTerminals(query: TerminalQuery, filters: TerminalFilters): TerminalQuery {
  let out = query;
  if (filters.state) out = out.where('t.state', '=', filters.state);
  if (filters.provider) out = out.where('t.provider', '=', filters.provider);
  if (filters.bankCode) out = out.where('t.bank_code', '=', filters.bankCode);
  if (filters.businessId !== undefined) out = out.where('t.business_id', '=', filters.businessId);
  if (filters.mapped !== undefined) out = out.where('t.business_id', filters.mapped ? 'is not' : 'is', null);
  if (filters.locationId !== undefined) out = out.where('t.location_id', '=', filters.locationId);
  const search = filters.search?.trim();
  if (search) {
    const upper = search.toUpperCase();
    // Three index lookups joined by union, not one OR, which PostgreSQL can only answer by reading every terminal.
    out = out.where(
      sql<boolean>`t.id in (
        select id from terminals where serial_no = ${upper}
        union all select id from terminals where terminal_id = ${upper}
        union all select x.id from terminals x join businesses m on m.id = x.business_id where lower(m.name) like ${lowerPrefixPattern(search)})`,
    );
  }
  return out;
}

export function toTerminalRow(row: RowOf<typeof terminalQuery>): TerminalRow {
  return {
    id: row.id,
    serialNo: row.serial_no,
    terminalId: row.terminal_id,
    provider: row.provider,
    model: row.model,
    bankCode: row.bank_code,
    bankName: bankByCbnCode(row.bank_code)?.name ?? row.bank_code,
    state: row.state,
    businessId: row.business_id,
    businessName: row.business_name ?? null,
    storeId: row.store_id,
    storeName: row.store_name ?? null,
    location: row.location,
    locationId: row.location_id,
    locationName: row.location_name ?? null,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/** `toTerminalRow` as SQL, for exports PostgreSQL writes itself. Serial numbers and TIDs are checked capitals and digits (0027). */
export const terminalCsv: CsvColumns<TerminalRow> = {
  id: 't.id',
  serialNo: 't.serial_no',
  terminalId: 't.terminal_id',
  provider: 't.provider',
  model: 't.model',
  bankCode: 't.bank_code',
  bankName: bankNameSql('t.bank_code'),
  state: 't.state',
  businessId: 't.business_id',
  businessName: 'b.name',
  storeId: 't.store_id',
  storeName: 's.name',
  location: 't.location',
  locationId: 't.location_id',
  locationName: 'tl.name',
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
};

export async function findTerminal(db: Db, id: number): Promise<TerminalRow | undefined> {
  const row = await terminalQuery(db).where('t.id', '=', id).executeTakeFirst();
  return row ? toTerminalRow(row) : undefined;
}

/** The terminal under a row lock, to the end of the command's transaction: a move decides on this, not on an earlier read. */
export function lockTerminal(db: Db, id: number) {
  return db.selectFrom('terminals').select(['id', 'serial_no', 'terminal_id', 'state', 'business_id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The same, found by its terminal ID. */
export function lockTerminalByTid(db: Db, terminalId: string) {
  return db
    .selectFrom('terminals')
    .select(['id', 'serial_no', 'terminal_id', 'state', 'business_id', 'store_id'])
    .where('terminal_id', '=', terminalId)
    .forUpdate()
    .executeTakeFirst();
}

/** Successful payments at a terminal not yet settled to its merchant: how many, how much, in which cumulations. */
export async function unsettledPayments(db: Db, terminalId: string) {
  const { rows } = await sql<{ payments: number; amount: string | null; cumulations: string[] | null }>`
    select count(*)::int payments, sum(p.amount)::text amount, array_agg(distinct c.id::text) cumulations
    from payment_logs p join settlement_cumulations c on c.id = p.cumulation_id
    where p.terminal_id = ${terminalId} and p.status = 'SUCCESSFUL' and c.status in ('OPEN', 'PENDING', 'AWAITING_APPROVAL')`.execute(db);
  const row = rows[0];
  return { payments: row?.payments ?? 0, amount: BigInt(row?.amount ?? '0'), cumulations: (row?.cumulations ?? []).map(Number) };
}

/** A terminal already holding this serial number or TID (but `except`). */
export function terminalHolding(db: Db, serialNo: string | undefined, terminalId: string | undefined, except?: number) {
  let query = db
    .selectFrom('terminals')
    .select(['id', 'serial_no', 'terminal_id'])
    .where((eb) => eb.or([...(serialNo ? [eb('serial_no', '=', serialNo)] : []), ...(terminalId ? [eb('terminal_id', '=', terminalId)] : [])]));
  if (except !== undefined) query = query.where('id', '<>', except);
  return query.limit(1).executeTakeFirst();
}

export function recordTerminalEvent(
  db: Db,
  event: {
    terminalId: number;
    type: TerminalEventType;
    summary: string;
    fromState?: TerminalState | null;
    toState?: TerminalState | null;
    businessId?: number | null;
    note?: string | null;
    adminId: number | null;
    at: Date;
  },
) {
  return db
    .insertInto('terminal_events')
    .values({
      terminal_id: event.terminalId,
      type: event.type,
      summary: event.summary,
      from_state: event.fromState ?? null,
      to_state: event.toState ?? null,
      business_id: event.businessId ?? null,
      note: event.note ?? null,
      admin_id: event.adminId,
      at: event.at,
    })
    .execute();
}

export function terminalEventQuery(db: Db, terminalId: number) {
  return db
    .selectFrom('terminal_events as e')
    .leftJoin('businesses as b', 'b.id', 'e.business_id')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select(['e.id', 'e.at', 'e.type', 'e.summary', 'e.from_state', 'e.to_state', 'b.name as business_name', 'e.note', adminNameSql('a').as('admin_name')])
    .where('e.terminal_id', '=', terminalId);
}

export function toTerminalEvent(row: RowOf<typeof terminalEventQuery>) {
  return {
    id: Number(row.id),
    at: isoTimestamp(row.at),
    type: row.type,
    summary: row.summary,
    fromState: row.from_state,
    toState: row.to_state,
    businessName: row.business_name ?? null,
    note: row.note,
    adminName: row.admin_name,
  };
}
