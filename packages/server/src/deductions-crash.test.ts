import { lagosDate } from '@traction/core';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './db/connect';
import { openCompanyAccounts, post, walletAccount } from './domains/ledger/index';
import type { LooseBody } from './test/harness';
import { callServer, killServerProcess, type ServerProcess, signInToServer, startServerProcess } from './test/server-process';
import { createScratchDatabase } from './test/test-database';

/**
 * The deduction crash run, on PostgreSQL (issue 18's reliability check): TRACTION_DEDUCTION_CRASH_LOANS
 * disbursed loans (default 2,000) with five instalments each due — 10,000 instalments — and
 * wallets holding twice what they owe (so a second take of an instalment would succeed and show,
 * rather than be refused for want of money). Two server processes share the database; a run is
 * started on each at the same moment, and the process running a run's job is killed with
 * `kill -9` mid-run and started again. Afterwards every instalment is paid exactly once (one
 * repayment, one ledger transfer), both runs are done, their totals equal the ledger, and the
 * ledger check passes.
 */

const ROOT = 'root@traction.ng';
const ROOT_PASSWORD = 'deduction-crash-root-passphrase';
const DEVICE = { deviceId: 'dev-deduction-crash-runner', deviceModel: 'Test rig', browserName: 'Vitest', browserVersion: '4', deviceType: 'cli' };
const LOANS = Number(process.env.TRACTION_DEDUCTION_CRASH_LOANS ?? 2_000);
const INSTALMENTS = 5;
/** ₦150 an instalment, in kobo. */
const EACH = 15_000;
const OWED = INSTALMENTS * EACH;
const DAY = 86_400_000;

const databaseUrl = process.env.DATABASE_URL;
let scratch: { url: string; drop(): Promise<void> };

beforeAll(async () => {
  if (databaseUrl) scratch = await createScratchDatabase(databaseUrl);
});
afterAll(async () => {
  await scratch?.drop();
});

const start = () =>
  startServerProcess(
    { dataDir: '', databaseUrl: scratch.url },
    { TRACTION_ADMIN_EMAIL: ROOT, TRACTION_ADMIN_PASSWORD: ROOT_PASSWORD, TRACTION_SCRYPT_LOG_N: '10', TRACTION_DEMO: 'false', TRACTION_JOB_CONCURRENCY: '2' },
  );

const call = (url: string, method: string, path: string, options: { body?: unknown; token?: string; key?: string } = {}) =>
  callServer<LooseBody>(url, method, path, { ...options, deviceId: DEVICE.deviceId });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = async (db: Db, query: RawBuilder<{ n: string }>) => Number((await query.execute(db)).rows[0]!.n);

/**
 * The loans straight into the tables, fast: merchants and wallets in two statements, the money
 * through the ledger's `post` (a disbursement leg and a top-up leg per wallet), then the loans,
 * their instalments (due one to five days ago) and their active deduction settings in a statement each.
 */
async function disburseLoans(db: Db): Promise<void> {
  await sql`
    insert into businesses (name, email, phone, category, state_code, kyc_exempt)
    select 'Crash Stores ' || n, 'crash' || n || '@example.ng', '+2348' || lpad(n::text, 9, '0'), 'RETAIL', 'LA', true
      from generate_series(1, ${LOANS}) as n`.execute(db);
  await sql`insert into wallets (business_id) select id from businesses where name like 'Crash Stores %'`.execute(db);
  const wallets = await db
    .selectFrom('wallets as w')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .select(['w.uid', 'b.id as business_id'])
    .where('b.name', 'like', 'Crash Stores %')
    .orderBy('b.id')
    .execute();
  const company = await openCompanyAccounts(db);
  const accounts: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const wallet of wallets) accounts.push((await walletAccount(trx, wallet.uid)).id);
  });
  for (let start = 0; start < wallets.length; start += 1_000) {
    await db.transaction().execute((trx) =>
      post(
        trx,
        wallets.slice(start, start + 1_000).flatMap((wallet, index) => [
          {
            debit: company.loansReceivable,
            credit: accounts[start + index]!,
            amount: OWED,
            kind: 'loan_disbursement' as const,
            reference: `CRASH-DISB-${wallet.business_id}`,
          },
          {
            debit: company.floatWema,
            credit: accounts[start + index]!,
            amount: OWED,
            kind: 'pos_credit' as const,
            reference: `CRASH-TOPUP-${wallet.business_id}`,
          },
        ]),
      ),
    );
  }
  const disbursedOn = lagosDate(new Date(Date.now() - (INSTALMENTS + 1) * DAY));
  await sql`
    insert into loans (business_id, purpose, principal, interest_bps, interest, fee, total_repayable, frequency, instalments, status, reason,
                       disbursement_transfer_id, disbursed_on, created_at, updated_at, approved_at, disbursed_at)
    select b.id, 'WORKING_CAPITAL', ${OWED}, 0, 0, 0, ${OWED}, 'DAILY', ${INSTALMENTS}, 'DISBURSED', 'Crash run', t.id, ${disbursedOn}::date, now(), now(), now(), now()
      from businesses b join ledger_transfers t on t.reference = 'CRASH-DISB-' || b.id
     where b.name like 'Crash Stores %'
     order by b.id`.execute(db);
  await sql`
    insert into loan_instalments (loan_id, number, due_date, amount)
    select l.id, n, l.disbursed_on + n, ${EACH} from loans l cross join generate_series(1, ${INSTALMENTS}) as n`.execute(db);
  await sql`
    insert into deduction_settings (loan_id, status, allow_partial, source, created_at, updated_at)
    select id, 'ACTIVE', true, 'DISBURSEMENT', now(), now() from loans`.execute(db);
}

