import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { ledgerFingerprint, ledgerWallet, nextReference } from '../../test/ledger-kit';
import { lastAudit } from '../../test/risk-kit';
import { openCompanyAccounts, post } from '../ledger/index';
import { transferFee } from './index';

let t: TestApp;
let keeper: Actor;
let viewer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  keeper = await t.actor({ permissions: ['wallets.view', 'wallets.settings'] });
  viewer = await t.actor({ permissions: ['wallets.view'] });
});
afterAll(() => t.close());

const NAIRA = 100;
const FEE = '/api/EWTraction/gettractionbanktransferfee';
const setFee = (value: string | number) => `/api/EWTraction/updatetractionbanktransferfee/${value}`;
const CONFIG = '/api/EWTraction/walletconfig';
const UPDATE = '/api/EWTraction/walletconfig/update';

describe('the transfer fee', () => {
  it('starts at ₦25.00, is changed by an admin with wallets.settings, audited, and read by transferFee', async () => {
    const first = await viewer.request('GET', FEE);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ fee: 2_500, updatedAt: null, updatedBy: null });
    expect(await transferFee(t.db)).toBe(2_500);

    const changed = await keeper.request('POST', setFee(5_000));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ fee: 5_000, previousFee: 2_500, updatedBy: keeper.email, message: 'The transfer fee is now ₦50.00 (was ₦25.00).' });
    expect(changed.body.updatedAt).toBe(t.clock.now().toISOString());
    expect(await transferFee(t.db)).toBe(5_000);
    expect((await viewer.request('GET', FEE)).body).toMatchObject({ fee: 5_000, updatedBy: keeper.email });
    expect(await lastAudit(t.db, 'transfer-fee.set')).toMatchObject({ outcome: 'ok', admin_id: keeper.id });

    const again = await keeper.request('POST', setFee(5_000));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'The transfer fee is already ₦50.00', details: { reason: 'already' } });
  });

  it.each([
    ['zero', 0, 'must be more than zero'],
    ['negative', -100, 'must be more than zero'],
    ['fractional kobo', '12.5', 'must be whole kobo'],
    ['not a number', 'abc', ''],
  ])('refuses a %s fee with 400 naming value, and changes nothing', async (_what, value, message) => {
    const before = await t.snapshot();
    const answer = await keeper.request('POST', setFee(value));
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0].field).toBe('value');
    if (message) expect(answer.body.details.fields[0].message).toBe(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses an admin without wallets.settings with 403', async () => {
    const before = await t.snapshot();
    expect((await viewer.request('POST', setFee(100))).status).toBe(403);
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('the wallet configuration', () => {
  it("answers each tier's CBN limits, the fee and the kinds the limits read", async () => {
    const answer = await viewer.request('POST', CONFIG, { body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.tiers).toEqual([
      expect.objectContaining({ tier: 1, singleDebitLimit: 50_000 * NAIRA, dailyDebitLimit: 50_000 * NAIRA, maxBalance: 300_000 * NAIRA, updatedBy: null }),
      expect.objectContaining({ tier: 2, singleDebitLimit: null, dailyDebitLimit: 200_000 * NAIRA, maxBalance: 500_000 * NAIRA }),
      expect.objectContaining({ tier: 3, singleDebitLimit: null, dailyDebitLimit: 5_000_000 * NAIRA, maxBalance: null }),
    ]);
    expect(answer.body).toMatchObject({
      limitFreeKinds: ['reversal', 'debit', 'loan_repayment'],
      balanceCappedCreditKinds: ['credit', 'adjustment', 'loan_disbursement'],
    });
    expect(answer.body.transferFee.fee).toBeGreaterThan(0);
  });

  it("changes a tier's limits, audited with the reason, and the next posting obeys them", async () => {
    const { wallet, account } = await ledgerWallet(t.db, { funds: 100_000 * NAIRA });
    const company = await openCompanyAccounts(t.db);
    const changed = await keeper.request('POST', UPDATE, { body: { tier: 1, dailyDebitLimit: 60_000 * NAIRA, reason: 'Pilot of a higher Tier 1 allowance' } });
    expect(changed.status).toBe(200);
    expect(changed.body.tier).toMatchObject({ tier: 1, singleDebitLimit: 50_000 * NAIRA, dailyDebitLimit: 60_000 * NAIRA, updatedBy: keeper.email });
    expect(changed.body.message).toBe('Tier 1: single debit ₦50,000.00, daily debits ₦60,000.00, balance ₦300,000.00. Applies from the next posting.');
    const audit = await lastAudit(t.db, 'wallet-settings.update');
    expect(audit).toMatchObject({ outcome: 'ok', admin_id: keeper.id });

    const out = (amount: number) =>
      t.db
        .transaction()
        .execute((trx) => post(trx, [{ debit: account.id, credit: company.floatVfd, amount, kind: 'transfer_out', reference: nextReference('OUT') }]));
    await out(50_000 * NAIRA);
    await out(10_000 * NAIRA);
    const limits = await viewer.request('GET', `/api/wallets/${wallet.uid}/limits`);
    expect(limits.body).toMatchObject({ usedToday: 60_000 * NAIRA, dailyRemaining: 0 });

    // "No limit" removes one; the same values again are refused as already so.
    const noCap = await keeper.request('POST', UPDATE, { body: { tier: 3, noDailyDebitLimit: true } });
    expect(noCap.status).toBe(200);
    expect(noCap.body.tier).toMatchObject({ tier: 3, dailyDebitLimit: null });
    const same = await keeper.request('POST', UPDATE, { body: { tier: 3, noDailyDebitLimit: true } });
    expect(same.status).toBe(409);
    expect(same.body.details.reason).toBe('already');
  });

  it.each([
    ['a tier that does not exist', { tier: 4 }, 'tier'],
    ['a limit of zero', { tier: 1, maxBalance: 0 }, 'maxBalance'],
    ['a limit and its "no limit" box', { tier: 2, maxBalance: 100, noBalanceLimit: true }, 'noBalanceLimit'],
    ['a single limit above the daily one in the input', { tier: 1, singleDebitLimit: 70_000 * NAIRA, dailyDebitLimit: 60_000 * NAIRA }, 'singleDebitLimit'],
    ['a single limit above the tier’s daily limit', { tier: 1, singleDebitLimit: 5_000_000 * NAIRA }, 'singleDebitLimit'],
    ['a higher tier allowing less than a lower one', { tier: 2, dailyDebitLimit: 10_000 * NAIRA }, 'dailyDebitLimit'],
    ['a lower tier allowing more than a higher one', { tier: 1, maxBalance: 900_000 * NAIRA }, 'maxBalance'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_what, body, field) => {
    const before = await t.snapshot();
    const answer = await keeper.request('POST', UPDATE, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0].field).toBe(field);
    expect(await t.snapshot()).toEqual(before);
  });

  it('says why a higher tier may not allow less', async () => {
    const answer = await keeper.request('POST', UPDATE, { body: { tier: 2, maxBalance: 200_000 * NAIRA } });
    expect(answer.body.message).toBe("Tier 2's balance limit (₦200,000.00) would be below Tier 1's (₦300,000.00): a higher tier never allows less");
  });

  it('refuses a change without wallets.settings (403), leaving the ledger and the settings as they were', async () => {
    const before = await t.snapshot();
    const ledger = await ledgerFingerprint(t.db);
    expect((await viewer.request('POST', UPDATE, { body: { tier: 1, dailyDebitLimit: 1 } })).status).toBe(403);
    expect(await t.snapshot()).toEqual(before);
    expect(await ledgerFingerprint(t.db)).toBe(ledger);
  });
});
