import { conflict, TERMINAL_REQUEST_STATUS_WORDS, type TerminalRequestStatus } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { recordTerminalEvent } from './terminals.repository';

/** One status a request entered, in its change log. */
export function recordRequestEvent(
  db: Db,
  event: { requestId: number; from: TerminalRequestStatus | null; to: TerminalRequestStatus; note?: string | null; adminId: number | null; at: Date },
) {
  return db
    .insertInto('terminal_request_events')
    .values({ request_id: event.requestId, from_status: event.from, to_status: event.to, note: event.note ?? null, admin_id: event.adminId, at: event.at })
    .execute();
}

/** The request a terminal was last assigned to, under a row lock, if any. */
export async function lockRequestOfTerminal(db: Db, terminalId: number) {
  const { rows } = await sql<{ id: number; status: TerminalRequestStatus; business_id: number }>`
    select r.id, r.status, r.business_id from terminal_requests r
    join terminal_request_terminals rt on rt.request_id = r.id
    where rt.terminal_id = ${terminalId}
    order by r.id desc limit 1
    for update of r`.execute(db);
  return rows[0];
}

/**
 * A terminal on its way to its merchant (in transit) is now deployed there: the terminal moves
 * and, when it was sent for a request, that request needs to have been delivered; once every
 * terminal of the request is deployed, the request is deployed too. Refused (409) otherwise,
 * naming the state that stands in the way. Run inside the caller's transaction.
 */
export async function deployTerminal(db: Db, asked: { terminalId: number; adminId: number | null; at: Date; note: string }) {
  const terminal = await db
    .selectFrom('terminals')
    .select(['id', 'serial_no', 'state', 'business_id'])
    .where('id', '=', asked.terminalId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (terminal.state !== 'IN_TRANSIT')
    throw conflict(
      `Terminal ${terminal.serial_no} is ${terminal.state.toLowerCase().replace('_', ' ')}: only a terminal in transit to its merchant is deployed`,
      {
        reason: 'illegal_state',
        state: terminal.state,
      },
    );
  const request = await lockRequestOfTerminal(db, terminal.id);
  if (request && request.business_id === terminal.business_id && request.status !== 'DELIVERED')
    throw conflict(
      `Terminal ${terminal.serial_no} was sent for request #${request.id}, which is ${TERMINAL_REQUEST_STATUS_WORDS[request.status].toLowerCase()}: mark it delivered first`,
      { reason: 'illegal_state', state: request.status, request: request.id },
    );
  await db.updateTable('terminals').set({ state: 'DEPLOYED', updated_at: asked.at }).where('id', '=', terminal.id).execute();
  await recordTerminalEvent(db, {
    terminalId: terminal.id,
    type: 'state',
    summary: 'In transit → Deployed',
    fromState: 'IN_TRANSIT',
    toState: 'DEPLOYED',
    businessId: terminal.business_id,
    note: asked.note,
    adminId: asked.adminId,
    at: asked.at,
  });
  if (!request || request.business_id !== terminal.business_id) return { request: null };
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int waiting from terminal_request_terminals rt join terminals t on t.id = rt.terminal_id
    where rt.request_id = ${request.id} and t.state <> 'DEPLOYED'`.execute(db);
  if ((rows[0]?.waiting ?? 0) > 0) return { request: { id: request.id, deployed: false } };
  await db.updateTable('terminal_requests').set({ status: 'DEPLOYED', deployed_at: asked.at, updated_at: asked.at }).where('id', '=', request.id).execute();
  await recordRequestEvent(db, { requestId: request.id, from: 'DELIVERED', to: 'DEPLOYED', note: asked.note, adminId: asked.adminId, at: asked.at });
  return { request: { id: request.id, deployed: true } };
}
