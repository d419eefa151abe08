import { lagosDate } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { ledgerWallet } from '../../test/ledger-kit';
import { insertBusiness, insertKycRecord } from '../../test/merchant-fixtures';

const BASE = '/v1/businesses/reports';
const RANGE = { startdatetime: '2026-11-18', enddatetime: '2026-11-20' };

let t: TestApp;
let viewer: Actor;
let outsider: Actor;
const ids: Record<string, number> = {};

const cumulations = new Map<number, bigint>();

/** A successful payment belongs to its merchant's cumulation (0024): one open group serves the test's payments. */
async function cumulationOf(businessId: number): Promise<bigint> {
  const known = cumulations.get(businessId);
  if (known !== undefined) return known;
  const group = await t.db
    .insertInto('settlement_groups')
    .values({ settlement_date: `2026-11-${String(10 + cumulations.size).padStart(2, '0')}`, aggregator: false, closes_at: '2026-11-30T23:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db.insertInto('settlement_cumulations').values({ group_id: group.id, business_id: businessId }).returning('id').executeTakeFirstOrThrow();
  cumulations.set(businessId, row.id);
  return row.id;
}

async function insertPayment(businessId: number, amount: number, at: string, status: 'SUCCESSFUL' | 'FAILED' = 'SUCCESSFUL') {
  const band = await t.db.selectFrom('pricing_bands').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const n = Object.keys(ids).length + amount + Date.parse(at);
  const rrn = String(n).padStart(12, '0').slice(-12);
  await t.db
    .insertInto('payment_logs')
    .values({
      business_id: businessId,
      terminal_id: '2058ABCD',
      channel: 'ussd',
      amount,
      charge: 0,
      pricing_band_id: band.id,
      route: 'NIBSS',
      bank_code: '058',
      response_code: status === 'SUCCESSFUL' ? '00' : '51',
      status,
      rrn,
      stan: '000001',
      reference: `PAY-${rrn}-${status}`,
      cumulation_id: status === 'SUCCESSFUL' ? await cumulationOf(businessId) : null,
      created_at: at,
    })
    .execute();
}

/** The rows of a series as bucket → the numbers asked for. */
async function series(report: string, query: Record<string, string>, ...keys: string[]) {
  const answer = await viewer.request('GET', `${BASE}/${report}`, { query: { ...RANGE, ...query } });
  expect(answer.status, answer.text).toBe(200);
  return Object.fromEntries(answer.body.items.map((row: Record<string, unknown>) => [row.bucket, keys.map((key) => row[key])]));
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = await t.actor({ role: 'staff', permissions: ['reports.view'] });
  outsider = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
  const full = await insertBusiness(t.db, {
    name: 'Adaeze Supermarket',
    state_code: 'LA',
    category: 'RETAIL',
    created_at: new Date('2026-11-18T10:00:00.000Z'),
  });
  // 23:30 UTC is 00:30 the next day in Lagos: it counts on the 20th.
  const identity = await insertBusiness(t.db, {
    name: 'Bisi Pharmacy',
    state_code: 'LA',
    category: 'PHARMACY',
    created_at: new Date('2026-11-19T23:30:00.000Z'),
  });
  const none = await insertBusiness(t.db, {
    name: 'Chinedu Stores Kano',
    state_code: 'KN',
    category: 'RETAIL',
    created_at: new Date('2026-11-20T08:00:00.000Z'),
  });
  const old = await insertBusiness(t.db, { name: 'Dangote Old Shop', state_code: 'KN', category: 'RETAIL', created_at: new Date('2026-10-01T08:00:00.000Z') });
  Object.assign(ids, { full: full.id, identity: identity.id, none: none.id, old: old.id });
  await insertKycRecord(t.db, full.id, { status: 'APPROVED' });
  await insertKycRecord(t.db, full.id, { verification_type: 'ADDRESS', document_type: null, id_number: null, status: 'APPROVED' });
  await insertKycRecord(t.db, identity.id, { status: 'APPROVED' });
  await insertKycRecord(t.db, none.id, { status: 'PENDING' });
  await insertPayment(full.id, 5_000, '2026-11-19T10:00:00.000Z');
  await insertPayment(full.id, 2_500, '2026-11-19T11:00:00.000Z');
  await insertPayment(full.id, 9_900, '2026-11-19T12:00:00.000Z', 'FAILED');
  await insertPayment(none.id, 10_000, '2026-11-20T12:00:00.000Z');
  await insertPayment(old.id, 70_000, '2026-10-02T12:00:00.000Z');
});

afterAll(async () => {
  await t.close();
});

describe('report series', () => {
  it('counts sign-ups by Lagos day, with empty days as zeros', async () => {
    expect(await series('signups', { by: 'day' }, 'signUps')).toEqual({ '2026-11-18': [1], '2026-11-19': [0], '2026-11-20': [2] });
  });

  it.each([
    ['state', { Lagos: [2], Kano: [1] }],
    ['category', { PHARMACY: [1], RETAIL: [2] }],
  ])('counts sign-ups by %s', async (by, expected) => {
    expect(await series('signups', { by }, 'signUps')).toEqual(expected);
  });

  it('counts active merchants and their successful payments', async () => {
    expect(await series('active-merchants', { by: 'day' }, 'activeMerchants', 'successfulPayments')).toEqual({
      '2026-11-18': [0, 0],
      '2026-11-19': [1, 2],
      '2026-11-20': [1, 1],
    });
  });

  it('adds up payment volume and value in kobo by state', async () => {
    expect(await series('payments', { by: 'state' }, 'payments', 'successfulPayments', 'successfulValue')).toEqual({
      Lagos: [3, 2, 7_500],
      Kano: [1, 1, 10_000],
    });
  });

  it('counts KYC completion of the sign-ups by category', async () => {
    expect(await series('kyc', { by: 'category' }, 'signUps', 'kycComplete', 'identityOnly')).toEqual({ PHARMACY: [1, 0, 1], RETAIL: [2, 1, 0] });
  });

  it('reads the wallet balances held at the end of each day from the ledger', async () => {
    const { business } = await ledgerWallet(t.db, { funds: 150_000, business: { state_code: 'OY' } });
    ids.wallet = business.id;
    const today = lagosDate();
    const yesterday = lagosDate(new Date(Date.now() - 86_400_000));
    const range = { startdatetime: yesterday, enddatetime: today };
    expect(await series('wallet-balances', { ...range, by: 'day' }, 'wallets', 'balance')).toEqual({ [yesterday]: [0, 0], [today]: [1, 150_000] });
    expect(await series('wallet-balances', { ...range, by: 'state' }, 'wallets', 'balance')).toEqual({ Oyo: [1, 150_000] });
  });

  it('writes a series as CSV, money in naira', async () => {
    const csv = await viewer.request('GET', `${BASE}/payments`, { query: { ...RANGE, by: 'state', download: 'csv' } });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain('Lagos,3,2,75.00');
    expect(csv.text).toContain('Kano,1,1,100.00');
  });

  it('refuses a range over 366 days, naming the field', async () => {
    const answer = await viewer.request('GET', `${BASE}/signups`, { query: { startdatetime: '2025-01-01', enddatetime: '2026-11-20' } });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('enddatetime');
    expect(answer.text).toContain('366 days');
  });

  it('answers 403 without reports.view', async () => {
    expect((await outsider.request('GET', `${BASE}/signups`)).status).toBe(403);
    expect((await outsider.request('GET', `${BASE}/allbusiness`)).status).toBe(403);
    expect((await outsider.request('GET', `${BASE}/business`)).status).toBe(403);
  });
});

describe('every business', () => {
  it('lists businesses signed up by the range end with their KYC, payments in the range and wallet balance', async () => {
    const answer = await viewer.request('GET', `${BASE}/allbusiness`, { query: RANGE });
    expect(answer.status, answer.text).toBe(200);
    const byName = Object.fromEntries(answer.body.items.map((row: Record<string, unknown>) => [row.name, row]));
    expect(Object.keys(byName).sort()).toEqual(['Adaeze Supermarket', 'Bisi Pharmacy', 'Chinedu Stores Kano', 'Dangote Old Shop']);
    expect(byName['Adaeze Supermarket']).toMatchObject({
      kycTier: 3,
      kycComplete: true,
      payments: 3,
      successfulPayments: 2,
      successfulValue: 7_500,
      walletBalance: 0,
      state: 'Lagos',
    });
    expect(byName['Bisi Pharmacy']).toMatchObject({ kycTier: 2, kycComplete: false, payments: 0 });
    expect(byName['Dangote Old Shop']).toMatchObject({ kycTier: 1, payments: 0, successfulValue: 0 });
  });

  it('writes the list as CSV', async () => {
    const csv = await viewer.request('GET', `${BASE}/allbusiness`, { query: { ...RANGE, download: 'csv' } });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain('Adaeze Supermarket');
    expect(csv.text).toContain('75.00');
  });
});

describe('summary of the last days', () => {
  it('sums up the last N Lagos days', async () => {
    const answer = await viewer.request('GET', `${BASE}/business`, { query: { days: '7' } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ days: 7, signUps: 3, activeMerchants: 2, kycComplete: 1, payments: 4, successfulPayments: 3, successfulValue: 17_500 });
  });

  it.each(['0', '367', '1.5', 'seven'])('refuses days=%s with a sentence naming days', async (days) => {
    const answer = await viewer.request('GET', `${BASE}/business`, { query: { days } });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('days');
  });
});
