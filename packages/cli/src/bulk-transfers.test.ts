import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nuban } from '@traction/core';
import { hashPassword, ledgerWallet } from '@traction/server/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;
let approver: CliUser;
let serials = 0;
const db = () => server.server.deps.db;
/** Polls the upload quickly: the test waits on the server's job, not on the CLI's pace. */
const env = { TRACTION_POLL_MS: '100' };

beforeAll(async () => {
  server = await startTestServer();
  user = cliUser(server.url);
  await signIn(user, server);
  // The second admin of four-eyes, signed in from a CLI of their own.
  const password = 'second-admin-password-2026';
  await db()
    .insertInto('admins')
    .values({ email: 'second@traction.ng', first_name: 'Second', last_name: 'Admin', role: 'super_admin', password_hash: await hashPassword(password, 10) })
    .execute();
  approver = cliUser(server.url);
  await signIn(approver, server, 'second@traction.ng', password);
});
afterAll(async () => {
  user?.remove();
  approver?.remove();
  await server?.close();
});

/** A valid GTBank number whose serial ends as asked (the sandbox fails 991 at once). */
const account = (ending = '123') => nuban('058', `${String(300_000 + ++serials).padStart(6, '0')}${ending}`);

function writeFile(name: string, rows: string[][]): string {
  const file = join(user.configDir, name);
  writeFileSync(file, `bank_code,account_number,amount,narration\n${rows.map((row) => row.join(',')).join('\n')}\n`);
  return file;
}

const uploads = async () => (await db().selectFrom('bulk_transfer_uploads').select('id').execute()).length;

describe('traction bulk transfers create', () => {
  it('lists the bad rows, sends nothing and exits 2', async () => {
    const { business } = await ledgerWallet(db(), { funds: 10_000_000, business: { kyc_exempt: true } });
    const good = account();
    const file = writeFile('bad.csv', [
      ['058', good, '1500', 'Salary'],
      ['058', `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`, '1500', 'Salary'],
      ['058', account(), '0', 'Salary'],
    ]);
    const result = await user.run(
      ['bulk', 'transfers', 'create', '--file', file, '--business', String(business.id), '--reason', 'November salaries', '--yes'],
      {
        env,
      },
    );
    expect(result.code, result.stderr).toBe(EXIT.usage);
    expect(result.stdout).toMatch(/2\s+account_number\s+.*check digit is wrong/);
    expect(result.stdout).toMatch(/3\s+amount\s+.*more than zero/);
    expect(result.stderr).toContain('2 bad rows in bad.csv');
    expect(result.stderr).toContain('--exclude-bad-rows');
    expect(await db().selectFrom('bank_transfers').select('id').where('business_id', '=', business.id).execute()).toEqual([]);
  });

  it('submits for approval and stops; run again, it resumes the same upload, follows the run, writes the failed rows and exits 5', async () => {
    const { business } = await ledgerWallet(db(), { funds: 10_000_000, business: { kyc_exempt: true } });
    const file = writeFile('payouts.csv', [
      ['058', account(), '"1,500.00"', 'Salary'],
      ['058', account('991'), '700', 'Transport'],
      ['Zenith Bank', nuban('057', `${String(400_000 + ++serials)}123`), '250', 'Lunch'],
    ]);
    const args = ['bulk', 'transfers', 'create', '--file', file, '--business', String(business.id), '--reason', 'November salaries', '--yes'];
    const submitted = await user.run([...args, '--no-follow'], { env });
    expect(submitted.code, submitted.stderr).toBe(EXIT.ok);
    expect(submitted.stderr).toMatch(/wait for another admin's approval as request #(\d+)/);
    expect(submitted.stdout).toContain('AWAITING APPROVAL');
    expect(existsSync(`${file}.upload.json`)).toBe(true);
    const requestId = /approvals approve --id (\d+)/.exec(submitted.stderr)![1]!;
    const count = await uploads();

    // Following: it waits for the approval, given meanwhile by the second admin.
    const following = user.run([...args, '--follow'], { env });
    const approved = await approver.run(['approvals', 'approve', '--id', requestId, '--yes']);
    expect(approved.code, approved.stderr).toBe(EXIT.ok);
    const result = await following;
    expect(result.code, result.stderr).toBe(EXIT.rowsFailed);
    expect(result.stderr).toContain('Resuming upload');
    expect(result.stderr).toMatch(/1 row of 3 did not pay; they are in .*payouts\.results\.csv/);
    expect(result.stderr).toContain(`transfers retry-bulk --matching '{"batchId":`);
    expect(result.stdout).toMatch(/2 paid, 1 failed, 0 pending/);
    const failed = parse(readFileSync(join(user.configDir, 'payouts.results.csv'), 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ Row: '2', Status: 'FAILED' });
    expect(await uploads()).toBe(count);

    // Once more: nothing is uploaded or sent again; the same outcome.
    const again = await user.run([...args, '--json'], { env });
    expect(again.code).toBe(EXIT.rowsFailed);
    expect(JSON.parse(again.stdout).upload).toMatchObject({ status: 'DONE', progress: { succeeded: 2, failed: 1 } });
    expect(await uploads()).toBe(count);
    const transfers = await db().selectFrom('bank_transfers').select('id').where('business_id', '=', business.id).execute();
    expect(transfers).toHaveLength(3);
  });

  it('needs one payer and a readable file', async () => {
    const neither = await user.run(['bulk', 'transfers', 'create', '--file', 'nowhere.csv']);
    expect(neither.code).toBe(EXIT.usage);
    expect(neither.stderr).toContain('--business');
    const missing = await user.run(['bulk', 'transfers', 'create', '--file', 'nowhere.csv', '--company-account', 'fee-income']);
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.stderr).toContain('no such file');
  });
});
