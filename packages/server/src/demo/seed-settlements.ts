import { lagosDate, settleCumulations } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { type Acting, decideApproval, executorsById } from '../domains/approvals/index';
import { settle, settlementExecutors } from '../domains/settlements/index';
import { refusable } from './demo-runner';
import { demoAdmin } from './seed-approvals';

const DAY = 86_400_000;

/**
 * The demo payments' settlements, through the settlements and approvals domains' own operations:
 * an Operations admin runs each day's settlement the morning after, and a Finance admin approves
 * it when it is above the policy's amount. Days more than ten days ago were settled outside the
 * system (manual-settle: no money moves, so a million payments' history loads fast); the eight
 * days after were settled to the merchants' wallets through the ledger; the day before
 * yesterday's card group waits for the second admin; yesterday is ready; today is open. Once:
 * skipped when any cumulation is settled or waiting.
 */
export async function seedSettlements(db: Db, options: { now?: Date } = {}): Promise<{ settled: number; waiting: number }> {
  const none = { settled: 0, waiting: 0 };
  const started = await db
    .selectFrom('settlement_cumulations')
    .select('id')
    .where('status', 'in', ['SETTLED', 'SETTLED_MANUALLY', 'AWAITING_APPROVAL'])
    .limit(1)
    .executeTakeFirst();
  if (started) return none;
  const [runner, approver] = [await demoAdmin(db, 'Operations'), await demoAdmin(db, 'Finance')];
  if (!runner || !approver) return none;
  const now = options.now ?? new Date();
  const today = lagosDate(now);
  const daysAgo = (n: number) => lagosDate(new Date(Date.parse(`${today}T12:00:00Z`) - n * DAY));
  const { rows: groups } = await sql<{ id: string; settlement_date: string; aggregator: boolean }>`
    select id::text, settlement_date::text, aggregator from settlement_groups
    where settlement_date < ${daysAgo(1)}::date order by settlement_date, aggregator`.execute(db);
  const executors = executorsById(settlementExecutors);
  const as = <T>(admin: Acting['admin'], at: Date, work: (acting: Acting) => Promise<T>) =>
    db.transaction().execute((trx) => work({ db: trx, now: at, admin, requestId: null }));
  let settled = 0;
  let waiting = 0;
  for (const group of groups) {
    const manual = group.settlement_date < daysAgo(10);
    // The settlement runs the morning after the day; its approval a little later.
    const at = new Date(Date.parse(`${group.settlement_date}T09:30:00+01:00`) + DAY);
    const outcome = await refusable(() =>
      as(runner, at, (acting) =>
        settle(
          acting.db,
          {
            groupId: Number(group.id),
            action: manual ? 'manual-settle' : 'actual-settle',
            cumulations: 'all',
            ...(manual ? { reference: `NIBSS-BATCH-${group.settlement_date.replaceAll('-', '')}${group.aggregator ? '-AGG' : ''}` } : {}),
          },
          { adminId: runner.id, now: at, commandId: settleCumulations.id, requestId: null },
          { acting, reason: 'Daily settlement run' },
        ),
      ),
    );
    if (!outcome) continue;
    const count = outcome.cumulations.length;
    if (outcome.outcome === 'SETTLED') settled += count;
    else if (group.settlement_date === daysAgo(2) && !group.aggregator) waiting += count;
    else {
      const decided = await refusable(() =>
        as(approver, new Date(at.getTime() + 45 * 60_000), (acting) =>
          decideApproval(acting, {
            id: outcome.approvalRequestId!,
            decision: 'approve',
            note: 'Checked against the processor’s settlement report',
            commandId: 'demo.seed',
            executors,
          }),
        ),
      );
      if (decided) settled += count;
    }
  }
  return { settled, waiting };
}
