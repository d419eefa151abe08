import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { ContactOptOutsTable } from '../../db/tables/contact-opt-outs.tables';

/**
 * The opt-out list (contact_opt_outs, 0037): addresses that must not be written to on a channel,
 * whoever writes — the email-marketing sync and the broadcasts alike. Emails are kept lower-cased.
 */
export type OptOutChannel = ContactOptOutsTable['channel'];
export type OptOutSource = ContactOptOutsTable['source'];

/** How the list keeps an address: an email lower-cased and trimmed; a phone number as given (`+234…`). */
export const optOutAddress = (channel: OptOutChannel, address: string) => (channel === 'EMAIL' ? address.trim().toLowerCase() : address.trim());

/** The addresses of `addresses` that are on the opt-out list of `channel`, as the list keeps them (emails lower-cased). */
export async function optedOutAddresses(db: Db, channel: OptOutChannel, addresses: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(addresses.map((address) => optOutAddress(channel, address)))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectFrom('contact_opt_outs')
    .select('address')
    .where('channel', '=', channel)
    .where(sql<boolean>`address = any(${wanted}::text[])`)
    .execute();
  return new Set(rows.map((row) => row.address));
}

/** Puts addresses on the opt-out list (an address already there keeps its first source); answers how many were new. */
export async function addOptOuts(db: Db, channel: OptOutChannel, addresses: readonly string[], source: OptOutSource, at: Date): Promise<number> {
  const fresh = [...new Set(addresses.map((address) => optOutAddress(channel, address)))].filter((address) => address.length >= 3 && address.length <= 254);
  let added = 0;
  for (let start = 0; start < fresh.length; start += 1_000) {
    const rows = await db
      .insertInto('contact_opt_outs')
      .values(fresh.slice(start, start + 1_000).map((address) => ({ channel, address, source, created_at: at })))
      .onConflict((oc) => oc.columns(['channel', 'address']).doNothing())
      .returning('id')
      .execute();
    added += rows.length;
  }
  return added;
}
