import { NIGERIAN_STATES, type SavingsPlan } from '@traction/core';
import type { Insertable } from 'kysely';
import type { Db } from '../db/connect';
import type { SavingsWaitlistTable } from '../db/tables/savings.tables';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom } from './random';

/** People on the demo savings wait-list. */
export const DEMO_SAVINGS_WAITLIST = 4_000;

const DAY = 86_400_000;
/** The wait-list opened this many days before `now`. */
const OPEN_DAYS = 120;
/** One entry in four is a merchant's owner, while there are merchants enough. */
const MERCHANT_SHARE = 0.25;
const MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com'];
const PHONE_PREFIXES = ['803', '806', '813', '816', '703', '706', '810', '814', '903', '906', '805', '807', '815', '905', '701', '902', '809', '817'];
/** Most people live where most merchants are. */
const LIKELY_STATES = ['LA', 'LA', 'LA', 'LA', 'FC', 'FC', 'OY', 'RI', 'KN', 'EN', 'AN', 'OG', 'KD', 'ED', 'DE'];
const ALL_STATES = NIGERIAN_STATES.map((state) => state.code);
/** Target savings is what most ask for, fixed the least. */
const PLANS: readonly SavingsPlan[] = ['TARGET', 'TARGET', 'TARGET', 'TARGET', 'FLEXIBLE', 'FLEXIBLE', 'FLEXIBLE', 'FIXED', 'FIXED'];
/** Monthly amounts people say, in Naira: round sums, small ones more often. */
const MONTHLY_NAIRA = [2_000, 5_000, 5_000, 10_000, 10_000, 15_000, 20_000, 25_000, 50_000, 50_000, 100_000, 200_000, 500_000];

/**
 * Loads the demo savings wait-list once (skipped when it has entries): `count` people who joined
 * over the last 120 days, more of them lately, from the app and the website. One in four is the
 * owner of a demo merchant not marked as fraud — their name, email, phone and state are the
 * owner's and the business's, and they joined after the business signed up; the rest are people
 * who are not merchants. Most say how much they expect to save a month. Written in the order
 * they joined, so ids follow the joining time as they would in production. Works without merchants.
 */
export async function seedSavingsWaitlist(db: Db, options: { now?: Date; count?: number } = {}): Promise<{ entries: number; merchants: number }> {
  if (await db.selectFrom('savings_waitlist').select('id').limit(1).executeTakeFirst()) return { entries: 0, merchants: 0 };
  const now = options.now ?? new Date();
  const count = options.count ?? DEMO_SAVINGS_WAITLIST;
  const random = createRandom(36);
  const owners = await db
    .selectFrom('businesses as b')
    .innerJoin('business_users as u', (join) => join.onRef('u.business_id', '=', 'b.id').on('u.role', '=', 'owner'))
    .select(['b.id', 'b.state_code', 'b.created_at', 'u.first_name', 'u.last_name', 'u.email', 'u.phone'])
    .where('b.is_fraud', '=', false)
    .orderBy('b.id')
    .limit(20_000)
    .execute();
  // A seeded shuffle, then the first of them: which merchants joined does not follow their ids.
  for (let i = owners.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [owners[i], owners[j]] = [owners[j]!, owners[i]!];
  }
  const linked = owners.slice(0, Math.min(owners.length, Math.floor(count * MERCHANT_SHARE)));
  const seenEmails = new Set<string>();
  const latest = now.getTime() - 60_000;
  /** A moment since the list opened, more of them lately (the square root leans towards now). */
  const joinedSinceOpening = () => new Date(latest - Math.floor((1 - Math.sqrt(random.next())) * OPEN_DAYS * DAY));
  const monthly = () => (random.chance(0.75) ? BigInt(random.pick(MONTHLY_NAIRA)) * 100n : null);

  const entries: Insertable<SavingsWaitlistTable>[] = [];
  for (const owner of linked) {
    const email = owner.email.toLowerCase();
    if (seenEmails.has(email)) continue;
    seenEmails.add(email);
    // After the business signed up: someone cannot join as a merchant before being one.
    const signedUp = new Date(owner.created_at).getTime();
    const joined = joinedSinceOpening();
    const joinedAt = joined.getTime() > signedUp ? joined : new Date(Math.min(latest, signedUp + (1 + random.int(72)) * 3_600_000));
    entries.push({
      name: `${owner.first_name} ${owner.last_name}`,
      email,
      phone: owner.phone,
      business_id: owner.id,
      plan: random.pick(PLANS),
      monthly_amount: monthly(),
      state_code: owner.state_code,
      source: random.chance(0.8) ? 'APP' : 'WEB',
      joined_at: joinedAt,
    });
  }
  for (let n = 1; entries.length < count; n++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    // An underscore: never the `first.last<id>@` of a merchant's owner.
    const email = `${first}_${last}${n}@${random.pick(MAIL_DOMAINS)}`.toLowerCase();
    entries.push({
      name: `${first} ${last}`,
      email,
      phone: `+234${random.pick(PHONE_PREFIXES)}${String(random.int(10_000_000)).padStart(7, '0')}`,
      business_id: null,
      plan: random.pick(PLANS),
      monthly_amount: monthly(),
      state_code: random.chance(0.8) ? (random.chance(0.85) ? random.pick(LIKELY_STATES) : random.pick(ALL_STATES)) : null,
      source: random.chance(0.55) ? 'APP' : 'WEB',
      joined_at: joinedSinceOpening(),
    });
  }
  // Stable: equal moments keep the order they were made in, so every run writes the same ids.
  entries.sort((a, b) => (a.joined_at as Date).getTime() - (b.joined_at as Date).getTime());
  for (let from = 0; from < entries.length; from += 1_000) {
    await db
      .insertInto('savings_waitlist')
      .values(entries.slice(from, from + 1_000))
      .execute();
  }
  return { entries: entries.length, merchants: entries.filter((entry) => entry.business_id !== null).length };
}
