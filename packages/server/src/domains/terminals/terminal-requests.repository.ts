import { koboFromDatabase, rangeBoundToDate, type TerminalRequestRow, type TerminalRequestSource, type TerminalRequestStatus } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';

/** Reads and writes of terminal requests (0032). Joins are on unique keys, so a list's count(*) is the requests' alone. */
export function terminalRequestQuery(db: Db) {
  return db
    .selectFrom('terminal_requests as r')
    .innerJoin('businesses as b', 'b.id', 'r.business_id')
    .leftJoin('admins as a', 'a.id', 'r.requested_by')
    .leftJoin('terminal_delivery_states as ds', 'ds.id', 'r.delivery_state_id')
    .select([
      'r.id',
      'r.source',
      'r.business_id',
      'b.name as business_name',
      'r.contact_name',
      'r.contact_phone',
      'r.delivery_address',
      'r.state_code',
      'r.quantity',
      'r.provider',
      'r.model',
      'r.plan',
      'r.is_loan',
      'r.amount',
      'r.status',
      'r.follow_up',
      'r.follow_up_note',
      'r.note',
      adminNameSql('a').as('requested_by_name'),
      'r.created_at',
      'r.updated_at',
      'r.deployed_at',
      'r.delivery_state_id',
      'ds.name as delivery_state',
    ]);
}
type RequestQuery = ReturnType<typeof terminalRequestQuery>;

export interface RequestFilters {
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
  search?: string | undefined;
  source?: TerminalRequestSource | undefined;
  isloan?: boolean | undefined;
  followUp?: boolean | undefined;
  businessName?: string | undefined;
  status?: TerminalRequestStatus | undefined;
  deployedFrom?: string | undefined;
  deployedTo?: string | undefined;
  changeStatus?: TerminalRequestStatus | undefined;
  changedFrom?: string | undefined;
  changedTo?: string | undefined;
}

/** Search: a request number exactly, or the start of the merchant's or the contact's name. */
export function filterTerminalRequests(query: RequestQuery, filters: RequestFilters): RequestQuery {
  let out = query;
  if (filters.startdatetime) out = out.where('r.created_at', '>=', rangeBoundToDate(filters.startdatetime, 'start'));
  if (filters.enddatetime) out = out.where('r.created_at', '<=', rangeBoundToDate(filters.enddatetime, 'end'));
  if (filters.source) out = out.where('r.source', '=', filters.source);
  if (filters.isloan !== undefined) out = out.where('r.is_loan', '=', filters.isloan);
  if (filters.followUp !== undefined) out = out.where('r.follow_up', '=', filters.followUp);
  if (filters.status) out = out.where('r.status', '=', filters.status);
  if (filters.businessName?.trim()) out = out.where(sql<boolean>`lower(b.name) like ${lowerPrefixPattern(filters.businessName.trim())}`);
  if (filters.deployedFrom) out = out.where('r.deployed_at', '>=', rangeBoundToDate(filters.deployedFrom, 'start'));
  if (filters.deployedTo) out = out.where('r.deployed_at', '<=', rangeBoundToDate(filters.deployedTo, 'end'));
  if (filters.changeStatus || filters.changedFrom || filters.changedTo) {
    const status = filters.changeStatus ? sql`and e.to_status = ${filters.changeStatus}` : sql``;
    const from = filters.changedFrom ? sql`and e.at >= ${rangeBoundToDate(filters.changedFrom, 'start')}` : sql``;
    const to = filters.changedTo ? sql`and e.at <= ${rangeBoundToDate(filters.changedTo, 'end')}` : sql``;
    out = out.where(sql<boolean>`exists (select 1 from terminal_request_events e where e.request_id = r.id ${status} ${from} ${to})`);
  }
  const search = filters.search?.trim();
  if (search) {
    const pattern = lowerPrefixPattern(search);
    out = /^\d{1,9}$/.test(search)
      ? out.where('r.id', '=', Number(search))
      : out.where(sql<boolean>`(lower(b.name) like ${pattern} or lower(r.contact_name) like ${pattern})`);
  }
  return out;
}

