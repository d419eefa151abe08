import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/connect';
import { type CompanyAccount, openCompanyAccounts, post } from './domains/ledger/index';
import { type Actor, createTestApp, type TestApp } from './test/harness';
import { ledgerFingerprint, ledgerWallet, nextReference } from './test/ledger-kit';

/**
 * Every money command can be previewed (`Prefer: dry-run`: the exact transfers and balances,
 * nothing posted, nothing audited) and applied only as previewed (`If-Match: <token>`). Tested
 * through the reversal, the first money command; the pipeline treats every money command alike.
 */

const REVERSAL = '/api/EWTraction/wallettransactions/reversal';

let t: TestApp;
let company: Record<CompanyAccount, number>;
let reverser: Actor;
let keys = 0;
const key = () => `preview-test-${++keys}-${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  company = await openCompanyAccounts(t.db);
  reverser = await t.actor({ permissions: ['wallets.reverse', 'wallets.view', 'audit.view'] });
});
afterAll(() => t.close());

const inTransaction = <T>(work: (trx: Db) => Promise<T>) => t.db.transaction().execute(work);

/** A wallet holding ₦1,000.00 that sent ₦400.00 out with a ₦25.00 fee: the transfer's reference. */
async function sentTransfer() {
  const { account, business } = await ledgerWallet(t.db, { funds: 100_000 });
  const transfer = nextReference('OUT');
  await inTransaction((trx) =>
    post(trx, [
      { debit: account.id, credit: company.floatVfd, amount: 40_000, kind: 'transfer_out', reference: transfer },
      { debit: account.id, credit: company.feeIncome, amount: 2_500, kind: 'fee', reference: `${transfer}-FEE`, parent: 0 },
    ]),
  );
  return { account, business, transfer };
}

const reversal = (transfer: string, headers: Record<string, string>) =>
  reverser.request('POST', REVERSAL, { body: { TransactionReference: transfer, reason: 'Returned by the beneficiary bank' }, headers });

/** How many runs of the reversal the audit log holds, whatever their outcome. */
async function auditRows(): Promise<number> {
  const page = await reverser.request('GET', '/v1/admin/audit-logs', { query: { command: 'wallets.reverse' } });
  expect(page.status).toBe(200);
  expect(typeof page.body.total).toBe('number');
  return page.body.total;
}

describe('Prefer: dry-run on a money command', () => {
  it('answers the exact transfers and balances, posts nothing, audits nothing, and needs no Idempotency-Key', async () => {
    const { business, transfer } = await sentTransfer();
    const [before, audited] = [await ledgerFingerprint(t.db), await auditRows()];
    const answer = await reversal(transfer, { prefer: 'dry-run' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('preference-applied')).toBe('dry-run');
    expect(answer.body).toMatchObject({
      dryRun: true,
      transfers: [
        { reference: `reversal:${transfer}`, kind: 'reversal', from: 'VFD float', to: `Wallet of ${business.name}`, amount: 40_000, partOf: null },
        {
          reference: `reversal:${transfer}-FEE`,
          kind: 'reversal',
          from: 'Fee income',
          to: `Wallet of ${business.name}`,
          amount: 2_500,
          partOf: `reversal:${transfer}`,
        },
      ],
      balances: [{ name: `Wallet of ${business.name}`, before: 57_500, after: 100_000 }],
      answer: { amountReversed: 42_500 },
    });
    expect(answer.body.token).toMatch(/^[\w-]{20,}$/);
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect(await auditRows()).toBe(audited);
  });

  it('is refused exactly as the real call would be', async () => {
    const { transfer } = await sentTransfer();
    expect((await reversal(transfer, { 'idempotency-key': key() })).status).toBe(200);
    const before = await ledgerFingerprint(t.db);
    const preview = await reversal(transfer, { prefer: 'dry-run' });
    expect(preview.status).toBe(409);
    expect(preview.body.details).toMatchObject({ reason: 'already', reversal: `reversal:${transfer}` });
    expect(await ledgerFingerprint(t.db)).toBe(before);
  });
});

describe('If-Match: a preview applied', () => {
  it('posts exactly what was previewed when nothing moved', async () => {
    const { account, transfer } = await sentTransfer();
    const preview = await reversal(transfer, { prefer: 'dry-run' });
    const applied = await reversal(transfer, { 'idempotency-key': key(), 'if-match': `"${preview.body.token}"` });
    expect(applied.status, applied.text).toBe(200);
    const wallet = await t.db.selectFrom('ledger_accounts').select('balance').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(BigInt(preview.body.balances[0].after));
  });

  it('is refused (409, nothing posted) when the wallet moved since the preview', async () => {
    const { account, transfer } = await sentTransfer();
    const preview = await reversal(transfer, { prefer: 'dry-run' });
    // Money reaches the wallet between the preview and the confirmation.
    await inTransaction((trx) =>
      post(trx, [{ debit: company.floatWema, credit: account.id, amount: 1_000, kind: 'pos_credit', reference: nextReference('POS') }]),
    );
    const before = await ledgerFingerprint(t.db);
    const applied = await reversal(transfer, { 'idempotency-key': key(), 'if-match': preview.body.token });
    expect(applied.status).toBe(409);
    expect(applied.body.details).toMatchObject({ reason: 'preview_changed' });
    expect(applied.body.message).toMatch(/moved since the preview.*nothing was posted/i);
    expect(await ledgerFingerprint(t.db)).toBe(before);
    // A fresh preview applies.
    const again = await reversal(transfer, { prefer: 'dry-run' });
    expect((await reversal(transfer, { 'idempotency-key': key(), 'if-match': again.body.token })).status).toBe(200);
  });

  it('is refused for a token that belongs to another transaction', async () => {
    const first = await sentTransfer();
    const second = await sentTransfer();
    const preview = await reversal(first.transfer, { prefer: 'dry-run' });
    const applied = await reversal(second.transfer, { 'idempotency-key': key(), 'if-match': preview.body.token });
    expect(applied.status).toBe(409);
    expect(applied.body.details).toMatchObject({ reason: 'preview_changed' });
  });
});

describe('one Idempotency-Key sent 1,000 times at once', () => {
  it('reverses once; every other answer is the same reversal replayed, or a 409 while the first runs', async () => {
    const { account, transfer } = await sentTransfer();
    const shared = key();
    const answers = await Promise.all(Array.from({ length: 1_000 }, () => reversal(transfer, { 'idempotency-key': shared })));
    const ok = answers.filter((answer) => answer.status === 200);
    const others = answers.filter((answer) => answer.status !== 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((answer) => answer.body.reversal.reference))).toEqual(new Set([`reversal:${transfer}`]));
    expect(ok.filter((answer) => answer.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    for (const other of others) {
      expect(other.status, other.text).toBe(409);
      expect(other.body.details?.reason).toBe('idempotency_in_progress');
    }
    const reversals = await t.db.selectFrom('ledger_transfers').select('reference').where('reference', 'like', `reversal:${transfer}%`).execute();
    expect(reversals).toHaveLength(2);
    const wallet = await t.db.selectFrom('ledger_accounts').select('balance').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(100_000n);
  });
});
