import { REVERSAL_WINDOW_DAYS } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { ledgerFingerprint, ledgerWallet, nextReference } from '../../test/ledger-kit';
import { balances, type CompanyAccount, openCompanyAccounts, type Posting, post } from '../ledger/index';

const REVERSAL = '/api/EWTraction/wallettransactions/reversal';

let t: TestApp;
let company: Record<CompanyAccount, number>;
let reverser: Actor;
let viewer: Actor;
let keys = 0;
const key = () => `reversal-test-${++keys}-${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  company = await openCompanyAccounts(t.db);
  reverser = await t.actor({ permissions: ['wallets.reverse', 'wallets.view', 'ledger.view'] });
  viewer = await t.actor({ permissions: ['wallets.view'] });
});
afterAll(() => t.close());

const inTransaction = <T>(work: (trx: Db) => Promise<T>) => t.db.transaction().execute(work);

/** Posts legs (the first is the principal; the others are its fee or cashback), answering their references. */
async function posted(legs: readonly Omit<Posting, 'reference'>[]) {
  const references = legs.map((leg) => nextReference(leg.kind.toUpperCase()));
  await inTransaction((trx) =>
    post(
      trx,
      legs.map((leg, index) => ({ ...leg, reference: references[index]!, ...(index === 0 ? {} : { parent: 0 }) })),
    ),
  );
  return references;
}

const balanceOf = async (accountId: number) => (await balances(t.db, [accountId])).get(accountId);

const reverse = (TransactionReference: unknown, reason: unknown = 'Failed at the beneficiary bank', as: Actor = reverser, idempotencyKey = key()) =>
  as.request('POST', REVERSAL, { body: { TransactionReference, reason }, headers: { 'idempotency-key': idempotencyKey } });

async function expectLedgerSound() {
  const check = await reverser.request('GET', '/api/EWTraction/ledger/check');
  expect(check.status).toBe(200);
  expect(check.body.ok, JSON.stringify(check.body.differences)).toBe(true);
}

describe('POST /api/EWTraction/wallettransactions/reversal, each reversible kind', () => {
  it('a failed transfer out: the amount and its fee go back to the wallet', async () => {
    const { account, wallet, business } = await ledgerWallet(t.db, { funds: 100_000 });
    const feeIncomeBefore = await balanceOf(company.feeIncome);
    const [transfer, fee] = await posted([
      { debit: account.id, credit: company.floatVfd, amount: 40_000, kind: 'transfer_out', counterparty: 'GTBank 0123456789 Ada Obi' },
      { debit: account.id, credit: company.feeIncome, amount: 2_500, kind: 'fee' },
    ]);
    expect(await balanceOf(account.id)).toBe(57_500n);

    const answer = await reverse(transfer, 'Failed at the beneficiary bank');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      reversal: { reference: `reversal:${transfer}` },
      original: { reference: transfer, kind: 'transfer_out', amount: 40_000 },
      legs: [{ reference: fee, kind: 'fee', amount: 2_500, reversal: `reversal:${fee}` }],
      amountReversed: 42_500,
      wallet: { uid: wallet.uid, businessId: business.id, businessName: business.name, change: 42_500, balanceBefore: 57_500, balanceAfter: 100_000 },
      reason: 'Failed at the beneficiary bank',
    });
    expect(answer.body.message).toBe(
      `Reversed ${transfer} (transfer out ₦400.00 and its fee ₦25.00) as reversal:${transfer}: ₦425.00 back to ${business.name}'s wallet, which now holds ₦1,000.00.`,
    );
    expect(await balanceOf(account.id)).toBe(100_000n);
    expect(await balanceOf(company.feeIncome)).toBe(feeIncomeBefore);
    const narration = await t.db
      .selectFrom('ledger_transfers')
      .select(['narration', 'admin_id', 'command_id'])
      .where('reference', '=', `reversal:${transfer}`)
      .executeTakeFirstOrThrow();
    expect(narration).toEqual({ narration: `Reversal of ${transfer}: Failed at the beneficiary bank`, admin_id: reverser.id, command_id: 'wallets.reverse' });
    await expectLedgerSound();
  });

  it('a POS credit (chargeback): the money and the cashback it earned leave the wallet', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 5_000 });
    const [credit] = await posted([
      { debit: company.floatWema, credit: account.id, amount: 30_000, kind: 'pos_credit' },
      { debit: company.cashbackExpense, credit: account.id, amount: 300, kind: 'cashback' },
    ]);
    const answer = await reverse(credit, 'Chargeback: card reported stolen');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ amountReversed: 30_300, wallet: { change: -30_300, balanceBefore: 35_300, balanceAfter: 5_000 } });
    expect(answer.body.message).toContain('₦303.00 taken from');
    expect(await balanceOf(account.id)).toBe(5_000n);
    await expectLedgerSound();
  });

  it.each([
    { kind: 'credit' as const, change: -7_000 },
    { kind: 'debit' as const, change: 7_000 },
    { kind: 'cashback' as const, change: -7_000 },
  ])('a manual $kind is undone', async ({ kind, change }) => {
    const { account } = await ledgerWallet(t.db, { funds: 20_000 });
    const into = kind !== 'debit';
    const other = kind === 'cashback' ? company.cashbackExpense : company.adjustments;
    const [reference] = await posted([{ debit: into ? other : account.id, credit: into ? account.id : other, amount: 7_000, kind }]);
    const before = await balanceOf(account.id);
    const answer = await reverse(reference, 'Posted to the wrong merchant');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.wallet.change).toBe(change);
    expect(await balanceOf(account.id)).toBe(before! + BigInt(change));
    await expectLedgerSound();
  });

  it('also by the id of its row in the wallet transaction log', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const [transfer] = await posted([{ debit: account.id, credit: company.floatProvidus, amount: 4_000, kind: 'transfer_out' }]);
    const entry = await t.db.selectFrom('ledger_wallet_entries').select('id').where('reference', '=', transfer!).executeTakeFirstOrThrow();
    const answer = await reverser.request('POST', `/api/ewallet/transaction/reverse/${entry.id}`, {
      body: { reason: 'Returned by Providus' },
      headers: { 'idempotency-key': key() },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.original.reference).toBe(transfer);
    expect(await balanceOf(account.id)).toBe(10_000n);
    const unknown = await reverser.request('POST', '/api/ewallet/transaction/reverse/999999999', {
      body: { reason: 'Returned' },
      headers: { 'idempotency-key': key() },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No wallet transaction has the id 999999999');
    await expectLedgerSound();
  });
});

