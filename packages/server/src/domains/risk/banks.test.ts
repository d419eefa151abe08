import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertFixedAccount, insertWallet } from '../../test/merchant-fixtures';
import { accountNumberAt, eventsOf, idempotencyKey, lastAudit, riskSnapshot } from '../../test/risk-kit';

let t: TestApp;
let ops: Actor;
let viewer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.actor({ role: 'admin', permissions: ['banks.query', 'providus.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['fraud.view'] });
});
afterAll(() => t.close());

const WEMA = '/v1/payments/wema/account-query';
const VFD = '/v1/payments/vfd/transactions';
const REPUSH = '/v1/payments/providus/repush';
const RENAME = '/v1/payments/providus/rename';
const SESSION = '100004261121093512345678901234';
let sessions = 0;
/** A session id never re-pushed before in this file (a re-push of one session blocks another for a day). */
const newSession = () => {
  sessions += 1;
  return `${SESSION.slice(0, -8)}${String(sessions * 10 + 1).padStart(8, '0')}`;
};

async function providusMerchant(
  wallet: 'ACTIVE' | 'PND' | 'FROZEN' | 'CLOSED' | null = 'ACTIVE',
  account: Parameters<typeof insertFixedAccount>[2] = {},
  business: Parameters<typeof insertBusiness>[1] = {},
) {
  const b = await insertBusiness(t.db, business);
  if (wallet) await insertWallet(t.db, b.id, { status: wallet });
  const a = await insertFixedAccount(t.db, b.id, {
    bank: 'PROVIDUS',
    account_number: accountNumberAt('PROVIDUS'),
    account_name: `Traction/${b.name}`,
    ...account,
  });
  return { business: b, account: a };
}

describe('Wema Bank account query', () => {
  it('answers a name enquiry the same way every time, for any valid Wema number', async () => {
    const number = accountNumberAt('WEMA');
    const first = await ops.request('GET', WEMA, { query: { accountNumber: number } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      bank: 'WEMA',
      bankName: 'Wema Bank',
      accountNumber: number,
      accountName: expect.stringMatching(/^[A-Z]+ [A-Z]+$/),
      fixedAccount: null,
      nameMatches: null,
      inboundCredits: null,
    });
    expect((await ops.request('GET', WEMA, { query: { accountNumber: number } })).body).toEqual(first.body);
  });

  it('shows our fixed account beside the bank’s answer, and whether payments into it would be accepted', async () => {
    const owner = await insertBusiness(t.db, { name: 'Wema Query Stores' });
    await insertWallet(t.db, owner.id, { status: 'PND' });
    const account = await insertFixedAccount(t.db, owner.id, {
      bank: 'WEMA',
      account_number: accountNumberAt('WEMA'),
      account_name: 'Traction/Wema Query Stores',
      blacklisted: true,
    });
    const answer = await ops.request('GET', WEMA, { query: { accountNumber: account.account_number } });
    expect(answer.body).toMatchObject({
      accountName: 'Traction/Wema Query Stores',
      status: 'ACTIVE',
      nameMatches: true,
      fixedAccount: { id: account.id, businessName: 'Wema Query Stores', blacklisted: true },
      inboundCredits: { allowed: false, rule: 'account_blacklisted' },
    });
  });

  it.each([
    [
      'a wrong check digit',
      () => {
        const n = accountNumberAt('WEMA');
        return `${n.slice(0, 9)}${(Number(n[9]) + 1) % 10}`;
      },
      400,
      'is not a valid Wema Bank account number',
    ],
    ['a VFD number (check digit for another bank)', () => accountNumberAt('VFD'), 400, 'is not a valid Wema Bank account number'],
    ['a number Wema does not hold', () => accountNumberAt('WEMA', '997'), 400, 'Wema Bank holds no account'],
    ['a bank that does not answer', () => accountNumberAt('WEMA', '999'), 504, 'Wema Bank did not answer within 50 ms'],
    ['a bank error', () => accountNumberAt('WEMA', '998'), 502, 'Wema Bank answered 503'],
  ])('explains %s plainly', async (_what, number, status, message) => {
    const answer = await ops.request('GET', WEMA, { query: { accountNumber: number() } });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toContain(message);
    if (status === 400) expect(answer.body.details.fields[0].field).toBe('accountNumber');
  });

  it('refuses a malformed number before asking the bank, and an admin without banks.query', async () => {
    const answer = await ops.request('GET', WEMA, { query: { accountNumber: '01234' } });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0]).toMatchObject({ field: 'accountNumber', message: 'must be a 10-digit account number' });
    expect((await viewer.request('GET', WEMA, { query: { accountNumber: accountNumberAt('WEMA') } })).status).toBe(403);
  });
});

