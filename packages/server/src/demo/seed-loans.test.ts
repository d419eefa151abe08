import { LOAN_STATUSES, type LoanDetail } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../test/harness';
import { seedDemo } from './seed-demo';
import { seedLedger } from './seed-ledger';
import { seedLoans } from './seed-loans';
import { seedMerchants } from './seed-merchants';
import { seedTerminalRequests } from './seed-terminal-requests';

describe('demo loans', () => {
  let t: TestApp;
  let viewer: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock.now();
    await seedDemo(t.db, { scryptLogN: 10 });
    await seedMerchants(t.db, { count: 1_000, anchor: now });
    await seedLedger(t.db, { anchor: now });
    await seedTerminalRequests(t.db, { now, count: 300 });
    viewer = await t.actor({ permissions: ['loans.view', 'deductions.view', 'approvals.view'] });
  });
  afterAll(() => t.close());

  it('tells every state through the loans and deductions commands, consistent with the ledger, once', async () => {
    const seeded = await seedLoans(t.deps, { now: t.clock.now() });
    expect(seeded.loans).toBeGreaterThanOrEqual(55);
    expect(seeded.runs).toBeGreaterThan(20);

    const { rows: statuses } = await sql<{ status: string; purpose: string; frequency: string; n: number }>`
      select status, purpose, frequency, count(*)::int n from loans group by 1, 2, 3`.execute(t.db);
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(LOAN_STATUSES));
    expect(new Set(statuses.map((row) => row.frequency))).toEqual(new Set(['DAILY', 'WEEKLY']));
    expect(statuses.some((row) => row.purpose === 'TERMINAL')).toBe(true);
    // A terminal on loan names the demo terminal request it was bought on.
    const linked = await t.db.selectFrom('loans').select('id').where('terminal_request_id', 'is not', null).execute();
    expect(linked.length).toBeGreaterThan(0);
    // Requested over ninety days, the oldest still being collected from then.
    const span = await t.db
      .selectFrom('loans')
      .select([(eb) => eb.fn.min('created_at').as('first')])
      .executeTakeFirstOrThrow();
    expect(t.clock.now().getTime() - new Date(span.first as Date).getTime()).toBeGreaterThan(80 * 86_400_000);

    // What each loan repaid is the sum of its repayments, of its instalments' payments and of the ledger's repayment transfers for it.
    const { rows: wrong } = await sql<{ id: number }>`
      select l.id from loans l
      where l.repaid <> (select coalesce(sum(r.amount), 0) from loan_repayments r where r.loan_id = l.id)
         or l.repaid <> (select coalesce(sum(i.paid), 0) from loan_instalments i where i.loan_id = l.id)
         or l.repaid <> (select coalesce(sum(t.amount), 0) from ledger_transfers t
                         where t.kind = 'loan_repayment' and split_part(t.reference, '-', 3)::int = l.id)`.execute(t.db);
    expect(wrong).toEqual([]);
    // Every loan paid out was paid through the ledger (its principal to the wallet, on its day); none other was.
    const { rows: payouts } = await sql<{ id: number; ok: boolean }>`
      select l.id, (t.id is not null and t.amount = l.principal and t.created_at = l.disbursed_at) ok from loans l
      left join ledger_transfers t on t.reference = 'LOAN-' || l.id || '-DISB'
      where l.disbursed_at is not null or t.id is not null`.execute(t.db);
    expect(payouts.length).toBeGreaterThan(30);
    expect(payouts.filter((row) => !row.ok)).toEqual([]);
    // Repayments were taken by the runs, on the runs' days in the past.
    const { rows: repayments } = await sql<{ n: number; without_run: number; first: Date }>`
      select count(*)::int n, count(*) filter (where run_id is null)::int without_run, min(created_at) first from loan_repayments`.execute(t.db);
    expect(repayments[0]!.n).toBeGreaterThan(100);
    expect(repayments[0]!.without_run).toBe(0);
    expect(t.clock.now().getTime() - new Date(repayments[0]!.first).getTime()).toBeGreaterThan(60 * 86_400_000);
    // … and posted to the ledger on those days too.
    const { rows: misdated } = await sql<{ id: string }>`
      select r.id from loan_repayments r join ledger_transfers t on t.id = r.transfer_id where t.created_at <> r.created_at`.execute(t.db);
    expect(misdated).toEqual([]);

    // The runs: all done, with what they could not take and why.
    const { rows: runs } = await sql<{
      status: string;
      scope: string;
      n: number;
    }>`select status, scope, count(*)::int n from deduction_runs group by 1, 2`.execute(t.db);
    expect(runs.every((row) => row.status === 'DONE')).toBe(true);
    expect(runs.map((row) => row.scope).sort()).toEqual(['BULK', 'INIT']);
    const { rows: items } = await sql<{ state: string; reason: string | null }>`select distinct state, reason from deduction_run_items`.execute(t.db);
    const states = new Set(items.map((item) => item.state));
    expect(states).toEqual(new Set(['TAKEN', 'PARTLY_TAKEN', 'NOT_TAKEN']));
    const reasons = items.map((item) => item.reason ?? '').join('\n');
    expect(reasons).toMatch(/nothing to take/);
    expect(reasons).toMatch(/whole instalments only/);
    expect(reasons).toMatch(/cap of/i);
    // Paused settings: the repaid and written-off loans', and one paused while the loan is still owed.
    const { rows: paused } = await sql<{ status: string }>`
      select l.status from deduction_settings s join loans l on l.id = s.loan_id where s.status = 'PAUSED'`.execute(t.db);
    expect(paused.some((row) => row.status === 'REPAYING')).toBe(true);

    // The requested loans wait in the approvals queue, one request each.
    const requested = await t.db.selectFrom('loans').select('id').where('status', '=', 'REQUESTED').execute();
    const queue = await viewer.request('GET', '/api/approvals', { query: { status: 'PENDING', command: 'loans.approve' } });
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body.items).toHaveLength(requested.length);

    // Loans being repaid: most up to date, some in arrears (a wallet short, whole instalments only, a cap, a pause).
    const repaying = async (overdue: boolean) => {
      const answer = await viewer.request('GET', '/v1/payments/admin/getallloans', { query: { status: 'REPAYING', overdue: String(overdue) } });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.items as { arrears: number }[];
    };
    expect((await repaying(true)).length).toBeGreaterThanOrEqual(4);
    expect((await repaying(false)).length).toBeGreaterThanOrEqual(8);

    // A defaulted loan, as the console shows it: well in arrears, its history logged.
    const defaulted = await t.db.selectFrom('loans').select('id').where('status', '=', 'DEFAULTED').orderBy('id').executeTakeFirstOrThrow();
    const detail = await viewer.request<LoanDetail>('GET', `/v1/payments/admin/getloan/${defaulted.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.daysPastDue).toBeGreaterThan(14);
    expect(detail.body.events.map((event) => event.toStatus)).toEqual(expect.arrayContaining(['REQUESTED', 'APPROVED', 'DISBURSED', 'DEFAULTED']));
    // The portal lists the runs.
    const portal = await viewer.request('GET', '/v1/payments/admin/autodeduction/runs');
    expect(portal.status, portal.text).toBe(200);
    expect(portal.body.items.length).toBeGreaterThan(0);

    expect(await seedLoans(t.deps, { now: t.clock.now() })).toEqual({ loans: 0, runs: 0 });
  }, 120_000);
});
