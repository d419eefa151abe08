import { lagosDate, moneyMovementPolicy, NIGERIAN_BANKS } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom } from './random';

const DAY = 86_400_000;
/** Lagos is UTC+1 all year (no daylight saving): its midnight is 23:00 UTC the day before. */
const LAGOS_OFFSET = 3_600_000;

/** Payment logs on a fresh `npm start`: a month of a busy few merchants; TRACTION_DEMO_PAYMENTS asks for more. */
export const DEMO_PAYMENTS = 20_000;

export interface SeedPaymentsOptions {
  /** How many payments in all (spread over `days`, busier on weekdays). */
  count?: number;
  days?: number;
  /** The last day's end: payments stop here. */
  now?: Date;
  onProgress?: (written: number, count: number) => void;
}

export interface SeededPayments {
  payments: number;
  merchants: number;
  groups: number;
}

/** Demo pricing bands beside the default Standard one: what the sales team offers bigger and smaller merchants. */
const DEMO_BANDS = [
  {
    name: 'Enterprise',
    description: 'Chains and supermarkets with over ₦50m a month through their terminals',
    charges: [
      ['card', 35, 0, 200_000],
      ['transfer', 0, 5_000, null],
      ['ussd', 30, 0, 50_000],
    ],
  },
  {
    name: 'Agent banking',
    description: 'POS agents: cash-out and transfers for walk-in customers',
    charges: [
      ['card', 50, 0, 10_000],
      ['transfer', 0, 2_500, null],
      ['ussd', 0, 2_000, null],
    ],
  },
  {
    name: 'Micro merchant',
    description: 'Market traders and kiosks in their first year: small payments, no flat fees',
    charges: [
      ['card', 60, 0, 7_500],
      ['transfer', 40, 0, 10_000],
      ['ussd', 60, 0, 5_000],
    ],
  },
] as const;

/** Card BINs of the schemes (first six digits). */
const BINS = { verve: ['506099', '507865', '650002'], mastercard: ['539983', '519911', '522145'], visa: ['418742', '427876', '459088'], afrigo: ['564012'] };

/**
 * Loads demo payment logs, their settlement groups and cumulations, unless payments exist. Made
 * by the database itself (generate_series), a day at a time in time order, so a million rows load
 * in a minute or two on PostgreSQL and ids follow time. Realistic patterns: busy mornings and
 * weekdays, card declines for the cardholder's reasons (insufficient funds, wrong PIN), and system
 * failures that cluster — one processor route degrades in the middle of some days, one issuing
 * bank is inoperative on others — for monitoring to find. Every cumulation is left PENDING (or
 * OPEN on the last day): settling old ones is the settlements domain's (seed-settlements.ts).
 */
