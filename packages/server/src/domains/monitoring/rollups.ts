import { SYSTEM_FAILURE_CODES } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/**
 * Folds the payments logged since the last refresh into the rollups (0026) and moves the
 * watermark, in one transaction: a crash leaves both as they were. Payments are never updated,
 * so folding is adding. Cheap when little is new; after the demo seed of a million payments it
 * folds them all in one pass.
 */
export async function refreshPaymentRollups(db: Db): Promise<{ folded: number }> {
  return db.transaction().execute(async (trx) => {
    const mark = await sql<{ last: string; top: string | null }>`
      select w.last_payment_id::text last, (select max(id) from payment_logs)::text top
      from payment_stats_watermark w for update`.execute(trx);
    const last = BigInt(mark.rows[0]?.last ?? '0');
    const top = mark.rows[0]?.top ? BigInt(mark.rows[0].top) : last;
    if (top <= last) return { folded: 0 };
    await sql`
      insert into payment_stats_route_hourly (hour, route, payments, successful, system_failures, amount, successful_amount)
      select date_trunc('hour', created_at), route, count(*), count(*) filter (where status = 'SUCCESSFUL'),
        count(*) filter (where response_code = any (${SYSTEM_FAILURE_CODES as string[]}::text[])), sum(amount), coalesce(sum(amount) filter (where status = 'SUCCESSFUL'), 0)
      from payment_logs where id > ${last} and id <= ${top}
      group by 1, 2
      on conflict (hour, route) do update set
        payments = payment_stats_route_hourly.payments + excluded.payments,
        successful = payment_stats_route_hourly.successful + excluded.successful,
        system_failures = payment_stats_route_hourly.system_failures + excluded.system_failures,
        amount = payment_stats_route_hourly.amount + excluded.amount,
        successful_amount = payment_stats_route_hourly.successful_amount + excluded.successful_amount`.execute(trx);
    await sql`
      insert into payment_stats_daily (day, route, bank_code, response_code, payments, amount)
      select ((created_at at time zone 'UTC') + interval '1 hour')::date, route, bank_code, response_code, count(*), sum(amount)
      from payment_logs where id > ${last} and id <= ${top}
      group by 1, 2, 3, 4
      on conflict (day, route, bank_code, response_code) do update set
        payments = payment_stats_daily.payments + excluded.payments,
        amount = payment_stats_daily.amount + excluded.amount`.execute(trx);
    await sql`update payment_stats_watermark set last_payment_id = ${top}, refreshed_at = now()`.execute(trx);
    return { folded: Number(top - last) };
  });
}
