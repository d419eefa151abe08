import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXED_ACCOUNT_BANKS, nuban } from '@traction/core';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;
const accounts: string[] = [];
let businessId = 0;

const db = () => server.server.deps.db;

beforeAll(async () => {
  server = await startTestServer();
  user = cliUser(server.url);
  await signIn(user, server);
  const business = await db()
    .insertInto('businesses')
    .values({ name: 'Ajegunle Mule Traders', email: 'mule@ajegunle.ng', phone: '+2348031234567', category: 'RETAIL', state_code: 'LA' })
    .returning('id')
    .executeTakeFirstOrThrow();
  businessId = business.id;
  for (let i = 0; i < 4; i++) {
    const accountNumber = nuban(FIXED_ACCOUNT_BANKS.WEMA.code, String(410_000_000 + i * 10));
    accounts.push(accountNumber);
    await db()
      .insertInto('fixed_accounts')
      .values({ business_id: businessId, bank: 'WEMA', account_number: accountNumber, account_name: `Traction/Ajegunle Mule ${i}` })
      .execute();
  }
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

const blacklisted = async () =>
  (
    await db()
      .selectFrom('fixed_accounts')
      .select('account_number')
      .where('business_id', '=', businessId)
      .where('blacklisted', '=', true)
      .orderBy('account_number')
      .execute()
  ).map((row) => row.account_number);

const writeRows = (name: string, rows: string[]) => {
  const file = join(user.configDir, name);
  writeFileSync(file, `accountNumber,blacklist,reason\n${rows.join('\n')}\n`);
  return file;
};

describe('traction bulk fixed-accounts blacklist', () => {
  it('checks every row first: a malformed account number stops the run with its line, and nothing is blacklisted', async () => {
    const file = writeRows('malformed.csv', [`${accounts[0]},true,Mule account`, '12345,true,Mule account', `${accounts[1]},maybe,Mule account`]);
    const result = await user.run(['bulk', 'fixed-accounts', 'blacklist', '--file', file, '--yes']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('2 of 3 rows are not valid; nothing was sent.');
    expect(result.stderr).toContain('line 3: accountNumber: must be a 10-digit account number');
    expect(result.stderr).toMatch(/line 4: blacklist: /);
    expect(await blacklisted()).toEqual([]);
  });

  it('blacklists one account per row, reports the row the server refused, and exits 5', async () => {
    const stranger = nuban(FIXED_ACCOUNT_BANKS.WEMA.code, '499999990');
    const file = writeRows('rows.csv', [
      `${accounts[0]},true,Inflows from a reported scam`,
      `${stranger},true,Inflows from a reported scam`,
      `${accounts[1]},true,Inflows from a reported scam`,
      `${accounts[2]},true,"Same device, different name"`,
    ]);
    const result = await user.run(['bulk', 'fixed-accounts', 'blacklist', '--file', file, '--yes', '--concurrency', '2']);
    expect(result.code).toBe(EXIT.rowsFailed);
    expect(result.stdout).toContain('4 rows: 3 ok, 1 failed.');
    const outcomes = parse(readFileSync(file.replace(/\.csv$/, '.results.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(outcomes.map((row) => [row.line, row.accountNumber, row.outcome, row.status])).toEqual([
      ['2', accounts[0], 'ok', '200'],
      ['3', stranger, 'failed', '404'],
      ['4', accounts[1], 'ok', '200'],
      ['5', accounts[2], 'ok', '200'],
    ]);
    expect(outcomes[1]!.message).toBe(`No fixed account has the number ${stranger}`);

    expect(await blacklisted()).toEqual([accounts[0], accounts[1], accounts[2]].sort());
    const reasons = await db()
      .selectFrom('fixed_accounts')
      .select(['account_number', 'blacklist_reason'])
      .where('account_number', '=', accounts[2]!)
      .executeTakeFirstOrThrow();
    expect(reasons.blacklist_reason).toBe('Same device, different name');
    const events = await db().selectFrom('business_events').select('kind').where('business_id', '=', businessId).execute();
    expect(events.map((e) => e.kind)).toEqual(['fixed-account.blacklisted', 'fixed-account.blacklisted', 'fixed-account.blacklisted']);
    const audit = await db().selectFrom('audit_log').select(['outcome']).where('command_id', '=', 'fixed-accounts.blacklist.toggle').execute();
    expect(audit.map((row) => row.outcome).sort()).toEqual(['404', 'ok', 'ok', 'ok']);

    // Run again: the finished rows are not sent twice; the refused one is tried again and refused again.
    const again = await user.run(['bulk', 'fixed-accounts', 'blacklist', '--file', file, '--yes']);
    expect(again.code).toBe(EXIT.rowsFailed);
    expect(again.stdout).toContain('4 rows: 0 ok, 1 failed, 3 already done in an earlier run.');
    expect(await blacklisted()).toEqual([accounts[0], accounts[1], accounts[2]].sort());
  });

  it('lists the blacklisted accounts and exports them', async () => {
    const listed = await user.run(['fixed-accounts', 'list', '--blacklist', '--search', 'traction/ajegunle', '--json']);
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    const rows = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { accountNumber: string });
    expect(rows.map((row) => row.accountNumber).sort()).toEqual([accounts[0], accounts[1], accounts[2]].sort());

    const out = join(user.configDir, 'blacklisted.csv');
    const exported = await user.run(['export', 'fixed-accounts', '--blacklist', '--out', out]);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const csv = parse(readFileSync(out, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.map((row) => row['Account number']).sort()).toEqual([accounts[0], accounts[1], accounts[2]].sort());
  });

  it('exports only the rows in the --from/--to range, as the list shows them', async () => {
    const out = join(user.configDir, 'range.csv');
    const rowsOf = () => parse(readFileSync(out, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    const everything = await user.run(['export', 'fixed-accounts', '--out', out]);
    expect(everything.code, everything.stderr).toBe(EXIT.ok);
    expect(rowsOf().length).toBeGreaterThan(0);
    const future = await user.run(['export', 'fixed-accounts', '--from', '2099-01-01', '--to', '2099-01-02', '--out', out]);
    expect(future.code, future.stderr).toBe(EXIT.ok);
    expect(rowsOf()).toEqual([]);
  });
});
