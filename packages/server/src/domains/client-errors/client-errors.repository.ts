import type { ClientErrorEntry } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { containsPattern, prefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

export interface NewClientError {
  at: Date;
  adminId: number;
  adminEmail: string;
  message: string;
  stack: string | null;
  route: string;
  consoleVersion: string;
  userAgent: string | null;
  requestId: string;
}

/**
 * Takes the admin's row lock until the transaction ends, so that reports sent at once count
 * each other and the rate limit holds.
 */
export async function lockReportsOf(db: Db, adminId: number): Promise<void> {
  await db.selectFrom('admins').select('id').where('id', '=', adminId).forUpdate().executeTakeFirst();
}

/** How many reports the admin sent since `since`, and when the oldest of them was. */
export async function recentReports(db: Db, adminId: number, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('client_errors')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('at').as('oldest')])
    .where('admin_id', '=', adminId)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

export async function insertClientError(db: Db, report: NewClientError): Promise<number> {
  const { id } = await db
    .insertInto('client_errors')
    .values({
      at: report.at,
      admin_id: report.adminId,
      admin_email: report.adminEmail,
      message: report.message,
      stack: report.stack,
      route: report.route,
      console_version: report.consoleVersion,
      user_agent: report.userAgent,
      request_id: report.requestId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The reports (`e`), as their list shows them. */
export function clientErrorQuery(db: Db) {
  return db
    .selectFrom('client_errors as e')
    .select(['e.id', 'e.at', 'e.admin_id', 'e.admin_email', 'e.message', 'e.stack', 'e.route', 'e.console_version', 'e.user_agent']);
}

/** Words of the message (any case), or the start of the page's path. */
export function matchingText(text: string) {
  return sql<boolean>`(lower(e.message) like ${containsPattern(text.toLowerCase())} or e.route like ${prefixPattern(text)})`;
}

export function toClientErrorEntry(row: RowOf<typeof clientErrorQuery>): ClientErrorEntry {
  return {
    id: row.id,
    at: isoTimestamp(row.at),
    adminId: row.admin_id,
    adminEmail: row.admin_email,
    message: row.message,
    stack: row.stack,
    route: row.route,
    consoleVersion: row.console_version,
    userAgent: row.user_agent,
  };
}
