import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { ledgerFingerprint, ledgerWallet, nextReference } from '../../test/ledger-kit';
import { insertKycRecord } from '../../test/merchant-fixtures';
import { type CompanyAccount, openCompanyAccounts, post, type Posting, reverse } from './index';

let t: TestApp;
let company: Record<CompanyAccount, number>;
let viewer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  company = await openCompanyAccounts(t.db);
  viewer = await t.actor({ permissions: ['wallets.view', 'ledger.view'] });
});
afterAll(() => t.close());

const NAIRA = 100;
const inTransaction = <T>(work: (trx: Db) => Promise<T>) => t.db.transaction().execute(work);
const postNow = (postings: Posting[]) => inTransaction((trx) => post(trx, postings));

/** The refusal a posting throws, or null when it posts. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string; details: Record<string, unknown> } | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return error as { status: number; message: string; details: Record<string, unknown> };
  }
}

/** A transfer out of the wallet to VFD's float, with the transfer fee as its own leg when given. */
function transferOut(account: number, amount: number, fee?: number): Posting[] {
  const principal: Posting = { debit: account, credit: company.floatVfd, amount, kind: 'transfer_out', reference: nextReference('OUT') };
  return fee ? [principal, { debit: account, credit: company.feeIncome, amount: fee, kind: 'fee', reference: nextReference('FEE'), parent: 0 }] : [principal];
}

