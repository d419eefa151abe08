import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect';
import { createTestApp, type TestApp } from '../../test/harness';
import { ledgerFingerprint, ledgerWallet, nextReference } from '../../test/ledger-kit';
import { balances, checkLedger, openCompanyAccounts, post, reverse, type CompanyAccount } from './index';

let t: TestApp;
let company: Record<CompanyAccount, number>;
beforeAll(async () => {
  t = await createTestApp();
  company = await openCompanyAccounts(t.db);
});
afterAll(() => t.close());

const inTransaction = <T>(work: (trx: Db) => Promise<T>) => t.db.transaction().execute(work);

/** The answer's error, or null when it did not throw. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string; details?: Record<string, unknown> } | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return error as { status: number; message: string; details?: Record<string, unknown> };
  }
}

describe('posting', () => {
  it("writes each wallet's transaction log in the same statement: balance before and after, the fee pointing at its principal", async () => {
    const { account } = await ledgerWallet(t.db, { funds: 50_000 });
    const principal = nextReference('OUT');
    const fee = nextReference('FEE');
    const posted = await inTransaction((trx) =>
      post(trx, [
        { debit: account.id, credit: company.feeIncome, amount: 2_500, kind: 'fee', reference: fee, parent: 1 },
        { debit: account.id, credit: company.floatVfd, amount: 20_000, kind: 'transfer_out', reference: principal, counterparty: 'GTBank 0123456789 Ada Obi' },
      ]),
    );
    expect(posted.map((transfer) => transfer.reference)).toEqual([fee, principal]);
    const entries = await t.db
      .selectFrom('ledger_wallet_entries')
      .select(['reference', 'direction', 'amount', 'balance_before', 'balance_after'])
      .where('account_id', '=', account.id)
      .orderBy('id')
      .execute();
    // The principal is written first (the fee needs its id), so the log reads 50,000 → 30,000 → 27,500.
    expect(entries.slice(1)).toEqual([
      { reference: principal, direction: 'debit', amount: 20_000n, balance_before: 50_000n, balance_after: 30_000n },
      { reference: fee, direction: 'debit', amount: 2_500n, balance_before: 30_000n, balance_after: 27_500n },
    ]);
    const feeRow = await t.db
      .selectFrom('ledger_transfers')
      .select(['parent_transfer_id', 'counterparty'])
      .where('reference', '=', fee)
      .executeTakeFirstOrThrow();
    expect(feeRow.parent_transfer_id).toBe(posted[1]!.id);
    await expect(sql`update ledger_wallet_entries set amount = 1 where account_id = ${account.id}`.execute(t.db)).rejects.toThrow(/immutable/);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('moves wallet balances and sums company accounts from their transfers', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 50_000 });
    const before = await balances(t.db, [company.feeIncome]);
    await inTransaction((trx) =>
      post(trx, [
        { debit: account.id, credit: company.floatVfd, amount: 20_000, kind: 'transfer_out', reference: nextReference() },
        { debit: account.id, credit: company.feeIncome, amount: 2_500, kind: 'fee', reference: nextReference() },
      ]),
    );
    const after = await balances(t.db, [account.id, company.feeIncome]);
    expect(after.get(account.id)).toBe(27_500n);
    expect(after.get(company.feeIncome)! - before.get(company.feeIncome)!).toBe(2_500n);
    // Company accounts keep no running balance: never locked, never updated.
    const fee = await t.db.selectFrom('ledger_accounts').select('balance').where('id', '=', company.feeIncome).executeTakeFirstOrThrow();
    expect(fee.balance).toBe(0n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('opens the company accounts once, however often asked', async () => {
    expect(await openCompanyAccounts(t.db)).toEqual(company);
  });

  it('refuses an overdraft with 409 and posts nothing', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 1_000 });
    const before = await ledgerFingerprint(t.db);
    const error = await refusal(
      inTransaction((trx) => post(trx, [{ debit: account.id, credit: company.floatVfd, amount: 1_001, kind: 'transfer_out', reference: nextReference() }])),
    );
    expect(error?.status).toBe(409);
    expect(error?.message).toMatch(/Insufficient balance/);
    expect(await ledgerFingerprint(t.db)).toBe(before);
  });

  it('posts nothing of a posting whose last leg is refused', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const before = await ledgerFingerprint(t.db);
    const error = await refusal(
      inTransaction((trx) =>
        post(trx, [
          { debit: account.id, credit: company.floatVfd, amount: 9_000, kind: 'transfer_out', reference: nextReference() },
          { debit: account.id, credit: company.feeIncome, amount: 1_500, kind: 'fee', reference: nextReference() },
        ]),
      ),
    );
    expect(error?.status).toBe(409);
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect((await balances(t.db, [account.id])).get(account.id)).toBe(10_000n);
  });

  it('refuses zero, negative and fractional amounts naming the field', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    for (const amount of [0, -5, 1.5]) {
      const error = await refusal(
        inTransaction((trx) => post(trx, [{ debit: account.id, credit: company.floatVfd, amount, kind: 'debit', reference: nextReference() }])),
      );
      expect(error?.status).toBe(400);
      expect(JSON.stringify(error?.details)).toContain('postings.0.amount');
    }
  });

  it('refuses a reference already posted', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const reference = nextReference();
    await inTransaction((trx) => post(trx, [{ debit: account.id, credit: company.floatVfd, amount: 100, kind: 'debit', reference }]));
    const error = await refusal(inTransaction((trx) => post(trx, [{ debit: account.id, credit: company.floatVfd, amount: 100, kind: 'debit', reference }])));
    expect(error?.status).toBe(409);
    expect((await balances(t.db, [account.id])).get(account.id)).toBe(9_900n);
  });
});

describe('the money policy inside every posting', () => {
  it('refuses everything for a fraud-marked business, debits for PND, everything for frozen', async () => {
    const cases = [
      { business: { is_fraud: true }, wallet: {}, debit: 'fraud', credit: 'fraud' },
      { business: {}, wallet: { status: 'PND' as const }, debit: 'wallet_pnd', credit: null },
      { business: {}, wallet: { status: 'FROZEN' as const }, debit: 'wallet_frozen', credit: 'wallet_frozen' },
    ];
    for (const item of cases) {
      const { account } = await ledgerWallet(t.db, { business: item.business, wallet: item.wallet });
      const out = await refusal(
        inTransaction((trx) => post(trx, [{ debit: account.id, credit: company.floatVfd, amount: 1, kind: 'debit', reference: nextReference() }])),
      );
      expect(out?.status).toBe(409);
      expect(out?.details?.reason).toBe(item.debit);
      const into = await refusal(
        inTransaction((trx) => post(trx, [{ debit: company.floatWema, credit: account.id, amount: 1, kind: 'credit', reference: nextReference() }])),
      );
      if (item.credit === null) expect(into).toBeNull();
      else expect(into?.details?.reason).toBe(item.credit);
    }
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

describe('reversal', () => {
  it('reverses a transfer with its fee leg in one posting, and refuses to reverse the fee alone', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 50_000 });
    const principal = nextReference('OUT');
    const fee = nextReference('FEE');
    const [sent, charged] = await inTransaction((trx) =>
      post(trx, [
        { debit: account.id, credit: company.floatVfd, amount: 20_000, kind: 'transfer_out', reference: principal },
        { debit: account.id, credit: company.feeIncome, amount: 2_500, kind: 'fee', reference: fee, parent: 0 },
      ]),
    );
    const alone = await refusal(inTransaction((trx) => reverse(trx, charged!.id)));
    expect(alone).toMatchObject({ status: 409, details: { reason: 'part_of_transfer', principal } });
    const reversal = await inTransaction((trx) => reverse(trx, sent!.id, { narration: 'Bank returned the transfer' }));
    expect(reversal.reverses.reference).toBe(principal);
    expect(reversal.legs.map((leg) => leg.reference)).toEqual([`reversal:${fee}`]);
    expect((await balances(t.db, [account.id])).get(account.id)).toBe(50_000n);
    const feeReversal = await t.db
      .selectFrom('ledger_transfers')
      .select(['parent_transfer_id', 'reverses_transfer_id'])
      .where('reference', '=', `reversal:${fee}`)
      .executeTakeFirstOrThrow();
    expect(feeReversal).toEqual({ parent_transfer_id: reversal.id, reverses_transfer_id: charged!.id });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('posts the mirror image, and refuses a second one naming the first', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const reference = nextReference('OUT');
    const [posted] = await inTransaction((trx) => post(trx, [{ debit: account.id, credit: company.floatVfd, amount: 4_000, kind: 'transfer_out', reference }]));
    const reversal = await inTransaction((trx) => reverse(trx, posted!.id, { reference: `${reference}-R` }));
    const row = await t.db.selectFrom('ledger_transfers').selectAll().where('reference', '=', reversal.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'reversal',
      debit_account_id: company.floatVfd,
      credit_account_id: account.id,
      amount: 4_000n,
      reverses_transfer_id: posted!.id,
    });
    expect((await balances(t.db, [account.id])).get(account.id)).toBe(10_000n);

    const before = await ledgerFingerprint(t.db);
    const again = await refusal(inTransaction((trx) => reverse(trx, posted!.id)));
    expect(again?.status).toBe(409);
    expect(again?.message).toContain(`already reversed by ${reference}-R`);
    expect(await ledgerFingerprint(t.db)).toBe(before);
  });

  it('is refused by the database unless it mirrors the original, and at most once', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const [posted] = await inTransaction((trx) =>
      post(trx, [{ debit: account.id, credit: company.floatVfd, amount: 1_000, kind: 'transfer_out', reference: nextReference() }]),
    );
    const raw = (amount: number, debit: number, credit: number) =>
      sql`insert into ledger_transfers (reference, kind, debit_account_id, credit_account_id, amount, reverses_transfer_id)
          values (${nextReference('RAW')}, 'reversal', ${debit}, ${credit}, ${amount}, ${posted!.id})`.execute(t.db);
    await expect(raw(999, company.floatVfd, account.id)).rejects.toThrow(/mirror/);
    await expect(raw(1_000, account.id, company.floatVfd)).rejects.toThrow(/mirror/);
    await raw(1_000, company.floatVfd, account.id);
    await expect(raw(1_000, company.floatVfd, account.id)).rejects.toThrow(/unique|duplicate/i);
  });
  it('lets exactly one of several concurrent reversals of a transfer through; the others name it', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const [posted] = await inTransaction((trx) =>
      post(trx, [{ debit: account.id, credit: company.floatVfd, amount: 2_000, kind: 'transfer_out', reference: nextReference() }]),
    );
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => inTransaction((trx) => reverse(trx, posted!.id, { reference: `${posted!.reference}-R${i}` }))),
    );
    const done = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    expect(done).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected')
        expect(attempt.reason).toMatchObject({ status: 409, message: expect.stringContaining(`already reversed by ${done[0]!.reference}`) });
    }
    expect((await balances(t.db, [account.id])).get(account.id)).toBe(10_000n);
  });

  it('refuses to reverse a reversal', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 10_000 });
    const [posted] = await inTransaction((trx) =>
      post(trx, [{ debit: account.id, credit: company.floatVfd, amount: 500, kind: 'transfer_out', reference: nextReference() }]),
    );
    const reversal = await inTransaction((trx) => reverse(trx, posted!.id));
    const error = await refusal(inTransaction((trx) => reverse(trx, reversal.id)));
    expect(error).toMatchObject({ status: 409, details: { reason: 'reversal_of_reversal' } });
  });
});

describe('the database keeps transfers immutable', () => {
  it('refuses UPDATE and DELETE of a transfer', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 700 });
    await expect(sql`update ledger_transfers set amount = 1 where credit_account_id = ${account.id}`.execute(t.db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from ledger_transfers where credit_account_id = ${account.id}`.execute(t.db)).rejects.toThrow(/immutable/);
    expect((await balances(t.db, [account.id])).get(account.id)).toBe(700n);
  });

  it('refuses a transfer that would overdraw a wallet, whoever inserts it', async () => {
    const { account } = await ledgerWallet(t.db, { funds: 100 });
    await expect(
      sql`insert into ledger_transfers (reference, kind, debit_account_id, credit_account_id, amount) values (${nextReference()}, 'debit', ${account.id}, ${company.floatVfd}, 101)`.execute(
        t.db,
      ),
    ).rejects.toThrow(/ledger_accounts_no_overdraft/);
  });
});

describe('concurrent postings', () => {
  it('50 postings over the same wallets at once leave the ledger sound', async () => {
    const a = await ledgerWallet(t.db, { funds: 100_000 });
    const b = await ledgerWallet(t.db, { funds: 100_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        inTransaction((trx) =>
          post(trx, [
            // Opposite directions take the same locks in the same order: no deadlock.
            i % 2 === 0
              ? { debit: a.account.id, credit: b.account.id, amount: 3_000 + i, kind: 'transfer_out', reference: nextReference('C') }
              : { debit: b.account.id, credit: a.account.id, amount: 2_000 + i, kind: 'transfer_out', reference: nextReference('C') },
            { debit: i % 2 === 0 ? a.account.id : b.account.id, credit: company.feeIncome, amount: 50, kind: 'fee', reference: nextReference('F') },
          ]),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const check = await checkLedger(t.db);
    expect(check.differences).toEqual([]);
    const both = await balances(t.db, [a.account.id, b.account.id]);
    expect(both.get(a.account.id)! + both.get(b.account.id)!).toBe(200_000n - 50n * 50n);
  });
});

describe('GET /api/EWTraction/ledger/check', () => {
  it('answers the totals and no differences for a sound ledger, and is refused without ledger.view', async () => {
    const viewer = await t.actor({ permissions: ['ledger.view'] });
    const stranger = await t.actor({ permissions: ['fraud.view'] });
    const answer = await viewer.request('GET', '/api/EWTraction/ledger/check');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, differences: [] });
    expect(answer.body.totalDebits).toBe(answer.body.totalCredits);
    expect(answer.body.transfers).toBeGreaterThan(0);
    expect((await stranger.request('GET', '/api/EWTraction/ledger/check')).status).toBe(403);
  });

  it('names a wallet whose balance differs from its transfers', async () => {
    const viewer = await t.actor({ permissions: ['ledger.view'] });
    const { account } = await ledgerWallet(t.db, { funds: 5_000 });
    // Only a hand-made change can do this: the column is moved by the trigger alone.
    await sql`update ledger_accounts set balance = balance + 1 where id = ${account.id}`.execute(t.db);
    const answer = await viewer.request('GET', '/api/EWTraction/ledger/check');
    expect(answer.body.ok).toBe(false);
    expect(answer.body.differences).toEqual([{ account: account.code, problem: 'balance differs from its transfers', expected: 5_000, actual: 5_001 }]);
    await sql`update ledger_accounts set balance = balance - 1 where id = ${account.id}`.execute(t.db);
  });
});
