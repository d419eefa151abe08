import { nuban } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/connect';
import type { LooseBody } from './test/harness';
import { ledgerWallet } from './test/ledger-kit';
import { callServer, killServerProcess, type ServerProcess, signInToServer, startServerProcess } from './test/server-process';
import { createScratchDatabase } from './test/test-database';

/**
 * The bulk upload crash run, on PostgreSQL: a bulk upload of TRACTION_BULK_CRASH_ROWS rows
 * (default 5,000) with the sandbox provider answering 10% pending-then-final, 5% with no answer
 * (received, answer lost) and 3% final failures, the server killed with `kill -9` twice mid-run
 * and started again. Afterwards every row is final, no row was paid twice (one transfer per row,
 * one session per transfer, the provider's paid sessions are exactly our successful ones), every
 * failure is reversed exactly once, and the ledger check passes.
 */

const ROOT = 'root@traction.ng';
const ROOT_PASSWORD = 'bulk-crash-root-passphrase';
const CHECKER = 'checker@traction.ng';
const CHECKER_PASSWORD = 'four-eyes-on-every-naira';
const DEVICE = { deviceId: 'dev-bulk-crash-runner', deviceModel: 'Test rig', browserName: 'Vitest', browserVersion: '4', deviceType: 'cli' };
const ROWS = Number(process.env.TRACTION_BULK_CRASH_ROWS ?? 5_000);
const BANKS = ['058', '044', '057', '011', '033', '070', '221', '214', '232', '035'];

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
    {
      TRACTION_ADMIN_EMAIL: ROOT,
      TRACTION_ADMIN_PASSWORD: ROOT_PASSWORD,
      TRACTION_SCRYPT_LOG_N: '10',
      TRACTION_DEMO: 'false',
      TRACTION_SANDBOX_TRANSFERS: 'latency=2,pending=0.1,timeout=0.05,failure=0.03,pendingSeconds=1,timeoutMs=100',
      // The re-query schedule fifty times faster: the first re-query 0.6 s after a pending answer.
      TRACTION_REQUERY_MS_PER_SECOND: '20',
      TRACTION_JOB_CONCURRENCY: '8',
    },
  );

const call = (url: string, method: string, path: string, options: { body?: unknown; token?: string; key?: string } = {}) =>
  callServer<LooseBody>(url, method, path, { ...options, deviceId: DEVICE.deviceId });
const signIn = (url: string, email: string, password: string) => signInToServer(url, email, password, DEVICE);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A valid account number not ending in one of the sandbox's provoking serials: the rates decide. */
const beneficiary = (index: number) => {
  const bank = BANKS[index % BANKS.length]!;
  return [bank, nuban(bank, `${String(200_000 + index).padStart(6, '0')}${String(100 + (index % 700)).padStart(3, '0')}`)] as const;
};

