import {
  type FieldAgentRole,
  type FieldAgentRow,
  normaliseNigerianPhone,
  rangeBoundToDate,
  type VisitAgenda,
  type VisitEventRow,
  type VisitRow,
  type VisitStatus,
} from '@traction/core';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/connect';
import { containsPattern, lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import type { VisitsTable } from '../../db/tables/visits.tables';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

/** An admin's name as answers show it, or null. */
const adminName = (alias: string) =>
  sql<
    string | null
  >`case when ${sql.ref(`${alias}.id`)} is null then null else ${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)} end`;

/** Text that matches the start of a name or of any word of it, lower-cased. */
const nameStarts = (column: string, search: string) =>
  sql<boolean>`(lower(${sql.ref(column)}) like ${lowerPrefixPattern(search)} or lower(${sql.ref(column)}) like ${`% ${lowerPrefixPattern(search)}`})`;

// --- Field agents ---------------------------------------------------------------------------

/** Every agent with their visits to come and the merchants they manage; callers filter and page it. */
export function agentQuery(db: Db, now: Date) {
  return db.selectFrom('field_agents as a').select((eb) => [
    'a.id',
    'a.name',
    'a.email',
    'a.phone',
    'a.role',
    'a.state_code',
    'a.active',
    eb
      .selectFrom('visits as v')
      .select((inner) => inner.fn.countAll<string>().as('n'))
      .whereRef('v.agent_id', '=', 'a.id')
      .where('v.status', '=', 'SCHEDULED')
      .where('v.scheduled_for', '>=', now)
      .as('upcoming_visits'),
    eb
      .selectFrom('merchant_csr as m')
      .select((inner) => inner.fn.countAll<string>().as('n'))
      .whereRef('m.csr_agent_id', '=', 'a.id')
      .as('managed_merchants'),
  ]);
}
type AgentQuery = ReturnType<typeof agentQuery>;

export interface AgentFilters {
  search?: string | undefined;
  role?: FieldAgentRole | undefined;
  stateCode?: string | undefined;
  active?: boolean | undefined;
}

export function filterAgents(query: AgentQuery, filters: AgentFilters): AgentQuery {
  let out = query;
  if (filters.role) out = out.where('a.role', '=', filters.role);
  if (filters.stateCode) out = out.where('a.state_code', '=', filters.stateCode);
  if (filters.active !== undefined) out = out.where('a.active', '=', filters.active);
  const search = filters.search?.trim();
  if (search) {
    const phone = normaliseNigerianPhone(search);
    if (phone) out = out.where('a.phone', '=', phone);
    else out = out.where(sql<boolean>`(${nameStarts('a.name', search)} or a.email like ${lowerPrefixPattern(search)})`);
  }
  return out;
}

export function toAgentRow(row: RowOf<typeof agentQuery>): FieldAgentRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    stateCode: row.state_code,
    active: row.active,
    upcomingVisits: Number(row.upcoming_visits ?? 0),
    managedMerchants: Number(row.managed_merchants ?? 0),
  };
}

/** The agent under a row lock: scheduling for one agent takes turns, so two bookings never overlap. */
export function lockAgent(db: Db, id: number) {
  return db.selectFrom('field_agents').select(['id', 'name', 'role', 'active']).where('id', '=', id).forUpdate().executeTakeFirst();
}

// --- Visits ---------------------------------------------------------------------------------

/** Every visit with its agent, merchant and who scheduled and logged it. */
export function visitQuery(db: Db) {
  return db
    .selectFrom('visits as v')
    .innerJoin('field_agents as a', 'a.id', 'v.agent_id')
    .innerJoin('businesses as b', 'b.id', 'v.business_id')
    .leftJoin('admins as creator', 'creator.id', 'v.created_by')
    .leftJoin('admins as logger', 'logger.id', 'v.logged_by')
    .select([
      'v.id',
      'v.agent_id',
      'a.name as agent_name',
      'a.role as agent_role',
      'v.business_id',
      'b.name as business_name',
      'v.agenda',
      'v.location',
      'v.state_code',
      'v.scheduled_for',
      sql<string>`v.scheduled_for::text`.as('scheduled_order'),
      'v.duration_minutes',
      'v.status',
      'v.note',
      'v.outcome',
      'v.logged_at',
      'v.form_id',
      'v.cancel_reason',
      'v.cancelled_at',
      'v.created_at',
      adminName('creator').as('created_by_name'),
      adminName('logger').as('logged_by_name'),
    ]);
}
type VisitQuery = ReturnType<typeof visitQuery>;

export interface VisitFilters {
  search?: string | undefined;
  agenda?: VisitAgenda | undefined;
  stateCode?: string | undefined;
  location?: string | undefined;
  status?: VisitStatus | undefined;
  agentId?: number | undefined;
  businessId?: number | undefined;
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
}