describe('VFD transaction query', () => {
  it('lists the bank’s transactions between two days in integer kobo, deterministic, none after now, with totals', async () => {
    const accountNo = accountNumberAt('VFD');
    const answer = await ops.request('GET', VFD, { query: { accountNo, fromDate: '2026-11-01', endDate: '2026-11-30' } });
    expect(answer.status).toBe(200);
    const { items } = answer.body as { items: { amountKobo: number; balanceAfterKobo: number; direction: string; at: string }[] };
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) {
      expect(Number.isSafeInteger(item.amountKobo) && item.amountKobo > 0).toBe(true);
      expect(Number.isSafeInteger(item.balanceAfterKobo)).toBe(true);
      expect(Date.parse(item.at)).toBeLessThanOrEqual(t.clock.now().getTime());
      expect(Date.parse(item.at)).toBeGreaterThanOrEqual(Date.parse('2026-10-31T23:00:00Z'));
    }
    expect([...items].sort((a, b) => a.at.localeCompare(b.at))).toEqual(items);
    const credits = items.filter((i) => i.direction === 'CREDIT').reduce((sum, i) => sum + i.amountKobo, 0);
    expect(answer.body.totalCreditKobo).toBe(credits);
    expect(answer.body).toMatchObject({ accountNo, bankName: 'VFD Microfinance Bank', fromDate: '2026-11-01', endDate: '2026-11-30', fixedAccount: null });
    expect((await ops.request('GET', VFD, { query: { accountNo, fromDate: '2026-11-01', endDate: '2026-11-30' } })).body).toEqual(answer.body);
  });

  it.each([
    [{ fromDate: '2026-11-10', endDate: '2026-11-01' }, 'endDate', 'must be on or after fromDate'],
    [{ fromDate: '2026-09-01', endDate: '2026-11-01' }, 'endDate', 'must be within 31 days of fromDate'],
    [{ fromDate: '2026-13-01', endDate: '2026-11-01' }, 'fromDate', 'is not a real date'],
  ])('refuses the period %j with 400 naming %s', async (period, field, message) => {
    const answer = await ops.request('GET', VFD, { query: { accountNo: accountNumberAt('VFD'), ...period } });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0]).toMatchObject({ field, message });
  });

  it('names accountNo when VFD refuses the number, and says plainly when VFD does not answer', async () => {
    const wrong = await ops.request('GET', VFD, { query: { accountNo: accountNumberAt('WEMA'), fromDate: '2026-11-01', endDate: '2026-11-02' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.fields[0].field).toBe('accountNo');
    const slow = await ops.request('GET', VFD, { query: { accountNo: accountNumberAt('VFD', '999'), fromDate: '2026-11-01', endDate: '2026-11-02' } });
    expect(slow.status).toBe(504);
    expect(slow.body.message).toBe('VFD Microfinance Bank did not answer within 50 ms. Nothing was changed; try again in a few minutes.');
    expect((await viewer.request('GET', VFD, { query: { accountNo: accountNumberAt('VFD'), fromDate: '2026-11-01', endDate: '2026-11-02' } })).status).toBe(
      403,
    );
  });
});

