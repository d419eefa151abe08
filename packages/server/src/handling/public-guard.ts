import { tooManyRequests } from '@traction/core';
import { sql } from 'kysely';
import type { HandlerContext } from './handler-context';

/** How many requests one address may make to one public endpoint in a window. */
export interface PublicLimit {
  /** Names the counter: `chargeback-form`, `staff-lookup`. */
  name: string;
  /** Requests allowed per address in the window. */
  max: number;
  perSeconds: number;
}

/**
 * The checks every public (no sign-in) endpoint makes before doing anything: the request counts
 * against its address, and one over the limit is refused with 429 and Retry-After. The count is
 * kept in the database, so every server process agrees, and it is written with the command: a
 * request refused for its input or by a rule is not counted. A filled honeypot (a bot) answers
 * `discard`: the handler then answers as if it had succeeded, keeping and sending nothing, so the
 * bot learns nothing.
 */
export async function guardPublicRequest(
  ctx: HandlerContext,
  limit: PublicLimit,
  options: { honeypot?: string | null | undefined } = {},
): Promise<{ discard: boolean }> {
  const since = new Date(ctx.now.getTime() - limit.perSeconds * 1000);
  // One statement: counted and recorded together, so requests racing from one address cannot all slip under the limit.
  const counted = await sql<{ id: string }>`
    with recent as (
      select count(*) as n from public_requests where name = ${limit.name} and ip = ${ctx.request.ip} and at > ${since}
    )
    insert into public_requests (name, ip, at)
    select ${limit.name}, ${ctx.request.ip}, ${ctx.now} from recent where recent.n < ${limit.max}
    returning id`.execute(ctx.db);
  if (counted.rows.length === 0) {
    const oldest = await ctx.db
      .selectFrom('public_requests')
      .select((eb) => eb.fn.min('at').as('oldest'))
      .where('name', '=', limit.name)
      .where('ip', '=', ctx.request.ip)
      .where('at', '>', since)
      .executeTakeFirst();
    // Free again once the oldest request of the window has left it.
    const freeAt = new Date(oldest?.oldest ?? ctx.now).getTime() + limit.perSeconds * 1000;
    const wait = Math.max(1, Math.ceil((freeAt - ctx.now.getTime()) / 1000));
    throw tooManyRequests(`Too many requests from your address. Try again in ${wait < 120 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`}.`, wait);
  }
  return { discard: typeof options.honeypot === 'string' && options.honeypot.trim() !== '' };
}

/** Drops counts no limit looks back to (the longest window is well under a day). */
export async function prunePublicRequests(db: HandlerContext['db'], before: Date): Promise<void> {
  await db.deleteFrom('public_requests').where('at', '<', before).execute();
}