describe.skipIf(!databaseUrl)('a deduction run over 10,000 instalments, started twice at once and killed mid-run (PostgreSQL)', () => {
  it('takes every instalment exactly once, and both runs’ totals equal the ledger', { timeout: 600_000 }, async () => {
    const servers: (ServerProcess | null)[] = [await start(), null];
    const db = (await openDatabase({ databaseUrl: scratch.url, dataDir: '' })).db;
    try {
      const began = Date.now();
      await disburseLoans(db);
      const setUp = Date.now() - began;
      const total = LOANS * INSTALMENTS;
      servers[1] = await start();
      const token = await signInToServer(servers[0]!.url, ROOT, ROOT_PASSWORD, DEVICE);

      // Started twice at the same moment, one on each server.
      const started = await Promise.all(
        servers.map((server, index) => call(server!.url, 'POST', '/v1/payments/admin/autodeduction/init', { token, body: {}, key: `crash-run-${index}` })),
      );
      for (const answer of started) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const runIds = started.map((answer) => answer.body.run.id as number);
      const jobIds = started.map((answer) => answer.body.run.jobId as number);
      expect(started[0]!.body.message).toContain(`${total.toLocaleString('en-NG')} instalments`);

      // Killed with kill -9 once a third of the instalments are taken: the server running a run's job at that moment.
      const repayments = () => count(db, sql<{ n: string }>`select count(*)::text as n from loan_repayments`);
      const deadline = Date.now() + 300_000;
      while ((await repayments()) < total / 3 && Date.now() < deadline) await pause(50);
      const running = await db.selectFrom('jobs').select('locked_by').where('id', 'in', jobIds.map(BigInt)).where('status', '=', 'running').execute();
      const victim = servers.findIndex((server) => running.some((job) => job.locked_by?.split(':')[1] === String(server!.process.pid)));
      expect(victim, 'no server was running a deduction run when the third was taken').toBeGreaterThanOrEqual(0);
      const before = await repayments();
      const killedAt = Date.now() - began;
      await killServerProcess(servers[victim]!);
      servers[victim] = await start();
      expect(before).toBeLessThan(total);

      const status = async (id: number) => (await call(servers[0]!.url, 'GET', `/v1/payments/admin/autodeduction/runs/${id}`, { token })).body;
      let runs = await Promise.all(runIds.map(status));
      while (runs.some((run) => run.status !== 'DONE' && run.status !== 'FAILED') && Date.now() < deadline) {
        await pause(250);
        runs = await Promise.all(runIds.map(status));
      }
      const doneAt = Date.now() - began;
      expect(runs.map((run) => run.status)).toEqual(['DONE', 'DONE']);

      // Every instalment paid, each by exactly one repayment and one ledger transfer.
      const perInstalment = await sql<{ instalments: string; paid: string; once: string }>`
        select count(*)::text as instalments,
               count(*) filter (where i.paid = i.amount)::text as paid,
               count(*) filter (where (select count(*) from loan_repayments r where r.loan_id = i.loan_id and r.instalment = i.number) = 1)::text as once
          from loan_instalments i`.execute(db);
      expect(perInstalment.rows[0]).toEqual({ instalments: String(total), paid: String(total), once: String(total) });
      expect(await repayments()).toBe(total);
      const ledger = await sql<{ n: string; amount: string }>`
        select count(*)::text as n, coalesce(sum(amount), 0)::text as amount from ledger_transfers where kind = 'loan_repayment'`.execute(db);
      expect(ledger.rows[0]).toEqual({ n: String(total), amount: String(total * EACH) });
      // One item with money per instalment across both runs; each run's totals are its own transfers.
      const takenItems = await count(db, sql<{ n: string }>`select count(*)::text as n from deduction_run_items where taken > 0`);
      expect(takenItems).toBe(total);
      for (const run of runs) {
        const own = await sql<{ amount: string }>`
          select coalesce(sum(amount), 0)::text as amount from ledger_transfers where kind = 'loan_repayment' and reference like ${`DED-${run.id}-%`}`.execute(
          db,
        );
        expect(run.amountTaken).toBe(Number(own.rows[0]!.amount));
        expect(run.failure).toBeNull();
      }
      expect(runs[0].amountTaken + runs[1].amountTaken).toBe(total * EACH);
      const loans = await sql<{ status: string; n: string }>`select status, count(*)::text as n from loans group by status`.execute(db);
      expect(loans.rows).toEqual([{ status: 'REPAID', n: String(LOANS) }]);
      // Each wallet keeps the top-up: nothing was taken twice.
      const wallets = await sql<{ n: string }>`
        select count(*)::text as n from ledger_accounts where kind = 'wallet' and balance <> ${OWED}`.execute(db);
      expect(wallets.rows[0]!.n).toBe('0');

      const check = await call(servers[0]!.url, 'GET', '/api/EWTraction/ledger/check', { token });
      expect(check.body.ok, JSON.stringify(check.body.differences)).toBe(true);
      process.stdout.write(
        `deduction crash run: ${total} instalments (set up in ${setUp} ms), killed at ${killedAt} ms after ${before}, done at ${doneAt} ms; runs took ${runs.map((run) => `${run.taken} (₦${run.amountTaken / 100})`).join(' and ')}\n`,
      );
    } finally {
      for (const server of servers) if (server) await killServerProcess(server);
      await db.destroy();
    }
  });
});
