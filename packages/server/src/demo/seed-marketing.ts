import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { ContactOptOutsTable } from '../db/tables/contact-opt-outs.tables';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom } from './random';

const DAY = 86_400_000;
/** One owner in this many opted out (by an unsubscribe link, at the provider, or by an admin). */
const OPT_OUT_EVERY = 53;
/** One contact in this many the provider refused as an invalid address. */
const INVALID_EVERY = 149;
/** Contacts of the demo upload. */
const UPLOADED = 60;
const OPT_OUT_SOURCES: readonly ContactOptOutsTable['source'][] = ['UNSUBSCRIBE_LINK', 'MARKETING_PROVIDER', 'ADMIN'];
const OUTAGE =
  'Brevo did not answer 3 times in a row (Brevo answered 503 Service Unavailable); contacts not sent yet remain. Retry the run once Brevo answers: it carries on with the contacts not sent yet.';

/** `time` (HH:MM, Lagos) on the day `daysAgo` days before `now`'s Lagos day. */
function lagosAt(now: Date, daysAgo: number, time: string): Date {
  const today = new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${today}T${time}:00+01:00`) - daysAgo * DAY);
}

/**
 * Gives a run's contacts (the first `upTo`, in push order) the results the sandbox would have
 * answered — opted out, invalid, updated when an earlier run added them, added otherwise — and
 * answers when the last was recorded.
 */
async function settle(db: Db, runId: number, at: Date, options: { upTo?: number } = {}): Promise<Date> {
  const { rows } = await sql<{ last: number | null }>`
    with known as (
      select distinct email from marketing_sync_contacts where run_id < ${runId} and result in ('ADDED', 'UPDATED')
    ), numbered as (
      select c.id, row_number() over (order by c.id) as n, k.email is not null as known,
        exists (select 1 from contact_opt_outs o where o.channel = 'EMAIL' and o.address = c.email and o.created_at <= ${at}) as opted_out
      from marketing_sync_contacts c left join known k on k.email = c.email where c.run_id = ${runId}
    ), settled as (
      update marketing_sync_contacts c set
        result = case when n.opted_out then 'OPTED_OUT' when n.n % ${INVALID_EVERY} = 11 or c.email like 'invalid%' then 'FAILED' when n.known then 'UPDATED' else 'ADDED' end,
        reason = case when n.opted_out then 'On the opt-out list: never re-added'
          when n.n % ${INVALID_EVERY} = 11 or c.email like 'invalid%' then 'Brevo refused it: Invalid email address' end,
        at = ${at}::timestamptz + n.n * interval '80 milliseconds'
      from numbered n
      where c.id = n.id and n.n <= ${options.upTo ?? 2_147_483_647}
      returning n.n
    )
    select max(n)::int as last from settled`.execute(db);
  return new Date(at.getTime() + (rows[0]?.last ?? 0) * 80);
}

/** A run of every owner at `at`: the owners of the merchants that had signed up by then. */
async function ownersRun(db: Db, values: { at: Date; createdBy: number | null }): Promise<number> {
  const { id } = await db
    .insertInto('marketing_sync_runs')
    .values({
      kind: 'ALL_OWNERS',
      status: 'RUNNING',
      file_name: null,
      gathered: true,
      opt_outs_read: true,
      created_by: values.createdBy,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into marketing_sync_contacts (run_id, email, first_name, last_name, phone, business_id)
    select distinct on (lower(u.email)) ${id}::int, lower(u.email), left(u.first_name, 100), left(u.last_name, 100),
      case when u.phone ~ '^\\+234[789][01][0-9]{8}$' then u.phone end, b.id
    from businesses b join business_users u on u.business_id = b.id and u.role = 'owner'
    where b.created_at <= ${values.at} and length(u.email) between 3 and 254
    order by lower(u.email), b.id`.execute(db);
  return id;
}

/**
 * Loads the demo email-marketing syncs once (skipped when there is a run): opt-outs among the
 * owners (one in 53, by an unsubscribe link, at the provider, or by an admin) and a few uploaded
 * leads; a sync of every owner a month ago; an upload of trade-fair leads; a sync that failed in a
 * provider outage part of the way through (to retry); and a full sync after it. Every contact has
 * the result the sandbox provider would have given: opted-out ones skipped, one in 149 refused as
 * an invalid address. Deterministic; works without merchants.
 */
