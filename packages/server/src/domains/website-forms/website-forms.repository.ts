import {
  type HelpDeskState,
  koboFromDatabase,
  normaliseNigerianPhone,
  rangeBoundToDate,
  type WebsiteFormAction,
  type WebsiteFormKind,
  type WebsiteFormRow,
  type WebsiteFormStatus,
  websiteFormIdOf,
  websiteFormReference,
} from '@traction/core';
import { type Insertable, sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { containsPattern, lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import type { WebsiteFormsTable } from '../../db/tables/website-forms.tables';
import type { CsvColumns } from '../../handling/csv-sql';

/** The submissions (0040) with the admin each is assigned to. */
export function websiteFormQuery(db: Db) {
  return db
    .selectFrom('website_forms as w')
    .leftJoin('admins as a', 'a.id', 'w.assigned_to')
    .select([
      'w.id',
      'w.kind',
      'w.status',
      'w.name',
      'w.email',
      'w.phone',
      'w.business_name',
      'w.subject',
      'w.amount',
      'w.payment_id',
      'w.assigned_to',
      'w.help_desk_state',
      'w.created_at',
      'w.updated_at',
      adminNameSql('a').as('assignee_name'),
    ]);
}
type WebsiteFormQuery = ReturnType<typeof websiteFormQuery>;

export interface WebsiteFormFilters {
  search?: string | undefined;
  kind?: WebsiteFormKind | undefined;
  status?: WebsiteFormStatus | undefined;
  assigneeId?: number | undefined;
  unassigned?: boolean | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Search: a reference (WF-000123) finds that submission; a whole phone number however written,
 * an RRN (12 digits) or a terminal ID (8 letters and digits) find theirs exactly; otherwise the
 * start of the name or of any word of it, or of the email, whatever the case.
 */
export function filterWebsiteForms(query: WebsiteFormQuery, filters: WebsiteFormFilters): WebsiteFormQuery {
  let out = query;
  if (filters.kind) out = out.where('w.kind', '=', filters.kind);
  if (filters.status) out = out.where('w.status', '=', filters.status);
  if (filters.assigneeId !== undefined) out = out.where('w.assigned_to', '=', filters.assigneeId);
  if (filters.unassigned) out = out.where('w.assigned_to', 'is', null);
  if (filters.from) out = out.where('w.created_at', '>=', rangeBoundToDate(filters.from, 'start'));
  if (filters.to) out = out.where('w.created_at', '<=', rangeBoundToDate(filters.to, 'end'));
  const search = filters.search?.trim();
  if (!search) return out;
  const phone = normaliseNigerianPhone(search);
  if (phone) return out.where('w.phone', '=', phone);
  if (/^wf-?\d+$/i.test(search)) {
    const id = websiteFormIdOf(search);
    return out.where('w.id', '=', id ?? -1);
  }
  if (/^\d{12}$/.test(search)) return out.where('w.rrn', '=', search);
  const lower = search.toLowerCase();
  return out.where((eb) =>
    eb.or([
      ...(/^[0-9A-Za-z]{8}$/.test(search) && /\d/.test(search) ? [eb('w.terminal_id', '=', search.toUpperCase())] : []),
      eb(sql<string>`lower(w.name)`, 'like', lowerPrefixPattern(lower)),
      eb(sql<string>`lower(w.name)`, 'like', `% ${lowerPrefixPattern(lower)}`),
      eb('w.email', 'like', lowerPrefixPattern(lower)),
      eb(sql<string>`lower(w.subject)`, 'like', containsPattern(lower)),
    ]),
  );
}

export function toWebsiteFormRow(row: RowOf<typeof websiteFormQuery>): WebsiteFormRow {
  return {
    id: row.id,
    reference: websiteFormReference(row.id),
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    businessName: row.business_name,
    subject: row.subject,
    amount: row.amount === null ? null : koboFromDatabase(row.amount),
    paymentId: row.payment_id === null ? null : Number(row.payment_id),
    assigneeId: row.assigned_to,
    assigneeName: row.assignee_name ?? null,
    helpDeskState: row.help_desk_state,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/** `websiteFormReference` in SQL. */
const referenceSql = sql<string>`'WF-' || lpad(w.id::text, greatest(6, length(w.id::text)), '0')`;

/** `toWebsiteFormRow` as SQL over `websiteFormQuery`'s tables, for exports PostgreSQL writes itself. */
export const websiteFormCsv: CsvColumns<WebsiteFormRow> = {
  reference: referenceSql,
  createdAt: 'w.created_at',
  kind: 'w.kind',
  status: 'w.status',
  name: 'w.name',
  email: 'w.email',
  phone: 'w.phone',
  subject: 'w.subject',
  amount: 'w.amount',
  assigneeName: adminNameSql('a'),
  helpDeskState: 'w.help_desk_state',
};

/** Everything about one submission: the row's columns and what only its page shows. */
export async function findWebsiteFormRecord(db: Db, id: number) {
  return db
    .selectFrom('website_forms as w')
    .leftJoin('admins as a', 'a.id', 'w.assigned_to')
    .selectAll('w')
    .select(adminNameSql('a').as('assignee_name'))
    .where('w.id', '=', id)
    .executeTakeFirst();
}
export type WebsiteFormRecord = NonNullable<Awaited<ReturnType<typeof findWebsiteFormRecord>>>;

export function recordToRow(record: WebsiteFormRecord): WebsiteFormRow {
  return toWebsiteFormRow({ ...record, assignee_name: record.assignee_name });
}

/** The submission's state, locked for the rest of the transaction (an action is about to move it). */
export async function lockWebsiteForm(db: Db, id: number) {
  return db
    .selectFrom('website_forms')
    .select(['id', 'kind', 'status', 'name', 'email', 'subject', 'assigned_to'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function websiteFormEvents(db: Db, formId: number) {
  return db
    .selectFrom('website_form_events as e')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select(['e.id', 'e.at', 'e.action', 'e.from_status', 'e.to_status', 'e.note', adminNameSql('a').as('admin_name')])
    .where('e.form_id', '=', formId)
    .orderBy('e.id')
    .execute();
}

export async function insertWebsiteForm(db: Db, form: Insertable<WebsiteFormsTable>): Promise<number> {
  const { id } = await db.insertInto('website_forms').values(form).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('website_form_events')
    .values({ form_id: id, action: null, from_status: null, to_status: 'NEW', note: null, admin_id: null, at: form.created_at ?? new Date() })
    .execute();
  return id;
}

/**
 * A reference no submission will ever have: the next id, taken from the sequence and never used.
 * What a discarded (bot) submission is answered with, so its answer looks like any other.
 */
export async function unusedWebsiteFormReference(db: Db): Promise<string> {
  const row = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('website_forms', 'id'))::text as id`.execute(db);
  return websiteFormReference(Number(row.rows[0]!.id));
}

/** Moves a locked submission and logs the move, guarded by the state read. False when it changed meanwhile. */
export async function moveWebsiteForm(
  db: Db,
  move: {
    id: number;
    action: WebsiteFormAction;
    from: WebsiteFormStatus;
    to: WebsiteFormStatus;
    note: string | null;
    adminId: number;
    at: Date;
    set?: Partial<Pick<WebsiteFormsTable, 'assigned_to' | 'resolution' | 'resolved_by'>> & {
      assigned_at?: Date;
      resolved_at?: Date;
      last_replied_at?: Date;
      countReply?: boolean;
    };
  },
): Promise<boolean> {
  const { countReply, ...set } = move.set ?? {};
  const updated = await db
    .updateTable('website_forms')
    .set((eb) => ({ ...set, status: move.to, updated_at: move.at, ...(countReply ? { replies: eb('replies', '+', 1) } : {}) }))
    .where('id', '=', move.id)
    .where('status', '=', move.from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('website_form_events')
    .values({ form_id: move.id, action: move.action, from_status: move.from, to_status: move.to, note: move.note, admin_id: move.adminId, at: move.at })
    .execute();
  return true;
}

/** Whether an admin exists and is not deleted, with their name. */
export async function findAssignableAdmin(db: Db, id: number) {
  return db
    .selectFrom('admins as a')
    .select(['a.id', adminNameSql('a').as('name'), 'a.email'])
    .where('a.id', '=', id)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The one payment a chargeback names, or null when none or several match: by its RRN (narrowed
 * by terminal, then by amount, when several payments share it), else by terminal, amount and the
 * Lagos day. Reads the payment logs; never writes them.
 */
export async function findMatchingPayment(
  db: Db,
  claim: { rrn: string | null; terminalId: string | null; amount: number; day: string },
): Promise<bigint | null> {
  if (claim.rrn) {
    let found = await db.selectFrom('payment_logs').select(['id', 'terminal_id', 'amount']).where('rrn', '=', claim.rrn).limit(20).execute();
    if (found.length > 1 && claim.terminalId) found = found.filter((payment) => payment.terminal_id === claim.terminalId);
    if (found.length > 1) found = found.filter((payment) => BigInt(payment.amount) === BigInt(claim.amount));
    if (found.length === 1) return BigInt(found[0]!.id);
    if (found.length > 1) return null;
  }
  if (!claim.terminalId) return null;
  const found = await db
    .selectFrom('payment_logs')
    .select('id')
    .where('terminal_id', '=', claim.terminalId)
    .where('amount', '=', BigInt(claim.amount))
    .where('created_at', '>=', rangeBoundToDate(claim.day, 'start'))
    .where('created_at', '<=', rangeBoundToDate(claim.day, 'end'))
    .limit(2)
    .execute();
  return found.length === 1 ? BigInt(found[0]!.id) : null;
}

/** The linked payment as a chargeback's page shows it. */
export async function linkedPaymentOf(db: Db, paymentId: bigint | number) {
  return db
    .selectFrom('payment_logs as p')
    .innerJoin('businesses as b', 'b.id', 'p.business_id')
    .select(['p.id', 'p.reference', 'p.business_id', 'b.name as business_name', 'p.terminal_id', 'p.rrn', 'p.amount', 'p.status', 'p.created_at'])
    .where('p.id', '=', BigInt(paymentId))
    .executeTakeFirst();
}

/** What the help-desk job needs of a support request. */
export async function supportRequestForDelivery(db: Db, id: number) {
  return db
    .selectFrom('website_forms')
    .select([
      'id',
      'kind',
      'name',
      'email',
      'phone',
      'business_name',
      'subject',
      'message',
      'help_desk_state',
      'help_desk_ticket',
      'help_desk_attempts',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Records an attempt to hand a support request to the help desk. */
export async function recordHelpDeskAttempt(
  db: Db,
  args: { id: number; state: HelpDeskState; at: Date; ticket?: string; error?: string | null; nextAt?: Date | null },
): Promise<void> {
  await db
    .updateTable('website_forms')
    .set((eb) => ({
      help_desk_state: args.state,
      help_desk_attempts: eb('help_desk_attempts', '+', 1),
      help_desk_error: args.error ?? null,
      help_desk_next_at: args.nextAt ?? null,
      ...(args.ticket ? { help_desk_ticket: args.ticket, help_desk_delivered_at: args.at } : {}),
    }))
    .where('id', '=', args.id)
    .where('kind', '=', 'SUPPORT')
    .where('help_desk_state', '<>', 'DELIVERED')
    .execute();
}
