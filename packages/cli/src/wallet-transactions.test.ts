import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ledgerWallet, nextReference, openCompanyAccounts, post } from '@traction/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;
const db = () => server.server.deps.db;
let businessId = 0;
const payout = nextReference('OUT');
const fee = `${payout}-FEE`;

beforeAll(async () => {
  server = await startTestServer();
  user = cliUser(server.url);
  await signIn(user, server);
  const wallet = await ledgerWallet(db(), { funds: 500_000, business: { name: 'Cli Wallet Log Stores' } });
  businessId = wallet.business.id;
  const company = await openCompanyAccounts(db());
  await db()
    .transaction()
    .execute((trx) =>
      post(trx, [
        { debit: wallet.account.id, credit: company.floatVfd, amount: 120_000, kind: 'transfer_out', reference: payout, counterparty: 'Zenith 1234567890' },
        { debit: wallet.account.id, credit: company.feeIncome, amount: 5_000, kind: 'fee', reference: fee, parent: 0 },
      ]),
    );
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

describe('traction wallet-transactions and export wallet-transactions', () => {
  it('exports the filtered log as wallet-transactions, with --from and --to', async () => {
    const help = await user.run(['export', '--help']);
    expect(help.stdout).toMatch(/Lists:.*\bwallet-transactions\b/s);
    const result = await user.run([
      'export',
      'wallet-transactions',
      '--from',
      'today',
      '--to',
      'today',
      '--business-id',
      String(businessId),
      '--out',
      'log.csv',
    ]);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toContain('3 rows written');
    const lines = readFileSync(join(user.configDir, 'log.csv'), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Time,Reference,Business,Kind,Direction,Amount,Fee,Balance before,Balance after,Status,Narration,Counterparty,Part of');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([fee, payout, expect.stringMatching(/^FUND-/)]);
    expect(lines[2]).toContain('1200.00,50.00,5000.00,3800.00,SUCCESSFUL');
    const yesterday = await user.run([
      'export',
      'wallet-transactions',
      '--from',
      'yesterday',
      '--to',
      'yesterday',
      '--business-id',
      String(businessId),
      '--out',
      '-',
    ]);
    expect(yesterday.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('lists one business and shows one transaction by reference', async () => {
    const listed = await user.run(['wallet-transactions', 'by-business', '--id', String(businessId), '--kind', 'transfer_out', '--json']);
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    expect(JSON.parse(listed.stdout.trim())).toMatchObject({ reference: payout, amount: 120_000, fee: 5_000, status: 'SUCCESSFUL' });
    const shown = await user.run(['wallet-transactions', 'by-reference', '--reference', fee, '--json']);
    expect(shown.code, shown.stderr).toBe(EXIT.ok);
    const detail = JSON.parse(shown.stdout);
    expect(detail).toMatchObject({ reference: payout, fee: 5_000, wallets: [{ balanceBefore: 500_000, balanceAfter: 375_000 }] });
    expect(detail.postings.map((posting: { creditAccount: string }) => posting.creditAccount)).toEqual(['VFD float', 'Fee income']);
  });
});