export async function seedMarketing(db: Db, options: { now?: Date } = {}): Promise<{ runs: number; contacts: number; optOuts: number }> {
  if (await db.selectFrom('marketing_sync_runs').select('id').limit(1).executeTakeFirst()) return { runs: 0, contacts: 0, optOuts: 0 };
  const now = options.now ?? new Date();
  const random = createRandom(39);
  const admin = await db.selectFrom('admins').select('id').where('role', '=', 'super_admin').orderBy('id').executeTakeFirst();
  const createdBy = admin?.id ?? null;
  const firstRun = lagosAt(now, 30, '10:15');

  // Uploaded leads, two of whom asked not to be written to.
  const leads = Array.from({ length: UPLOADED }, (_, i) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const invalid = i === 16 || i === 43;
    const email = `${invalid ? 'invalid.' : ''}${first}.${last}${i + 1}@${random.pick(['gmail.com', 'yahoo.com', 'outlook.com'])}`.toLowerCase();
    const phone = random.chance(0.7)
      ? `+234${random.pick(['803', '806', '813', '703', '810', '905'])}${String(1_000_000 + random.int(8_999_999)).slice(0, 7)}`
      : null;
    return { email, first, last, phone, row: i + 1 };
  });

  const owners = await db
    .selectFrom('business_users')
    .select(sql<string>`lower(email)`.as('email'))
    .where('role', '=', 'owner')
    .orderBy('business_id')
    .execute();
  const optOuts = [
    ...owners
      .filter((_, i) => i % OPT_OUT_EVERY === 7)
      .map((owner, i) => {
        const source = OPT_OUT_SOURCES[i % OPT_OUT_SOURCES.length]!;
        // Those learned from the provider were learned by the first sync; the others came before it.
        return { address: owner.email, source, created_at: source === 'MARKETING_PROVIDER' ? firstRun : new Date(firstRun.getTime() - (10 + i) * DAY) };
      }),
    ...[leads[5]!, leads[29]!].map((lead) => ({ address: lead.email, source: 'UPLOAD' as const, created_at: lagosAt(now, 20, '09:00') })),
  ];
  let optedOut = 0;
  for (const optOut of optOuts) {
    const added = await db
      .insertInto('contact_opt_outs')
      .values({ channel: 'EMAIL', ...optOut })
      .onConflict((oc) => oc.columns(['channel', 'address']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (added) optedOut += 1;
  }
  const learned = optOuts.filter((optOut) => optOut.source === 'MARKETING_PROVIDER').length;

  // A month ago: the first sync of every owner, done.
  const first = await ownersRun(db, { at: firstRun, createdBy });
  const firstDone = await settle(db, first, new Date(firstRun.getTime() + 2_000));
  await db.updateTable('marketing_sync_runs').set({ status: 'DONE', finished_at: firstDone, provider_opt_outs: learned }).where('id', '=', first).execute();

  // Twelve days ago: leads from a trade fair, uploaded.
  const uploadAt = lagosAt(now, 12, '14:40');
  const { id: upload } = await db
    .insertInto('marketing_sync_runs')
    .values({
      kind: 'UPLOAD',
      status: 'RUNNING',
      file_name: 'lagos-trade-fair-leads.csv',
      gathered: true,
      opt_outs_read: true,
      created_by: createdBy,
      created_at: uploadAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('marketing_sync_contacts')
    .values(leads.map((lead) => ({ run_id: upload, email: lead.email, first_name: lead.first, last_name: lead.last, phone: lead.phone, row_number: lead.row })))
    .execute();
  const uploadDone = await settle(db, upload, new Date(uploadAt.getTime() + 1_000));
  await db.updateTable('marketing_sync_runs').set({ status: 'DONE', finished_at: uploadDone }).where('id', '=', upload).execute();

  // Five days ago: a sync stopped by a provider outage two fifths of the way through (retry it to finish it).
  const failedAt = lagosAt(now, 5, '09:05');
  const failed = await ownersRun(db, { at: failedAt, createdBy });
  const { total } = await db
    .selectFrom('marketing_sync_contacts')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('run_id', '=', failed)
    .executeTakeFirstOrThrow();
  const stopped = await settle(db, failed, new Date(failedAt.getTime() + 2_000), { upTo: Math.floor(total * 0.4) });
  await db
    .updateTable('marketing_sync_runs')
    .set({ status: 'FAILED', failure: OUTAGE, outage_retries: 3, finished_at: new Date(stopped.getTime() + 210_000) })
    .where('id', '=', failed)
    .execute();

  // Four days ago: a new sync once the provider answered again, done.
  const lastAt = lagosAt(now, 4, '11:30');
  const last = await ownersRun(db, { at: lastAt, createdBy });
  const lastDone = await settle(db, last, new Date(lastAt.getTime() + 2_000));
  await db.updateTable('marketing_sync_runs').set({ status: 'DONE', finished_at: lastDone }).where('id', '=', last).execute();

  const { contacts } = await db.selectFrom('marketing_sync_contacts').select(sql<number>`count(*)::int`.as('contacts')).executeTakeFirstOrThrow();
  return { runs: 4, contacts, optOuts: optedOut };
}