export function toTerminalRequestRow(row: RowOf<typeof terminalRequestQuery>): TerminalRequestRow {
  return {
    id: row.id,
    source: row.source,
    businessId: row.business_id,
    businessName: row.business_name,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    deliveryAddress: row.delivery_address,
    stateCode: row.state_code,
    quantity: row.quantity,
    provider: row.provider,
    model: row.model,
    plan: row.plan,
    isLoan: row.is_loan,
    amount: koboFromDatabase(row.amount),
    status: row.status,
    followUp: row.follow_up,
    followUpNote: row.follow_up_note,
    note: row.note,
    requestedBy: row.requested_by_name,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
    deployedAt: row.deployed_at ? isoTimestamp(row.deployed_at) : null,
    deliveryStateId: row.delivery_state_id,
    deliveryState: row.delivery_state ?? null,
  };
}

/** `toTerminalRequestRow` as SQL, for exports PostgreSQL writes itself. */
export const terminalRequestCsv: CsvColumns<TerminalRequestRow> = {
  id: 'r.id',
  createdAt: 'r.created_at',
  businessName: 'b.name',
  source: 'r.source',
  status: 'r.status',
  quantity: 'r.quantity',
  plan: 'r.plan',
  amount: 'r.amount',
  isLoan: 'r.is_loan',
  followUp: 'r.follow_up',
  deliveryState: 'ds.name',
  stateCode: 'r.state_code',
  deployedAt: 'r.deployed_at',
};

export async function findTerminalRequest(db: Db, id: number) {
  const row = await terminalRequestQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? toTerminalRequestRow(row) : undefined;
}

/** The request under a row lock, to the end of the command's transaction. */
export function lockTerminalRequest(db: Db, id: number) {
  return db
    .selectFrom('terminal_requests')
    .select(['id', 'status', 'is_loan', 'quantity', 'business_id', 'delivery_state_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function requestTerminals(db: Db, requestId: number) {
  return db
    .selectFrom('terminal_request_terminals as rt')
    .innerJoin('terminals as t', 't.id', 'rt.terminal_id')
    .select(['t.id', 't.serial_no as serialNo', 't.terminal_id as terminalId', 't.state'])
    .where('rt.request_id', '=', requestId)
    .orderBy('t.id')
    .execute();
}

export async function requestEvents(db: Db, requestId: number) {
  const rows = await db
    .selectFrom('terminal_request_events as e')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select(['e.id', 'e.at', 'e.from_status', 'e.to_status', 'e.note', adminNameSql('a').as('admin_name')])
    .where('e.request_id', '=', requestId)
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: isoTimestamp(row.at),
    fromStatus: row.from_status,
    toStatus: row.to_status,
    note: row.note,
    adminName: row.admin_name,
  }));
}

/** Kobo of one terminal of this model and plan on the price list, or 0 when it has no price. */
export async function listPrice(db: Db, provider: string | undefined, model: string | undefined, plan: 'OUTRIGHT' | 'RENTAL'): Promise<bigint> {
  if (!provider || !model) return 0n;
  const row = await db
    .selectFrom('terminal_prices')
    .select('amount')
    .where('provider', '=', provider)
    .where(sql<boolean>`lower(model) = ${model.toLowerCase()}`)
    .where('plan', '=', plan)
    .executeTakeFirst();
  return row?.amount ?? 0n;
}

/** Terminals by TID under a row lock, for an assignment. */
export function lockTerminalsByTid(db: Db, tids: readonly string[]) {
  return db
    .selectFrom('terminals')
    .select(['id', 'serial_no', 'terminal_id', 'state'])
    .where('terminal_id', 'in', [...tids])
    .orderBy('id')
    .forUpdate()
    .execute();
}