export async function seedPayments(db: Db, options: SeedPaymentsOptions = {}): Promise<SeededPayments> {
  const none = { payments: 0, merchants: 0, groups: 0 };
  if (await db.selectFrom('payment_logs').select('id').limit(1).executeTakeFirst()) return none;
  const count = options.count ?? DEMO_PAYMENTS;
  if (count <= 0) return none;
  const days = options.days ?? (count > 100_000 ? 90 : 30);
  const now = options.now ?? new Date();
  const random = createRandom(16);
  const bands = await seedBands(db);

  // Merchants whose wallets take credits; the busier the more payments. A million payments spread
  // over more merchants than twenty thousand do.
  const wallets = await db
    .selectFrom('wallets as w')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .select(['w.business_id', 'w.status', 'b.is_fraud', 'b.pricing_band_id'])
    .orderBy('w.business_id')
    .execute();
  const eligible = wallets.filter((row) => moneyMovementPolicy({ isFraud: row.is_fraud, walletStatus: row.status, fixedAccount: null }).credit.allowed);
  const wanted = Math.min(eligible.length, Math.max(40, Math.round(Math.sqrt(count) * 1.2)));
  const chosen = eligible.filter((_, index) => index % Math.max(1, Math.floor(eligible.length / wanted)) === 0).slice(0, wanted);
  if (chosen.length === 0) return none;

  // Some merchants have a band of their own (kept if one was set before).
  for (const merchant of chosen) {
    if (merchant.pricing_band_id === null && random.chance(0.35)) {
      const band = random.pick(bands);
      await db.updateTable('businesses').set({ pricing_band_id: band }).where('id', '=', merchant.business_id).execute();
    }
  }
  const weights = chosen.map(() => random.pick([0.3, 0.6, 1, 1, 1, 1.5, 2, 4, 8]));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  const plan = chosen.map((merchant, index) => {
    const lo = running / totalWeight;
    running += weights[index]!;
    const terminals = Array.from(
      { length: 1 + random.int(3) },
      () =>
        `2${String(merchant.business_id % 1000).padStart(3, '0')}${random.pick(['LA', 'AB', 'KN', 'PH', 'IB', 'EN'])}${(random.int(1260) + 36).toString(36).toUpperCase().padStart(2, '0')}`,
    );
    return { business_id: merchant.business_id, lo, hi: index === chosen.length - 1 ? 1.000001 : running / totalWeight, terminals };
  });
  const planJson = JSON.stringify(plan);

  const banks = NIGERIAN_BANKS.map((bank) => bank.cbnCode);
  // Bank weights: the big five issue most cards.
  const bankWeights = banks.map((code) => (['044', '058', '011', '033', '057', '232', '035', '070'].includes(code) ? 6 : 1));
  const bankDraw = banks.flatMap((code, index) => Array.from({ length: bankWeights[index]! }, () => code));
  const payers = Array.from({ length: 60 }, () => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`);

  // The Lagos days, oldest first; the last is today (until `now`).
  const today = Date.parse(`${lagosDate(now)}T00:00:00Z`) - LAGOS_OFFSET;
  const dayStarts = Array.from({ length: days }, (_, index) => today - (days - 1 - index) * DAY);
  const dayWeights = dayStarts.map((start) => {
    const weekday = new Date(start + LAGOS_OFFSET).getUTCDay();
    return weekday === 0 ? 0.55 : weekday === 6 ? 0.8 : 1.1;
  });
  const dayTotal = dayWeights.reduce((a, b) => a + b, 0);
  let written = 0;
  let groups = 0;
  await sql`select setseed(0.16)`.execute(db);
  for (const [index, start] of dayStarts.entries()) {
    const date = lagosDate(new Date(start + 12 * 3_600_000));
    const end = Math.min(start + DAY, now.getTime());
    const isToday = index === days - 1;
    // Every day's share of the count, today's included (squeezed into the hours before now); the last takes what rounding left.
    const todays = isToday ? count - written : Math.round((count * dayWeights[index]!) / dayTotal);
    // One route degrades in the middle of about one day in six; one issuing bank is inoperative on about one in eight.
    const degraded = random.chance(0.17) ? random.pick(['upsl', 'isw', 'nibss-ptsa', 'etranzact']) : null;
    const outage = random.chance(0.12) ? random.pick(bankDraw) : null;
    const status = isToday ? 'OPEN' : 'PENDING';
    await db.transaction().execute(async (trx) => {
      const made = await sql<{ id: string }>`
        insert into settlement_groups (settlement_date, aggregator, closes_at, created_at)
        values (${date}::date, false, ${new Date(start + DAY)}, ${new Date(start)}), (${date}::date, true, ${new Date(start + DAY)}, ${new Date(start)})
        on conflict (settlement_date, aggregator) do nothing
        returning id`.execute(trx);
      groups += made.rows.length;
      await sql`
        insert into settlement_cumulations (group_id, business_id, status, updated_at)
        select g.id, p.business_id, ${status}, ${new Date(end)}
        from settlement_groups g
        cross join jsonb_to_recordset(${planJson}::jsonb) as p (business_id int)
        where g.settlement_date = ${date}::date
        on conflict (group_id, business_id) do nothing`.execute(trx);
      if (todays > 0) await insertDay(trx, { n: todays, start, span: end - start, date, planJson, bankDraw, payers, degraded, outage });
      // Totals of the day's cumulations; a merchant with no successful payment that day has none.
      await sql`
        update settlement_cumulations c
        set payment_count = t.n, amount = t.amount, charges = t.charges
        from (
          select cumulation_id, count(*)::int n, sum(amount) amount, sum(charge) charges
          from payment_logs where created_at >= ${new Date(start)} and created_at < ${new Date(start + DAY)} and cumulation_id is not null
          group by cumulation_id
        ) t
        where c.id = t.cumulation_id`.execute(trx);
      await sql`
        delete from settlement_cumulations c using settlement_groups g
        where g.id = c.group_id and g.settlement_date = ${date}::date and c.payment_count = 0`.execute(trx);
    });
    written += todays;
    options.onProgress?.(written, count);
  }
  return { payments: written, merchants: chosen.length, groups };
}

interface DayPlan {
  n: number;
  start: number;
  span: number;
  date: string;
  planJson: string;
  bankDraw: readonly string[];
  payers: readonly string[];
  degraded: string | null;
  outage: string | null;
}

/** One day's payments, drawn and priced by the database, inserted in time order. */
async function insertDay(db: Db, day: DayPlan): Promise<void> {
  const key = day.date.replaceAll('-', '').slice(2);
  await sql`
    with plan as (
      select p.business_id, p.lo, p.hi, p.terminals, coalesce(b.pricing_band_id, d.id) band_id
      from jsonb_to_recordset(${day.planJson}::jsonb) as p (business_id int, lo float8, hi float8, terminals text[])
      join businesses b on b.id = p.business_id
      cross join (select id from pricing_bands where is_default) d
    ),
    draws as (
      select g.n, random() um, random() ut, random() uc, random() ur, random() ub, random() uf, random() ua, random() ux, random() uy, random() uz
      from generate_series(1, ${day.n}) g (n)
    ),
    shaped as (
      select d.*, p.business_id, p.band_id, p.terminals,
        -- Between 06:00 and 22:00 Lagos, busiest around 14:00 (a triangle); today's squeezed into the hours before now.
        to_timestamp(${day.start / 1000}::float8 + (21600 + 28800 * (d.ut + d.uz)) * ${day.span / DAY}::float8) at_time,
        case when d.uc < 0.78 then 'card' when d.uc < 0.94 then 'transfer' else 'ussd' end channel
      from draws d join plan p on d.um >= p.lo and d.um < p.hi
    ),
    routed as (
      select s.*,
        case s.channel
          when 'card' then case when s.ur < 0.38 then 'isw' when s.ur < 0.68 then 'upsl' when s.ur < 0.88 then 'nibss-ptsa' else 'etranzact' end
          when 'transfer' then 'nibss-nip'
          else case when s.ur < 0.65 then 'coralpay' else 'etranzact' end
        end route,
        (${day.bankDraw}::text[])[1 + floor(s.ub * ${day.bankDraw.length})::int] bank_code,
        case s.channel
          when 'card' then round(exp(ln(200) + (s.ua ^ 1.6) * ln(750)) / 50)::bigint * 5000
          when 'transfer' then round(exp(ln(1000) + (s.ua ^ 1.4) * ln(500)) / 100)::bigint * 10000
          else round(exp(ln(100) + (s.ua ^ 1.5) * ln(200)) / 10)::bigint * 1000
        end amount,
        ((extract(epoch from s.at_time)::bigint + 3600) / 3600 % 24)::int lagos_hour
      from shaped s
    ),
    answered as (
      select r.*,
        case
          -- The degrading route fails one payment in three between 10:00 and 16:00.
          when r.route = ${day.degraded} and r.lagos_hour between 10 and 15 and r.uf < 0.33 then case when r.ux < 0.6 then '91' when r.ux < 0.85 then '96' else '68' end
          -- The inoperative issuer answers 91 to half its cards all day.
          when r.channel = 'card' and r.bank_code = ${day.outage} and r.uf < 0.5 then '91'
          when r.uf > 0.985 then case when r.ux < 0.5 then '96' when r.ux < 0.8 then '91' else '68' end
          when r.channel = 'card' and r.uf > 0.90 then case when r.ux < 0.45 then '51' when r.ux < 0.7 then '55' when r.ux < 0.82 then '05' when r.ux < 0.9 then '61' when r.ux < 0.95 then '54' else '75' end
          when r.channel <> 'card' and r.uf > 0.97 then case when r.ux < 0.6 then '51' else '05' end
          else '00'
        end response_code
      from routed r
    )
    insert into payment_logs (business_id, terminal_id, channel, card_scheme, masked_pan, payer_name, amount, charge, pricing_band_id, route, bank_code,
      response_code, status, rrn, stan, reference, cumulation_id, created_at)
    select a.business_id,
      case when a.channel = 'transfer' then null else a.terminals[1 + floor(a.uy * array_length(a.terminals, 1))::int] end,
      a.channel,
      case when a.channel = 'card' then case when a.uy < 0.55 then 'verve' when a.uy < 0.8 then 'mastercard' when a.uy < 0.97 then 'visa' else 'afrigo' end end,
      case when a.channel = 'card' then
        (case when a.uy < 0.55 then (${BINS.verve}::text[])[1 + floor(a.ux * 3)::int] when a.uy < 0.8 then (${BINS.mastercard}::text[])[1 + floor(a.ux * 3)::int]
          when a.uy < 0.97 then (${BINS.visa}::text[])[1 + floor(a.ux * 3)::int] else ${BINS.afrigo[0]} end)
        || '******' || lpad((floor(a.ut * 7919 + a.um * 10000)::int % 10000)::text, 4, '0') end,
      case when a.channel <> 'card' then (${day.payers}::text[])[1 + floor(a.ux * ${day.payers.length})::int] end,
      a.amount,
      case when a.response_code = '00' then least(coalesce(c.cap_kobo, a.amount), (a.amount * c.percent_bps + 5000) / 10000 + c.flat_kobo, a.amount) else 0 end,
      a.band_id, a.route, a.bank_code, a.response_code,
      case a.response_code when '00' then 'SUCCESSFUL' when '68' then 'REVERSED' else 'FAILED' end,
      lpad((floor(a.ub * 1e6)::bigint * 1000000 + floor(a.uf * 1e6)::bigint)::text, 12, '0'),
      lpad(floor(a.ur * 1e6)::int::text, 6, '0'),
      'TRX' || ${key} || lpad(a.n::text, 7, '0'),
      case when a.response_code = '00' then cu.id end,
      a.at_time
    from answered a
    left join pricing_band_charges c on c.band_id = a.band_id and c.channel = a.channel
    left join settlement_groups g on a.response_code = '00' and g.settlement_date = ${day.date}::date and g.aggregator = (a.channel <> 'card')
    left join settlement_cumulations cu on cu.group_id = g.id and cu.business_id = a.business_id
    order by a.at_time, a.n`.execute(db);
}

/** The demo bands (once); answers every band's id, the default's included. */
async function seedBands(db: Db): Promise<number[]> {
  for (const band of DEMO_BANDS) {
    const made = await db
      .insertInto('pricing_bands')
      .values({ name: band.name, description: band.description })
      .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!made) continue;
    await db
      .insertInto('pricing_band_charges')
      .values(band.charges.map(([channel, percent, flat, cap]) => ({ band_id: made.id, channel, percent_bps: percent, flat_kobo: flat, cap_kobo: cap })))
      .execute();
  }
  return (await db.selectFrom('pricing_bands').select('id').orderBy('id').execute()).map((row) => row.id);
}