describe('refusals', () => {
  it('a second reversal is 409 naming the first, and moves nothing', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const [transfer] = await posted([{ debit: account.id, credit: company.floatVfd, amount: 3_000, kind: 'transfer_out' }]);
    expect((await reverse(transfer)).status).toBe(200);
    const before = await ledgerFingerprint(t.db);
    const again = await reverse(transfer);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${transfer} is already reversed by reversal:${transfer}`);
    expect(again.body.details).toMatchObject({ reason: 'already', reversal: `reversal:${transfer}` });
    expect(await ledgerFingerprint(t.db)).toBe(before);
  });

  it('a fee alone is refused naming its transfer; a reversal is not reversed', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const [transfer, fee] = await posted([
      { debit: account.id, credit: company.floatVfd, amount: 3_000, kind: 'transfer_out' },
      { debit: account.id, credit: company.feeIncome, amount: 100, kind: 'fee' },
    ]);
    const before = await ledgerFingerprint(t.db);
    const leg = await reverse(fee);
    expect(leg.status).toBe(409);
    expect(leg.body.details).toMatchObject({ reason: 'part_of_transfer', principal: transfer });
    expect(leg.body.message).toBe(`${fee} is the fee of ${transfer}: reverse that, and this is reversed with it`);
    expect(await ledgerFingerprint(t.db)).toBe(before);

    expect((await reverse(transfer)).status).toBe(200);
    const ofReversal = await reverse(`reversal:${transfer}`);
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.details.reason).toBe('reversal_of_reversal');
  });

  it('an adjustment between company accounts is not a wallet transaction', async () => {
    const [adjustment] = await posted([{ debit: company.adjustments, credit: company.reversalsSuspense, amount: 500, kind: 'adjustment' }]);
    const answer = await reverse(adjustment);
    expect(answer.status).toBe(409);
    expect(answer.body.details.reason).toBe('not_reversible');
    expect(answer.body.message).toMatch(/post an opposite adjustment instead/);
  });

  it('when the wallet no longer holds the money: 409 saying what it holds and what is needed, nothing posted', async () => {
    const { account, business } = await ledgerWallet(t.db);
    const [credit] = await posted([{ debit: company.floatWema, credit: account.id, amount: 10_000, kind: 'pos_credit' }]);
    await posted([{ debit: account.id, credit: company.floatVfd, amount: 8_000, kind: 'transfer_out' }]);
    const before = await ledgerFingerprint(t.db);
    const answer = await reverse(credit, 'Chargeback');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      `${business.name}'s wallet holds ₦20.00; reversing ${credit} needs ₦100.00. Nothing was reversed: raise a wallet debit request for what can be recovered, or reverse it once the wallet holds enough`,
    );
    expect(answer.body.details).toMatchObject({ reason: 'insufficient_balance', holds: 2_000, needs: 10_000 });
    expect(await ledgerFingerprint(t.db)).toBe(before);
    await expectLedgerSound();
  });

  it('an unknown reference is 404', async () => {
    const answer = await reverse('NO-SUCH-REF-1');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('No wallet transaction has the reference NO-SUCH-REF-1');
  });

  it.each([
    { body: { reason: 'Failed transfer' }, field: 'TransactionReference' },
    { body: { TransactionReference: '', reason: 'Failed transfer' }, field: 'TransactionReference' },
    { body: { TransactionReference: 'T-1' }, field: 'reason' },
    { body: { TransactionReference: 'T-1', reason: '  ' }, field: 'reason' },
  ])('400 naming $field', async ({ body, field }) => {
    const answer = await reverser.request('POST', REVERSAL, { body, headers: { 'idempotency-key': key() } });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields.map((issue: { field: string }) => issue.field)).toContain(field);
  });

  it('needs an Idempotency-Key and the wallets.reverse permission', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const [transfer] = await posted([{ debit: account.id, credit: company.floatVfd, amount: 1_000, kind: 'transfer_out' }]);
    const before = await ledgerFingerprint(t.db);
    const keyless = await reverser.request('POST', REVERSAL, { body: { TransactionReference: transfer, reason: 'Failed transfer' } });
    expect(keyless.status).toBe(400);
    expect(keyless.body.details.fields[0].field).toBe('Idempotency-Key');
    const forbidden = await reverse(transfer, 'Failed transfer', viewer);
    expect(forbidden.status).toBe(403);
    expect(await ledgerFingerprint(t.db)).toBe(before);
  });
});

