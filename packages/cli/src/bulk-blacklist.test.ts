import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXED_ACCOUNT_BANKS, nuban } from '@traction/core';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, FakeTerminalInput, signIn, startTestServer, stripAnsi, type CliUser, type TestServer } from './test/harness';
import { typeKeys, waitFor } from './test/wait-for';

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

const outcomesOf = (file: string) => parse(readFileSync(file.replace(/\.csv$/, '.results.csv'), 'utf8'), { columns: true }) as Record<string, string>[];

describe('a row already as it asks', () => {
  it('counts as unchanged, not failed: the run exits 0, and so does a re-run after the journal is lost', async () => {
    // Accounts 0-2 were blacklisted above; account 3 was not.
    const file = writeRows(
      'again.csv',
      accounts.map((account) => `${account},true,Inflows from a reported scam`),
    );
    const result = await user.run(['bulk', 'fixed-accounts', 'blacklist', '--file', file, '--yes']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toContain('4 rows: 1 ok, 3 unchanged (already so), 0 failed.');
    expect(outcomesOf(file).map((row) => [row.accountNumber, row.outcome, row.status])).toEqual([
      [accounts[0], 'unchanged', '409'],
      [accounts[1], 'unchanged', '409'],
      [accounts[2], 'unchanged', '409'],
      [accounts[3], 'ok', '200'],
    ]);
    expect(outcomesOf(file)[0]!.message).toBe(`Fixed account ${accounts[0]} is already blacklisted`);
    expect(await blacklisted()).toEqual([...accounts].sort());

    const json = await user.run(['bulk', 'fixed-accounts', 'blacklist', '--file', file, '--yes', '--json']);
    expect(json.code).toBe(EXIT.ok);
    expect(JSON.parse(json.stdout)).toMatchObject({ rows: 4, ok: 0, unchanged: 0, failed: 0, alreadyDone: 4 });

    // The journal gone (another machine, a cleaned folder): every row is already so on the server.
    rmSync(`${file}.journal`);
    const rerun = await user.run(['bulk', 'fixed-accounts', 'blacklist', '--file', file, '--yes']);
    expect(rerun.code, rerun.stderr).toBe(EXIT.ok);
    expect(rerun.stdout).toContain('4 rows: 0 ok, 4 unchanged (already so), 0 failed.');
    expect(outcomesOf(file).every((row) => row.outcome === 'unchanged')).toBe(true);
    expect(statSync(file.replace(/\.csv$/, '.results.csv')).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.journal`).mode & 0o777).toBe(0o600);
  });
});

describe('the confirmation at a terminal', () => {
  function atTerminal(argv: readonly string[]) {
    const keyboard = new FakeTerminalInput();
    const run = user.run(argv, { stdin: keyboard, stderrTTY: true });
    return { run, keyboard, screen: () => stripAnsi(run.stderr.text) };
  }

  it('says what the file will do, with the rows its filters select counted by the server, and goes ahead only on "yes" and Enter', async () => {
    const file = join(user.configDir, 'whitelist.csv');
    writeFileSync(file, 'matching,blacklist,reason\n"{""search"":""traction/ajegunle""}",false,Cleared by the bank\n');
    const { run, keyboard, screen } = atTerminal(['bulk', 'fixed-accounts', 'blacklist-bulk', '--file', file]);
    await waitFor(() => expect(screen()).toContain('to go ahead:'));
    expect(screen()).toContain('Line 2: whitelist 4 fixed accounts (all matching {"search":"traction/ajegunle"} now)');
    expect(screen()).toContain('Type "yes" to go ahead:');

    // One key is not an answer: nothing happens until Enter.
    await typeKeys(keyboard, 'y');
    await waitFor(() => expect(screen()).toContain('to go ahead: y'));
    expect(await blacklisted()).toEqual([...accounts].sort());
    await typeKeys(keyboard, 'es');
    await typeKeys(keyboard, '\r');
    const result = await run;
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(await blacklisted()).toEqual([]);
  });

  it('does nothing when the answer is not "yes"', async () => {
    const file = join(user.configDir, 'declined.csv');
    writeFileSync(file, `accountNumber,blacklist,reason\n${accounts[0]},true,Inflows from a reported scam\n${accounts[1]},true,Inflows from a reported scam\n`);
    const { run, keyboard, screen } = atTerminal(['bulk', 'fixed-accounts', 'blacklist', '--file', file]);
    await waitFor(() => expect(screen()).toContain('to go ahead:'));
    expect(screen()).toContain('Blacklist 2 fixed accounts');
    await typeKeys(keyboard, 'y\r');
    const result = await run;
    expect(result.code).not.toBe(EXIT.ok);
    expect(stripAnsi(result.stderr)).toContain('Nothing was done.');
    expect(await blacklisted()).toEqual([]);
  });
});