describe.skipIf(!databaseUrl)('a bulk upload through two kill -9s (PostgreSQL)', () => {
  it('ends every row final, pays none twice, reverses every failure once, and keeps the ledger sound', { timeout: 900_000 }, async () => {
    let server: ServerProcess | null = await start();
    const db = (await openDatabase({ databaseUrl: scratch.url, dataDir: '' })).db;
    try {
      const rootToken = await signIn(server.url, ROOT, ROOT_PASSWORD);
      // The second admin who approves: invited, password set, made a super admin.
      const invited = await call(server.url, 'POST', '/v1/admin/signup', { token: rootToken, body: { email: CHECKER, firstName: 'Che', lastName: 'Cker' } });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      const mail = (await (await fetch(`${server.url}/sandbox/mailbox?to=${CHECKER}`)).json()) as { items: { data: { token: string } }[] };
      await call(server.url, 'POST', '/v1/admin/password/set', { body: { token: mail.items[0]!.data.token, password: CHECKER_PASSWORD } });
      await call(server.url, 'PATCH', `/v1/admin/role/${invited.body.admin.id}`, { token: rootToken, body: { role: 'super_admin' } });
      const checkerToken = await signIn(server.url, CHECKER, CHECKER_PASSWORD);

      // A Tier 3 merchant (₦5,000,000 a day) funded through the ledger; ₦500 a row.
      const payer = await ledgerWallet(db, { funds: 1_000_000_000, business: { kyc_exempt: true } });
      const lines = ['bank_code,account_number,amount,narration,reference,account_name'];
      for (let index = 0; index < ROWS; index += 1) {
        const [bank, account] = beneficiary(index);
        lines.push(`${bank},${account},500.00,Crash run row ${index + 1},,`);
      }
      const form = new FormData();
      form.append('from', 'wallet');
      form.append('business', String(payer.business.id));
      form.append('file', new File([lines.join('\n')], 'crash-run.csv'));
      const uploaded = await fetch(`${server.url}/ft/v1/bulk/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${rootToken}`, 'device-id': DEVICE.deviceId },
        body: form,
      });
      const upload = ((await uploaded.json()) as LooseBody).upload;
      expect(upload, JSON.stringify(upload)).toMatchObject({ rowCount: ROWS, validRows: ROWS, badRows: 0 });
      const submitted = await call(server.url, 'POST', `/ft/v1/bulk/${upload.id}/submit`, {
        token: rootToken,
        body: { id: upload.id, reason: 'Crash run payouts' },
        key: 'crash-submit',
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const approved = await call(server.url, 'POST', `/api/approvals/${submitted.body.upload.approvalRequestId}/approve`, {
        token: checkerToken,
        key: 'crash-approve',
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);

      // Kill it at a quarter and at two thirds of the rows done, starting a new one each time.
      const progress = async () => (await call(server!.url, 'GET', `/ft/v1/bulk/${upload.id}`, { token: rootToken })).body.upload;
      for (const share of [0.25, 0.66]) {
        for (;;) {
          const now = await progress();
          // The rows started (with a transfer) also count: the run may be mostly starting when killed.
          const started = Number(
            (await sql<{ n: string }>`select count(*)::text as n from bank_transfers where batch_id = ${upload.id}`.execute(db)).rows[0]!.n,
          );
          if (now.progress.done + started / 2 >= ROWS * share) break;
          await pause(100);
        }
        await killServerProcess(server);
        server = null;
        server = await start();
      }
      const deadline = Date.now() + 600_000;
      let last = await progress();
      while (last.status !== 'DONE' && Date.now() < deadline) {
        await pause(500);
        last = await progress();
      }
      expect(last.status, JSON.stringify(last.progress)).toBe('DONE');
      expect(last.progress).toMatchObject({ rows: ROWS, done: ROWS, pending: 0 });

      // One transfer per row, all final.
      const transfers = await db
        .selectFrom('bank_transfers')
        .select(['id', 'batch_row', 'status', 'amount', 'session_id', 'ledger_transfer_id', 'reversal_transfer_id', 'retry_of'])
        .where('batch_id', '=', BigInt(upload.id))
        .execute();
      expect(transfers).toHaveLength(ROWS);
      expect(new Set(transfers.map((row) => row.batch_row)).size).toBe(ROWS);
      const statuses = new Map<string, number>();
      for (const row of transfers) statuses.set(row.status, (statuses.get(row.status) ?? 0) + 1);
      expect([...statuses.keys()].sort()).toEqual(['FAILED', 'SUCCESSFUL']);

      // Paid once: the provider holds one session per transfer and paid exactly our successful ones.
      const sessions = await db
        .selectFrom('sandbox_transfer_sessions')
        .select(['session_id', 'final_outcome', 'amount'])
        .where(
          'session_id',
          'in',
          transfers.map((row) => row.session_id),
        )
        .execute();
      const bySession = new Map(sessions.map((session) => [session.session_id, session]));
      for (const row of transfers) {
        const session = bySession.get(row.session_id);
        expect(session, `row ${row.batch_row} was never received`).toBeDefined();
        expect(session!.final_outcome === 'success', `row ${row.batch_row}: ${row.status} but the provider says ${session!.final_outcome}`).toBe(
          row.status === 'SUCCESSFUL',
        );
      }
      const orphans = await sql<{
        n: string;
      }>`select count(*)::text as n from sandbox_transfer_sessions s where not exists (select 1 from bank_transfers t where t.session_id = s.session_id)`.execute(
        db,
      );
      expect(orphans.rows[0]!.n).toBe('0');

      // Every failure reversed exactly once.
      const failed = transfers.filter((row) => row.status === 'FAILED');
      expect(failed.length).toBeGreaterThan(0);
      for (const row of failed) expect(row.reversal_transfer_id, `row ${row.batch_row} failed but was not reversed`).not.toBeNull();
      const reversals = await db
        .selectFrom('ledger_transfers')
        .select(['reverses_transfer_id', sql<string>`count(*)::text`.as('n')])
        .where(
          'reverses_transfer_id',
          'in',
          failed.map((row) => row.ledger_transfer_id!),
        )
        .groupBy('reverses_transfer_id')
        .execute();
      expect(reversals).toHaveLength(failed.length);
      for (const reversal of reversals) expect(reversal.n).toBe('1');

      const check = await call(server.url, 'GET', '/api/EWTraction/ledger/check', { token: rootToken });
      expect(check.body.ok, JSON.stringify(check.body.differences)).toBe(true);
      process.stdout.write(`bulk crash run: ${ROWS} rows, ${JSON.stringify(Object.fromEntries(statuses))}\n`);
    } finally {
      if (server) await killServerProcess(server);
      await db.destroy();
    }
  });
});