describe('exactly once', () => {
  it('the same Idempotency-Key replays the first answer; one reversal is posted', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const [transfer] = await posted([{ debit: account.id, credit: company.floatVfd, amount: 2_000, kind: 'transfer_out' }]);
    const idempotencyKey = key();
    const first = await reverse(transfer, 'Failed transfer', reverser, idempotencyKey);
    const second = await reverse(transfer, 'Failed transfer', reverser, idempotencyKey);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const reversals = await t.db.selectFrom('ledger_transfers').select('id').where('reference', '=', `reversal:${transfer}`).execute();
    expect(reversals).toHaveLength(1);
    expect(await balanceOf(account.id)).toBe(10_000n);
  });

  it('20 concurrent reversals of one transaction: exactly one succeeds, the others name it', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 50_000 });
    const [transfer] = await posted([
      { debit: account.id, credit: company.floatVfd, amount: 20_000, kind: 'transfer_out' },
      { debit: account.id, credit: company.feeIncome, amount: 1_000, kind: 'fee' },
    ]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => reverse(transfer, 'Failed transfer')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body.details.reversal).toBe(`reversal:${transfer}`);
    }
    expect(await balanceOf(account.id)).toBe(50_000n);
    await expectLedgerSound();
  });
});

describe('the Funds Reversal history', () => {
  it('lists reversals with the original, business, amount, reason and admin; filters; shows one with its compensating transfers', async () => {
    const { account, business } = await ledgerWallet(t.db, { funds: 30_000 });
    const [transfer, fee] = await posted([
      { debit: account.id, credit: company.floatVfd, amount: 12_000, kind: 'transfer_out' },
      { debit: account.id, credit: company.feeIncome, amount: 500, kind: 'fee' },
    ]);
    const done = await reverse(transfer, 'Beneficiary account closed');
    expect(done.status).toBe(200);

    const listed = await viewer.request('GET', '/api/EWTraction/reversals', { query: { businessId: String(business.id) } });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.total).toBe(1);
    const row = listed.body.items[0];
    expect(row).toMatchObject({
      id: done.body.reversal.id,
      reference: `reversal:${transfer}`,
      originalReference: transfer,
      originalKind: 'transfer_out',
      businessId: business.id,
      businessName: business.name,
      amount: 12_000,
      legsAmount: 500,
      reason: 'Beneficiary account closed',
      adminId: reverser.id,
      adminEmail: reverser.email,
    });
    const queries: Record<string, string>[] = [
      { reference: transfer! },
      { reference: `reversal:${transfer}` },
      { adminId: String(reverser.id), reference: transfer! },
    ];
    for (const query of queries) {
      const found = await viewer.request('GET', '/api/EWTraction/reversals', { query });
      expect(found.body.items.map((item: { id: number }) => item.id)).toEqual([row.id]);
    }
    const future = await viewer.request('GET', '/api/EWTraction/reversals', { query: { startdatetime: '2099-01-01', businessId: String(business.id) } });
    expect(future.body.total).toBe(0);
    const csv = await viewer.request('GET', '/api/EWTraction/reversals', { query: { businessId: String(business.id), download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Beneficiary account closed');

    const one = await viewer.request('GET', `/api/EWTraction/reversals/${row.id}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ reference: `reversal:${transfer}`, reason: 'Beneficiary account closed', walletBalance: 30_000 });
    expect(
      one.body.transfers.map((item: { reference: string; reverses: { reference: string; kind: string } }) => [
        item.reference,
        item.reverses.reference,
        item.reverses.kind,
      ]),
    ).toEqual([
      [`reversal:${transfer}`, transfer, 'transfer_out'],
      [`reversal:${fee}`, fee, 'fee'],
    ]);
    expect(one.body.transfers[0]).toMatchObject({ debitAccount: 'company:float:vfd', creditAccount: `wallet:${done.body.wallet.uid}`, amount: 12_000 });
    expect((await viewer.request('GET', '/api/EWTraction/reversals/999999999')).status).toBe(404);
    const stranger = await t.actor();
    expect((await stranger.request('GET', '/api/EWTraction/reversals')).status).toBe(403);
  });
});

describe('the reversal window', () => {
  it(`refuses a transaction older than ${REVERSAL_WINDOW_DAYS} days with a sentence, and posts nothing`, async () => {
    const app = await createTestApp();
    try {
      const accounts = await openCompanyAccounts(app.db);
      const { account } = await ledgerWallet(app.db, { funds: 10_000 });
      const reference = nextReference('OLD');
      await app.db
        .transaction()
        .execute((trx) => post(trx, [{ debit: account.id, credit: accounts.floatVfd, amount: 1_000, kind: 'transfer_out', reference }]));
      // The app's clock moves to 95 days after the transfer (which has the database's time).
      const { created_at } = await app.db.selectFrom('ledger_transfers').select('created_at').where('reference', '=', reference).executeTakeFirstOrThrow();
      app.clock.advance(created_at.getTime() + (REVERSAL_WINDOW_DAYS + 5) * 24 * 60 * 60 * 1000 - app.clock.now().getTime());
      const admin = await app.actor({ permissions: ['wallets.reverse'] });
      const before = await ledgerFingerprint(app.db);
      const answer = await admin.request('POST', REVERSAL, {
        body: { TransactionReference: reference, reason: 'Too late' },
        headers: { 'idempotency-key': key() },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.details).toMatchObject({ reason: 'too_old', windowDays: REVERSAL_WINDOW_DAYS });
      expect(answer.body.message).toMatch(new RegExp(`^${reference} is \\d+ days old: transactions are reversed within ${REVERSAL_WINDOW_DAYS} days`));
      expect(await ledgerFingerprint(app.db)).toBe(before);
    } finally {
      await app.close();
    }
  });
});