async function limitsOf(uid: string) {
  const answer = await viewer.request('GET', `/api/wallets/${uid}/limits`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function ledgerIsSound() {
  const check = await viewer.request('GET', '/api/EWTraction/ledger/check');
  expect(check.status).toBe(200);
  expect(check.body).toMatchObject({ ok: true, differences: [] });
}

describe('KYC tier limits inside every posting', () => {
  it('refuses a Tier 1 debit above the single-debit limit, fees counted, and posts nothing', async () => {
    const { wallet, account } = await ledgerWallet(t.db, { funds: 200_000 * NAIRA });
    const before = await ledgerFingerprint(t.db);

    const single = await refusal(postNow(transferOut(account.id, 60_000 * NAIRA)));
    expect(single).toMatchObject({
      status: 409,
      message:
        'A debit of ₦60,000.00 is above the Tier 1 single-debit limit of ₦50,000.00 (₦0.0 used today, ₦50,000.00 remains of the daily limit). Nothing was posted',
      details: {
        reason: 'limit',
        limit: 'single_debit',
        tier: 1,
        limitKobo: 50_000 * NAIRA,
        usedKobo: 0,
        remainingKobo: 50_000 * NAIRA,
        account: account.code,
      },
    });
    // ₦49,990 and its ₦25 fee: one posting debits ₦50,015 from the wallet.
    const withFee = await refusal(postNow(transferOut(account.id, 49_990 * NAIRA, 25 * NAIRA)));
    expect(withFee?.details).toMatchObject({ reason: 'limit', limit: 'single_debit', attemptedKobo: 50_015 * NAIRA });
    expect(await ledgerFingerprint(t.db)).toBe(before);

    // Exactly the limit posts.
    await postNow(transferOut(account.id, 49_975 * NAIRA, 25 * NAIRA));
    expect(await limitsOf(wallet.uid)).toMatchObject({
      tier: 1,
      usedToday: 50_000 * NAIRA,
      dailyRemaining: 0,
      nextDebitRemaining: 0,
      balance: 150_000 * NAIRA,
    });
    await ledgerIsSound();
  });

  it("refuses the debit that takes today's debits over the daily limit, across postings, naming what was used and what remains", async () => {
    const { wallet, account } = await ledgerWallet(t.db, { funds: 200_000 * NAIRA });
    await postNow(transferOut(account.id, 30_000 * NAIRA));
    expect(await limitsOf(wallet.uid)).toMatchObject({
      tier: 1,
      tierBecause: 'no identity document verified',
      singleDebitLimit: 50_000 * NAIRA,
      dailyDebitLimit: 50_000 * NAIRA,
      maxBalance: 300_000 * NAIRA,
      usedToday: 30_000 * NAIRA,
      dailyRemaining: 20_000 * NAIRA,
      nextDebitRemaining: 20_000 * NAIRA,
      balanceRemaining: 130_000 * NAIRA,
    });
    const before = await ledgerFingerprint(t.db);

    const daily = await refusal(postNow(transferOut(account.id, 25_000 * NAIRA)));
    expect(daily).toMatchObject({
      status: 409,
      message: 'A debit of ₦25,000.00 is over the Tier 1 daily debit limit of ₦50,000.00: ₦30,000.00 used today, ₦20,000.00 remains. Nothing was posted',
      details: { reason: 'limit', limit: 'daily_debit', tier: 1, usedKobo: 30_000 * NAIRA, remainingKobo: 20_000 * NAIRA },
    });
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect(await limitsOf(wallet.uid)).toMatchObject({ usedToday: 30_000 * NAIRA, balance: 170_000 * NAIRA });

    await postNow(transferOut(account.id, 20_000 * NAIRA));
    expect(await limitsOf(wallet.uid)).toMatchObject({ usedToday: 50_000 * NAIRA, dailyRemaining: 0 });
    expect((await refusal(postNow(transferOut(account.id, 1))))?.details).toMatchObject({ limit: 'daily_debit', remainingKobo: 0 });
    await ledgerIsSound();
  });

  it('refuses a manual credit above the balance cap, never a POS inflow', async () => {
    const { wallet, account } = await ledgerWallet(t.db, { funds: 290_000 * NAIRA });
    const before = await ledgerFingerprint(t.db);
    const credit = await refusal(
      postNow([{ debit: company.adjustments, credit: account.id, amount: 20_000 * NAIRA, kind: 'credit', reference: nextReference('CR') }]),
    );
    expect(credit).toMatchObject({
      status: 409,
      message:
        'A credit of ₦20,000.00 would take the balance above the Tier 1 balance limit of ₦300,000.00: the wallet holds ₦290,000.00, ₦10,000.00 remains. Nothing was posted',
      details: { reason: 'limit', limit: 'max_balance', tier: 1, usedKobo: 290_000 * NAIRA, remainingKobo: 10_000 * NAIRA },
    });
    expect(await ledgerFingerprint(t.db)).toBe(before);

    // Up to the cap is fine; a POS inflow beyond it is never bounced.
    await postNow([{ debit: company.adjustments, credit: account.id, amount: 10_000 * NAIRA, kind: 'credit', reference: nextReference('CR') }]);
    await postNow([{ debit: company.floatWema, credit: account.id, amount: 50_000 * NAIRA, kind: 'pos_credit', reference: nextReference('POS') }]);
    expect(await limitsOf(wallet.uid)).toMatchObject({ balance: 350_000 * NAIRA, balanceRemaining: 0 });
    await ledgerIsSound();
  });

  it('lets reversals through whatever the limits, and a reversed debit no longer counts against today', async () => {
    const { wallet, account } = await ledgerWallet(t.db, { funds: 10_000 * NAIRA });
    // A ₦280,000 POS credit wrongly booked: its reversal debits the wallet far above the single limit.
    const [wrong] = await postNow([
      { debit: company.floatWema, credit: account.id, amount: 280_000 * NAIRA, kind: 'pos_credit', reference: nextReference('POS') },
    ]);
    const clawback = await inTransaction((trx) => reverse(trx, wrong!.id));
    expect(clawback.reverses.id).toBe(wrong!.id);
    expect(await limitsOf(wallet.uid)).toMatchObject({ balance: 10_000 * NAIRA, usedToday: 0 });

    // A failed transfer refunded: the day's allowance comes back.
    const [sent] = await postNow(transferOut(account.id, 5_000 * NAIRA, 25 * NAIRA));
    expect(await limitsOf(wallet.uid)).toMatchObject({ usedToday: 5_025 * NAIRA });
    await inTransaction((trx) => reverse(trx, sent!.id));
    expect(await limitsOf(wallet.uid)).toMatchObject({ usedToday: 0, dailyRemaining: 50_000 * NAIRA, balance: 10_000 * NAIRA });
    await ledgerIsSound();
  });

  it("lets an admin's authorised debit (a clawback) through a Tier 1 wallet's limits without counting it", async () => {
    const { wallet, account } = await ledgerWallet(t.db, { funds: 300_000 * NAIRA });
    expect(
      await refusal(postNow([{ debit: account.id, credit: company.adjustments, amount: 150_000 * NAIRA, kind: 'debit', reference: nextReference('DR') }])),
    ).toBeNull();
    expect((await limitsOf(wallet.uid)).usedToday).toBe(0);
    // The merchant's own spending is still limited.
    expect(await refusal(postNow(transferOut(account.id, 60_000 * NAIRA)))).toMatchObject({ status: 409, details: { reason: 'limit' } });
    await ledgerIsSound();
  });

  it('reads the tier from approved KYC: an identity document is Tier 2, identity and address Tier 3, a KYC override Tier 3', async () => {
    const tier2 = await ledgerWallet(t.db, { funds: 400_000 * NAIRA });
    await insertKycRecord(t.db, tier2.business.id, { verification_type: 'DOCUMENT', document_type: 'BVN', id_number: '22212345678', status: 'APPROVED' });
    // Pending and rejected records prove nothing.
    await insertKycRecord(t.db, tier2.business.id, {
      verification_type: 'ADDRESS',
      document_type: null,
      id_number: null,
      detail: '1 Broad St',
      status: 'PENDING',
    });
    expect(await limitsOf(tier2.wallet.uid)).toMatchObject({
      tier: 2,
      tierBecause: 'identity verified',
      singleDebitLimit: null,
      dailyDebitLimit: 200_000 * NAIRA,
    });
    await postNow(transferOut(tier2.account.id, 150_000 * NAIRA));
    const over = await refusal(postNow(transferOut(tier2.account.id, 60_000 * NAIRA)));
    expect(over?.message).toBe(
      'A debit of ₦60,000.00 is over the Tier 2 daily debit limit of ₦200,000.00: ₦150,000.00 used today, ₦50,000.00 remains. Nothing was posted',
    );

    const tier3 = await ledgerWallet(t.db, { funds: 1_000_000 * NAIRA });
    await insertKycRecord(t.db, tier3.business.id, { verification_type: 'DOCUMENT', document_type: 'NIN', id_number: '12345678901', status: 'APPROVED' });
    await insertKycRecord(t.db, tier3.business.id, {
      verification_type: 'ADDRESS',
      document_type: null,
      id_number: null,
      detail: '1 Broad St',
      status: 'APPROVED',
    });
    expect(await limitsOf(tier3.wallet.uid)).toMatchObject({
      tier: 3,
      tierBecause: 'identity verified, address verified',
      maxBalance: null,
      balanceRemaining: null,
    });
    await postNow(transferOut(tier3.account.id, 900_000 * NAIRA));

    const exempt = await ledgerWallet(t.db, { funds: 600_000 * NAIRA, business: { kyc_exempt: true } });
    expect(await limitsOf(exempt.wallet.uid)).toMatchObject({ tier: 3, tierBecause: 'KYC override (exempt from KYC)' });
    await postNow(transferOut(exempt.account.id, 600_000 * NAIRA));
    await ledgerIsSound();
  });

  it('lets concurrent debits of one wallet fit under the daily limit only as far as it goes', async () => {
    const { wallet, account } = await ledgerWallet(t.db, { funds: 200_000 * NAIRA });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => postNow(transferOut(account.id, 10_000 * NAIRA))));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason.details).toMatchObject({ reason: 'limit', limit: 'daily_debit' });
    expect(await limitsOf(wallet.uid)).toMatchObject({ usedToday: 50_000 * NAIRA, balance: 150_000 * NAIRA });
    await ledgerIsSound();
  });

  it('answers 404 for a wallet that does not exist and 400 for a uid that is not one', async () => {
    expect((await viewer.request('GET', '/api/wallets/3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a/limits')).status).toBe(404);
    const bad = await viewer.request('GET', '/api/wallets/not-a-uid/limits');
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('uid');
  });
});