/** The schedule's filters (spec §3: agenda, location, status, date range), and agent and merchant. */
export function filterVisits(query: VisitQuery, filters: VisitFilters): VisitQuery {
  let out = query;
  if (filters.agenda) out = out.where('v.agenda', '=', filters.agenda);
  if (filters.stateCode) out = out.where('v.state_code', '=', filters.stateCode);
  const location = filters.location?.trim();
  if (location) out = out.where(sql<boolean>`lower(v.location) like ${containsPattern(location.toLowerCase())}`);
  if (filters.status) out = out.where('v.status', '=', filters.status);
  if (filters.agentId !== undefined) out = out.where('v.agent_id', '=', filters.agentId);
  if (filters.businessId !== undefined) out = out.where('v.business_id', '=', filters.businessId);
  if (filters.startdatetime) out = out.where('v.scheduled_for', '>=', rangeBoundToDate(filters.startdatetime, 'start'));
  if (filters.enddatetime) out = out.where('v.scheduled_for', '<=', rangeBoundToDate(filters.enddatetime, 'end'));
  const search = filters.search?.trim();
  if (search) out = out.where(sql<boolean>`(${nameStarts('b.name', search)} or ${nameStarts('a.name', search)})`);
  return out;
}

export type VisitRecord = RowOf<typeof visitQuery>;

export function toVisitRow(row: VisitRecord): VisitRow {
  const scheduledFor = new Date(row.scheduled_for);
  return {
    id: row.id,
    agentId: row.agent_id,
    agentName: row.agent_name,
    agentRole: row.agent_role,
    businessId: row.business_id,
    businessName: row.business_name,
    agenda: row.agenda,
    location: row.location,
    stateCode: row.state_code,
    scheduledFor: scheduledFor.toISOString(),
    durationMinutes: row.duration_minutes,
    endsAt: new Date(scheduledFor.getTime() + row.duration_minutes * 60_000).toISOString(),
    status: row.status,
    note: row.note,
    outcome: row.outcome,
    loggedAt: isoTimestampOrNull(row.logged_at),
    loggedBy: row.logged_by_name,
    formId: row.form_id,
    cancelReason: row.cancel_reason,
    cancelledAt: isoTimestampOrNull(row.cancelled_at),
    createdAt: isoTimestamp(row.created_at),
    createdBy: row.created_by_name,
  };
}

export function findVisit(db: Db, id: number) {
  return visitQuery(db).where('v.id', '=', id).executeTakeFirst();
}

/** The visit under a row lock, so logging and cancelling it take turns. */
export function lockVisit(db: Db, id: number) {
  return db.selectFrom('visits').select(['id', 'agent_id', 'status', 'scheduled_for']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A scheduled visit of this agent overlapping `[start, end)`, if any: the one that would be double-booked. */
export function overlappingVisit(db: Db, agentId: number, start: Date, end: Date) {
  return db
    .selectFrom('visits as v')
    .innerJoin('businesses as b', 'b.id', 'v.business_id')
    .select(['v.id', 'v.scheduled_for', 'v.duration_minutes', 'b.name as business_name'])
    .where('v.agent_id', '=', agentId)
    .where('v.status', '=', 'SCHEDULED')
    .where('v.scheduled_for', '<', end)
    .where(sql<boolean>`v.scheduled_for + make_interval(mins => v.duration_minutes) > ${start}`)
    .orderBy('v.scheduled_for')
    .limit(1)
    .executeTakeFirst();
}

/** The merchant a visit goes to: its name, and the address and state a visit defaults to. */
export function merchantForVisit(db: Db, businessId: number) {
  return db.selectFrom('businesses').select(['id', 'name', 'address', 'state_code']).where('id', '=', businessId).executeTakeFirst();
}

export async function insertVisit(db: Db, values: Insertable<VisitsTable>): Promise<number> {
  return (await db.insertInto('visits').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertVisitEvent(
  db: Db,
  event: { visitId: number; kind: VisitEventRow['kind']; note: string | null; adminId: number | null; at: Date },
): Promise<void> {
  await db.insertInto('visit_events').values({ visit_id: event.visitId, kind: event.kind, note: event.note, admin_id: event.adminId, at: event.at }).execute();
}

export async function writeVisitLog(
  db: Db,
  id: number,
  log: { status: 'DONE' | 'MISSED'; outcome: string; formId: number | null; adminId: number; at: Date },
): Promise<void> {
  await db
    .updateTable('visits')
    .set({ status: log.status, outcome: log.outcome, form_id: log.formId, logged_by: log.adminId, logged_at: log.at })
    .where('id', '=', id)
    .execute();
}

export async function writeVisitCancel(db: Db, id: number, cancel: { reason: string; at: Date }): Promise<void> {
  await db.updateTable('visits').set({ status: 'CANCELLED', cancel_reason: cancel.reason, cancelled_at: cancel.at }).where('id', '=', id).execute();
}

export async function visitHistory(db: Db, visitId: number): Promise<VisitEventRow[]> {
  const rows = await db
    .selectFrom('visit_events as e')
    .leftJoin('admins as ad', 'ad.id', 'e.admin_id')
    .select(['e.id', 'e.kind', 'e.note', 'e.at', adminName('ad').as('by')])
    .where('e.visit_id', '=', visitId)
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, note: row.note, at: isoTimestamp(row.at), by: row.by }));
}