describe('Providus repush', () => {
  it('asks Providus to re-send the notification and writes it to the business history', async () => {
    const { business, account } = await providusMerchant();
    const answer = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: account.account_number, sessionId: SESSION } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      accountNumber: account.account_number,
      sessionId: SESSION,
      businessId: business.id,
      amountKobo: expect.any(Number),
      bankReference: expect.stringMatching(/^PRO-RPS-/),
    });
    expect(Number.isSafeInteger(answer.body.amountKobo)).toBe(true);
    const [event] = await eventsOf(t.db, business.id);
    expect(event).toMatchObject({
      kind: 'providus.repush',
      admin_id: ops.id,
      details: expect.objectContaining({ sessionId: SESSION, amountKobo: answer.body.amountKobo }),
    });
    expect(await lastAudit(t.db, 'providus.repush')).toMatchObject({ outcome: 'ok' });
  });

  it('lets a PND wallet be credited (money in is allowed)', async () => {
    const { account } = await providusMerchant('PND');
    expect(
      (await ops.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: account.account_number, sessionId: newSession() } })).status,
    ).toBe(200);
  });

  it.each([
    ['the business is marked as fraud', () => providusMerchant('ACTIVE', {}, { is_fraud: true }), 'fraud'],
    ['the wallet is frozen', () => providusMerchant('FROZEN'), 'wallet_frozen'],
    ['the wallet is closed', () => providusMerchant('CLOSED'), 'wallet_closed'],
    ['there is no wallet', () => providusMerchant(null), 'no_wallet'],
    ['the account is blacklisted', () => providusMerchant('ACTIVE', { blacklisted: true }), 'account_blacklisted'],
    ['the account is deactivated', () => providusMerchant('ACTIVE', { status: 'DEACTIVATED' }), 'account_deactivated'],
  ])('is refused by the money policy when %s: 409 with the reason, nothing changed, the refusal audited', async (_what, make, rule) => {
    const { account } = await make();
    const before = await riskSnapshot(t);
    const answer = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: account.account_number, sessionId: SESSION } });
    expect(answer.status).toBe(409);
    expect(answer.body.details).toMatchObject({ reason: rule, direction: 'credit' });
    expect(await riskSnapshot(t)).toEqual(before);
    expect(await lastAudit(t.db, 'providus.repush')).toMatchObject({ outcome: '409', message: answer.body.message });
  });

  it('trust does not override the policy', async () => {
    const { account } = await providusMerchant('FROZEN', {}, { is_trusted: true });
    expect((await ops.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: account.account_number, sessionId: SESSION } })).status).toBe(
      409,
    );
  });

  it.each([
    ['does not answer', `${SESSION.slice(0, -3)}999`, 504, 'Providus Bank did not answer within 50 ms, so it may have re-sent the notification or not'],
    ['fails', `${SESSION.slice(0, -3)}998`, 502, 'Providus Bank answered 503 Service Unavailable. Nothing was changed'],
    ['has no such session', `${SESSION.slice(0, -3)}000`, 400, 'Providus Bank has no transfer with session id'],
  ])('says so when Providus %s, changing nothing', async (_what, sessionId, status, message) => {
    const { account } = await providusMerchant();
    const before = await riskSnapshot(t);
    const answer = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: account.account_number, sessionId } });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toContain(message);
    if (status === 400) expect(answer.body.details.fields[0].field).toBe('sessionId');
    expect(await riskSnapshot(t)).toEqual(before);
    expect(await lastAudit(t.db, 'providus.repush')).toMatchObject({ outcome: String(status) });
  });

  it('refuses an invalid number (400), a number that is not ours (404), a missing key, and an admin without providus.manage', async () => {
    const { account } = await providusMerchant();
    const before = await riskSnapshot(t);
    const good = accountNumberAt('PROVIDUS');
    const invalid = await ops.request('POST', REPUSH, {
      headers: idempotencyKey(),
      body: { accountNumber: `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`, sessionId: SESSION },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.fields[0].field).toBe('accountNumber');
    expect(
      (await ops.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: accountNumberAt('PROVIDUS'), sessionId: SESSION } })).status,
    ).toBe(404);
    expect((await ops.request('POST', REPUSH, { body: { accountNumber: account.account_number, sessionId: SESSION } })).body.details.fields[0].field).toBe(
      'Idempotency-Key',
    );
    const badSession = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: account.account_number, sessionId: 'short' } });
    expect(badSession.body.details.fields[0].field).toBe('sessionId');
    expect(
      (await viewer.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: account.account_number, sessionId: SESSION } })).status,
    ).toBe(403);
    expect(await riskSnapshot(t)).toEqual(before);
  });

  it('answers a replayed key with the first answer and asks Providus once', async () => {
    const { business, account } = await providusMerchant();
    const headers = idempotencyKey();
    const body = { accountNumber: account.account_number, sessionId: newSession() };
    const first = await ops.request('POST', REPUSH, { headers, body });
    const again = await ops.request('POST', REPUSH, { headers, body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await eventsOf(t.db, business.id)).toHaveLength(1);
  });
});

describe('Providus rename', () => {
  it('renames at Providus and here; the same name is 409; our Wema account is not a Providus one (404)', async () => {
    const { business, account } = await providusMerchant();
    const answer = await ops.request('POST', RENAME, { body: { accountNumber: account.account_number, accountName: 'Traction/Renamed Outlet' } });
    expect(answer.status).toBe(200);
    expect(answer.body.account).toMatchObject({ accountName: 'Traction/Renamed Outlet' });
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['fixed-account.renamed']);
    const before = await riskSnapshot(t);
    expect((await ops.request('POST', RENAME, { body: { accountNumber: account.account_number, accountName: 'Traction/Renamed Outlet' } })).status).toBe(409);
    expect(await riskSnapshot(t)).toEqual(before);
    // Wema's and Providus's codes weigh the same modulo 10, so this number is valid at both; it is ours at Wema only.
    const ours = await insertFixedAccount(t.db, business.id, { bank: 'WEMA', account_number: accountNumberAt('WEMA') });
    const wema = await ops.request('POST', RENAME, { body: { accountNumber: ours.account_number, accountName: 'Traction/X' } });
    expect(wema.status).toBe(404);
    expect(wema.body.message).toContain('is not one of our Providus fixed accounts');
    const before2 = await riskSnapshot(t);
    expect((await viewer.request('POST', RENAME, { body: { accountNumber: account.account_number, accountName: 'Traction/Y' } })).status).toBe(403);
    expect(await riskSnapshot(t)).toEqual(before2);
  });
});
