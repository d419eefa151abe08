import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkLedger, ledgerFingerprint, ledgerWallet, nextReference, openCompanyAccounts, post } from '@traction/server/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath } from './config/config-file';
import { EXIT } from './exit-codes';
import { startDelayProxy } from './test/delay-proxy';
import { BIN, cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';
import { waitFor } from './test/wait-for';

let server: TestServer;
let user: CliUser;
const db = () => server.server.deps.db;

/** Two wallets of ₦10,000.00 each; each transfer out moves ₦100.00 plus a ₦10.00 fee. */
const wallets: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  user = cliUser(server.url);
  await signIn(user, server);
  for (let i = 0; i < 2; i++) wallets.push((await ledgerWallet(db(), { funds: 1_000_000 })).account.id);
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

/** Posts `count` transfers out with their fees, alternating between the wallets; answers their references. */
async function transfersOut(count: number): Promise<string[]> {
  const company = await openCompanyAccounts(db());
  const references: string[] = [];
  for (let i = 0; i < count; i++) {
    const wallet = wallets[i % wallets.length]!;
    const reference = nextReference('OUT');
    await db()
      .transaction()
      .execute((trx) =>
        post(trx, [
          { debit: wallet, credit: company.floatVfd, amount: 10_000, kind: 'transfer_out', reference },
          { debit: wallet, credit: company.feeIncome, amount: 1_000, kind: 'fee', reference: `${reference}-FEE`, parent: 0 },
        ]),
      );
    references.push(reference);
  }
  return references;
}

const walletBalances = async () =>
  (await db().selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', wallets).orderBy('id').execute()).map((row) => BigInt(row.balance));

/** How many times each reference was reversed (the ledger allows one; this proves it). */
async function reversalsOf(references: readonly string[]): Promise<number[]> {
  const rows = await db()
    .selectFrom('ledger_transfers as r')
    .innerJoin('ledger_transfers as o', 'o.id', 'r.reverses_transfer_id')
    .select('o.reference')
    .where('o.reference', 'in', references)
    .execute();
  return references.map((reference) => rows.filter((row) => row.reference === reference).length);
}

function writeReferences(name: string, references: readonly string[], reason = 'Failed at the beneficiary bank'): string {
  const file = join(user.configDir, name);
  writeFileSync(file, `TransactionReference,reason\n${references.map((reference) => `${reference},${reason}`).join('\n')}\n`);
  return file;
}

const journalRows = (file: string) =>
  existsSync(`${file}.journal`)
    ? readFileSync(`${file}.journal`, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"type":"row"')).length
    : 0;
const results = (file: string) => parse(readFileSync(file.replace(/\.csv$/, '.results.csv'), 'utf8'), { columns: true }) as Record<string, string>[];

describe('traction wallets reverse', () => {
  it('reverses one transaction by its reference and says what it did', async () => {
    const [reference] = await transfersOut(1);
    const before = await walletBalances();
    const result = await user.run(['wallets', 'reverse', '--transaction-reference', reference!, '--reason', 'Returned by the bank', '--yes', '--json']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    const answer = JSON.parse(result.stdout) as { reversal: { reference: string }; amountReversed: number; message: string };
    expect(answer.reversal.reference).toBe(`reversal:${reference}`);
    expect(answer.amountReversed).toBe(11_000);
    expect(answer.message).toContain('₦110.00 back to');
    const after = await walletBalances();
    expect(after.reduce((a, b) => a + b, 0n) - before.reduce((a, b) => a + b, 0n)).toBe(11_000n);

    const again = await user.run(['wallets', 'reverse', '--transaction-reference', reference!, '--reason', 'Returned by the bank', '--yes']);
    expect(again.code).not.toBe(EXIT.ok);
    expect(again.stderr).toContain(`${reference} is already reversed by reversal:${reference}`);
  });
});

describe('--dry-run on money', () => {
  it('prints the transfers and balances a reversal would post, posts nothing, and --if-match then posts exactly that', async () => {
    const [reference] = await transfersOut(1);
    const fingerprint = await ledgerFingerprint(db());
    const preview = await user.run(['wallets', 'reverse', '--transaction-reference', reference!, '--reason', 'Returned by the bank', '--dry-run']);
    expect(preview.code, preview.stderr).toBe(EXIT.ok);
    expect(preview.stdout).toMatch(new RegExp(`₦100\\.00  VFD float → Wallet of .+  reversal reversal:${reference}`));
    expect(preview.stdout).toMatch(/₦10\.00 {2}Fee income → Wallet of .+ \(with reversal:/);
    expect(preview.stdout).toContain('Nothing was posted (dry run).');
    expect(await ledgerFingerprint(db())).toBe(fingerprint);

    const token = /Preview token: (\S+)/.exec(preview.stdout)![1]!;
    const applied = await user.run([
      'wallets',
      'reverse',
      '--transaction-reference',
      reference!,
      '--reason',
      'Returned by the bank',
      '--if-match',
      token,
      '--yes',
    ]);
    expect(applied.code, applied.stderr).toBe(EXIT.ok);
    expect(await reversalsOf([reference!])).toEqual([1]);
  });

  it('totals a bulk file from the server previews, names the rows that would be refused, and posts nothing', async () => {
    const references = await transfersOut(3);
    const file = writeReferences('preview.csv', [...references, 'NO-SUCH-REFERENCE']);
    const fingerprint = await ledgerFingerprint(db());
    const result = await user.run(['bulk', 'wallets', 'reverse', '--file', file, '--dry-run']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toContain('₦330.00 in 6 transfers; 1 row would be refused');
    expect(result.stdout).toContain('Nothing was sent.');
    expect(await ledgerFingerprint(db())).toBe(fingerprint);
  });
});

describe('traction bulk wallets reverse --file refs.csv', () => {
  it('reverses every row exactly once across a crash and a resumed run, and writes the results', async () => {
    const references = await transfersOut(12);
    const before = await walletBalances();
    const file = writeReferences('refs.csv', references);
    // A slow network so the run is still going when it is killed.
    const proxy = await startDelayProxy(server.url, 60);
    try {
      const child = runChild(['bulk', 'wallets', 'reverse', '--file', file, '--yes', '--concurrency', '3'], proxy.url);
      await waitFor(() => expect(journalRows(file)).toBeGreaterThanOrEqual(3), 30_000);
      child.process.kill('SIGKILL');
      await child.exited;
    } finally {
      await proxy.close();
    }
    const recorded = journalRows(file);
    expect(recorded).toBeLessThan(12);

    const resumed = await user.run(['bulk', 'wallets', 'reverse', '--file', file, '--yes', '--json']);
    expect(resumed.code, resumed.stderr).toBe(EXIT.ok);
    // Rows in flight at the kill were reversed but not journaled: sent again under the same
    // Idempotency-Key, they were answered from the server's record, not reversed twice.
    expect(JSON.parse(resumed.stdout)).toMatchObject({ rows: 12, failed: 0, unchanged: 0, alreadyDone: recorded, ok: 12 - recorded, notRun: 0 });
    expect(await reversalsOf(references)).toEqual(references.map(() => 1));
    const after = await walletBalances();
    expect(after.map((balance, index) => balance - before[index]!)).toEqual([66_000n, 66_000n]);
    expect(results(file).map((row) => [row.TransactionReference, row.outcome, row.status])).toEqual(references.map((reference) => [reference, 'ok', '200']));
    expect((await checkLedger(db())).ok).toBe(true);

    // The journal lost (another machine): every row is already reversed on the server, nothing moves.
    const fingerprint = await ledgerFingerprint(db());
    rmSync(`${file}.journal`);
    const rerun = await user.run(['bulk', 'wallets', 'reverse', '--file', file, '--yes']);
    expect(rerun.code, rerun.stderr).toBe(EXIT.ok);
    expect(rerun.stdout).toContain('12 rows: 0 ok, 12 unchanged (already so), 0 failed.');
    expect(results(file)[0]!.message).toBe(`${references[0]} is already reversed by reversal:${references[0]}`);
    expect(await ledgerFingerprint(db())).toBe(fingerprint);
  });

  it('reports the rows the server refused (unknown, a fee alone) with their reasons, counts a fee reversed with its transaction as unchanged, and exits 5', async () => {
    const [first, second] = await transfersOut(2);
    const file = writeReferences('mixed.csv', [first!, 'NO-SUCH-REFERENCE', `${second}-FEE`, `${first}-FEE`], 'Chargeback');
    const result = await user.run(['bulk', 'wallets', 'reverse', '--file', file, '--yes', '--concurrency', '1']);
    expect(result.code).toBe(EXIT.rowsFailed);
    expect(result.stdout).toContain('4 rows: 1 ok, 1 unchanged (already so), 2 failed.');
    expect(results(file).map((row) => [row.outcome, row.status, row.message])).toEqual([
      ['ok', '200', ''],
      ['failed', '404', 'No wallet transaction has the reference NO-SUCH-REFERENCE'],
      ['failed', '409', `${second}-FEE is the fee of ${second}: reverse that, and this is reversed with it`],
      ['unchanged', '409', `${first}-FEE is already reversed by reversal:${first}-FEE (with ${first})`],
    ]);
    expect(JSON.parse(results(file)[0]!.result!)).toMatchObject({ reversal: { reference: `reversal:${first}` }, amountReversed: 11_000 });
    expect(await reversalsOf([first!, second!])).toEqual([1, 0]);
    expect((await checkLedger(db())).ok).toBe(true);
  });
});

/**
 * The CLI as its own process, talking to the server through `viaUrl` (a slow proxy), handed the
 * session's token as a job is.
 */
function runChild(argv: readonly string[], viaUrl: string): { process: ChildProcess; exited: Promise<number | null> } {
  const config = JSON.parse(readFileSync(configPath(user.env), 'utf8')) as { deviceId?: string; profiles: Record<string, { token?: string }> };
  const env = {
    ...user.env,
    PATH: process.env.PATH,
    TRACTION_API_URL: viaUrl,
    TRACTION_TOKEN: config.profiles.default!.token,
    TRACTION_DEVICE_ID: config.deviceId,
  };
  const child = spawn(process.execPath, [BIN, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.resume();
  child.stderr!.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, exited };
}
