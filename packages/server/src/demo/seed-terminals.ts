import { TERMINAL_PROVIDERS } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../db/connect';

/** Terminals on a fresh `npm start`: tens of thousands, as the company holds; TRACTION_DEMO_TERMINALS asks for more or fewer. */
export const DEMO_TERMINALS = 20_000;

/** Banks the company's terminals acquire for (CBN codes). */
const ACQUIRERS = ['058', '033', '057', '011', '044', '232'];

/**
 * Loads demo terminals, unless terminals exist. Made by the database itself. First every terminal
 * id the payment logs name, deployed at the merchant that took those payments (at its first store),
 * so a payment's terminal is a terminal here; then stock and the rest of the fleet up to `count`, in
 * every state: mapped ones (assigned, in transit, deployed) at merchants not marked as fraud. Each
 * terminal's history starts with its arrival in stock, then its mapping and its present state.
 */
export async function seedTerminals(db: Db, options: { count?: number; now?: Date } = {}): Promise<{ terminals: number }> {
  await seedTerminalPrices(db, options.now ?? new Date());
  if (await db.selectFrom('terminals').select('id').limit(1).executeTakeFirst()) return { terminals: 0 };
  const count = options.count ?? DEMO_TERMINALS;
  if (count <= 0) return { terminals: 0 };
  const now = options.now ?? new Date();
  const providers = sql.lit(JSON.stringify(TERMINAL_PROVIDERS.map((provider) => ({ name: provider.name, model: provider.models[0] }))));
  const acquirers = sql.lit(`{${ACQUIRERS.join(',')}}`);
  // A provider for a number, the same way on both inserts.
  const provider = (n: ReturnType<typeof sql>) => sql`(${providers}::jsonb -> (${n} % ${TERMINAL_PROVIDERS.length}))`;

  await sql`
    insert into terminals (serial_no, terminal_id, provider, model, bank_code, state, business_id, store_id, location, created_at, updated_at)
    select upper(left(${provider(sql`p.n`)} ->> 'name', 3)) || '-' || lpad(p.n::text, 7, '0'), p.terminal_id,
      ${provider(sql`p.n`)} ->> 'name', ${provider(sql`p.n`)} ->> 'model', (${acquirers}::text[])[1 + p.n % ${ACQUIRERS.length}],
      'DEPLOYED', p.business_id, s.id, coalesce(nullif(s.address, ''), b.name), ${now}::timestamptz - interval '120 days', ${now}::timestamptz - interval '100 days'
    from (
      select t.terminal_id, t.business_id, row_number() over (order by t.terminal_id)::int n
      from (select distinct on (terminal_id) terminal_id, business_id from payment_logs where terminal_id is not null order by terminal_id, business_id) t
    ) p
    join businesses b on b.id = p.business_id
    left join lateral (select id, address from stores where business_id = p.business_id order by id limit 1) s on true
    limit ${count}`.execute(db);

  const taken = Number((await db.selectFrom('terminals').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const rest = count - taken;
  if (rest > 0) {
    // The rest of the fleet: a state by the number's place in a hundred, a merchant for mapped ones.
    await sql`
      with merchants as (
        select id, row_number() over (order by id)::int - 1 k, count(*) over ()::int total from businesses where not is_fraud
      ),
      fleet as (
        select g n,
          case when g % 100 < 30 then 'IN_STOCK' when g % 100 < 35 then 'ASSIGNED' when g % 100 < 40 then 'IN_TRANSIT'
            when g % 100 < 85 then 'DEPLOYED' when g % 100 < 90 then 'FAULTY' when g % 100 < 95 then 'RETRIEVED' else 'DECOMMISSIONED' end state
        from generate_series(${taken + 1}::int, ${count}::int) g
      )
      insert into terminals (serial_no, terminal_id, provider, model, bank_code, state, business_id, store_id, location, created_at, updated_at)
      select upper(left(${provider(sql`f.n`)} ->> 'name', 3)) || '-' || lpad(f.n::text, 7, '0'), '3' || lpad(f.n::text, 7, '0'),
        ${provider(sql`f.n`)} ->> 'name', ${provider(sql`f.n`)} ->> 'model', (${acquirers}::text[])[1 + f.n % ${ACQUIRERS.length}],
        -- With no merchant to map it to (a database without merchants), it stays in stock.
        case when f.state in ('ASSIGNED', 'IN_TRANSIT', 'DEPLOYED') and m.id is null then 'IN_STOCK' else f.state end, m.id,
        case when f.state = 'DEPLOYED' then s.id end,
        case when f.state = 'DEPLOYED' then coalesce(nullif(s.address, ''), b.name) end,
        ${now}::timestamptz - (f.n % 365 || ' days')::interval - interval '30 days', ${now}::timestamptz - (f.n % 30 || ' days')::interval
      from fleet f
      left join merchants m on f.state in ('ASSIGNED', 'IN_TRANSIT', 'DEPLOYED') and m.k = (f.n * 7919) % m.total
      left join businesses b on b.id = m.id
      left join lateral (select id, address from stores where business_id = m.id order by id limit 1) s on true`.execute(db);
  }

  // History: arrival in stock, the mapping, the present state.
  await sql`
    insert into terminal_events (terminal_id, type, summary, to_state, at)
    select id, 'state', 'Added to stock', 'IN_STOCK', created_at from terminals`.execute(db);
  await sql`
    insert into terminal_events (terminal_id, type, summary, business_id, at)
    select t.id, 'mapping', 'Mapped to ' || b.name, t.business_id, t.created_at + interval '1 day'
    from terminals t join businesses b on b.id = t.business_id`.execute(db);
  await sql`
    insert into terminal_events (terminal_id, type, summary, from_state, to_state, business_id, at)
    select id, 'state', 'Now ' || lower(replace(state, '_', ' ')), 'IN_STOCK', state, business_id, updated_at from terminals where state <> 'IN_STOCK'`.execute(
    db,
  );
  return { terminals: Number((await db.selectFrom('terminals').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n) };
}

/** A price for every model on both plans, once: ₦150,000 to ₦255,000 outright, ₦5,000 to ₦8,500 a month rented (in kobo). */
async function seedTerminalPrices(db: Db, now: Date): Promise<void> {
  if (await db.selectFrom('terminal_prices').select('id').limit(1).executeTakeFirst()) return;
  const rows = TERMINAL_PROVIDERS.flatMap((provider, p) =>
    provider.models.flatMap((model, m) => [
      { provider: provider.name, model, plan: 'OUTRIGHT' as const, amount: (150_000 + 15_000 * p + 10_000 * m) * 100, changed_at: now, changed_by: null },
      { provider: provider.name, model, plan: 'RENTAL' as const, amount: (5_000 + 500 * p + 500 * m) * 100, changed_at: now, changed_by: null },
    ]),
  );
  const inserted = await db.insertInto('terminal_prices').values(rows).returning(['id', 'amount']).execute();
  await db
    .insertInto('terminal_price_changes')
    .values(inserted.map((row) => ({ price_id: row.id, amount: row.amount, previous_amount: null, reason: 'First price', admin_id: null, at: now })))
    .execute();
}
