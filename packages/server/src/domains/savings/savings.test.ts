import { SAVINGS_PLANS } from '@traction/core';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavingsWaitlistTable } from '../../db/tables/savings.tables';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

const LIST = '/v2/savings/wait-list-all';
const FILLERS = 230;
const HOUR = 3_600_000;

let t: TestApp;
let viewer: Actor;
let businessId: number;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await t.actor({ role: 'staff', permissions: ['savings.view'] });
  businessId = (await insertBusiness(t.db, { name: 'Bisi Provisions', state_code: 'LA' })).id;
  // In the order people joined, as the wait-list is written: a few weeks of others, then the two the tests name.
  const fillers: Insertable<SavingsWaitlistTable>[] = Array.from({ length: FILLERS }, (_, i) => ({
    name: `Filler Person ${i + 1}`,
    email: `filler${i + 1}@example.ng`,
    phone: `+234806${String(1_000_000 + i).padStart(7, '0')}`,
    plan: SAVINGS_PLANS[i % SAVINGS_PLANS.length]!,
    monthly_amount: 1_000_000,
    state_code: 'OY',
    source: 'WEB',
    joined_at: new Date(Date.parse('2026-09-01T10:00:00Z') + i * 6 * HOUR),
  }));
  await t.db.insertInto('savings_waitlist').values(fillers).execute();
  await t.db
    .insertInto('savings_waitlist')
    .values({
      name: 'Musa Bello',
      email: 'musa.bello@example.ng',
      phone: '+2347015550202',
      plan: 'FIXED',
      monthly_amount: null,
      state_code: null,
      source: 'WEB',
      // 23:30 on the 20th in Lagos.
      joined_at: new Date('2026-11-20T22:30:00Z'),
    })
    .execute();
  await t.db
    .insertInto('savings_waitlist')
    .values({
      name: 'Adaeze Okafor',
      email: 'adaeze.okafor@example.ng',
      phone: '+2348035550101',
      business_id: businessId,
      plan: 'TARGET',
      monthly_amount: 5_000_000,
      state_code: 'LA',
      source: 'APP',
      // 00:30 on the 21st in Lagos, though still the 20th in UTC.
      joined_at: new Date('2026-11-20T23:30:00Z'),
    })
    .execute();
});
afterAll(() => t.close());

type Page = { body: { items: { name: string; id: number }[]; total: number; hasMore: boolean; next?: number | null; page: number } };
const names = (answer: Page) => answer.body.items.map((row) => row.name);
const list = (query: Record<string, string> = {}) => viewer.request('GET', LIST, { query });
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');

describe('the savings wait-list', () => {
  it('pages by 100, newest first, with the merchant, plan, monthly amount in kobo, state, source and when they joined', async () => {
    const first = await list();
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 100, total: FILLERS + 2, hasMore: true });
    expect(first.body.items).toHaveLength(100);
    expect(first.body.items[0]).toEqual({
      id: expect.any(Number),
      name: 'Adaeze Okafor',
      email: 'adaeze.okafor@example.ng',
      phone: '+2348035550101',
      businessId,
      businessName: 'Bisi Provisions',
      plan: 'TARGET',
      monthlyAmount: 5_000_000,
      stateCode: 'LA',
      stateName: 'Lagos',
      source: 'APP',
      joinedAt: '2026-11-20T23:30:00.000Z',
    });
    expect(first.body.items[1]).toMatchObject({
      name: 'Musa Bello',
      businessId: null,
      businessName: null,
      monthlyAmount: null,
      stateCode: null,
      stateName: null,
    });
    expect(first.body.items[2]!.name).toBe(`Filler Person ${FILLERS}`);
    const last = await list({ page: '3' });
    expect(last.body.items).toHaveLength(FILLERS + 2 - 200);
    expect(last.body.hasMore).toBe(false);
    expect(last.body.items.at(-1)!.name).toBe('Filler Person 1');
  });

  it('reads a few rows at a time with limit, and the following ones with after', async () => {
    const ten = await list({ limit: '10' });
    expect(ten.body.items).toHaveLength(10);
    expect(ten.body.next).toBe(ten.body.items[9]!.id);
    const following = await list({ limit: '10', after: String(ten.body.next) });
    expect(names(following)).toEqual(Array.from({ length: 10 }, (_, i) => `Filler Person ${FILLERS - 8 - i}`));
  });

  it.each([
    ['the start of a name', 'adaeze', ['Adaeze Okafor']],
    ['the start of a later word of a name, whatever the case', 'OKAF', ['Adaeze Okafor']],
    ['the start of an email', 'musa.bel', ['Musa Bello']],
    ['a phone number written the local way', '0803 555 0101', ['Adaeze Okafor']],
    ['a phone number in international form', '+234 701 555 0202', ['Musa Bello']],
    ['a run of a phone number’s digits', '5550202', ['Musa Bello']],
    ['the middle of a word (no match)', 'daeze', []],
    ['wildcards, matched literally', 'filler%', []],
  ])('searches by %s', async (_case, search, expected) => {
    const found = await list({ search });
    expect(found.status, found.text).toBe(200);
    expect(names(found)).toEqual(expected);
  });

  it('filters by when they joined, by Lagos days, and by plan, source and state', async () => {
    expect(names(await list({ startdatetime: '2026-11-21', enddatetime: '2026-11-21' }))).toEqual(['Adaeze Okafor']);
    expect(names(await list({ startdatetime: '2026-11-20', enddatetime: '2026-11-20' }))).toEqual(['Musa Bello']);
    // The 1st of September in Lagos ends at 22:59:59.999 UTC: the fillers of 10:00, 16:00 and 22:00.
    expect((await list({ enddatetime: '2026-09-01' })).body.total).toBe(3);
    expect((await list({ startdatetime: '2026-09-02T00:00:00.000', enddatetime: '2026-09-02T23:59:59.999' })).body.total).toBe(4);
    const fixed = await list({ plan: 'FIXED' });
    // Every third filler from the second (77 of 230), and Musa.
    expect(fixed.body.total).toBe(77 + 1);
    expect(new Set(fixed.body.items.map((row: { plan: string }) => row.plan))).toEqual(new Set(['FIXED']));
    expect(names(await list({ source: 'APP' }))).toEqual(['Adaeze Okafor']);
    expect(names(await list({ stateCode: 'LA', plan: 'TARGET' }))).toEqual(['Adaeze Okafor']);
  });

  it('downloads every matching row as CSV, amounts in Naira and phone numbers safe from spreadsheets', async () => {
    const csv = await list({ search: 'adaeze', download: 'csv' });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('savings-waitlist-');
    expect(csvLines(csv.text)).toEqual([
      'Name,Email,Phone,Merchant,Plan,Monthly amount,State,Source,Joined',
      "Adaeze Okafor,adaeze.okafor@example.ng,'+2348035550101,Bisi Provisions,TARGET,50000.00,Lagos,APP,2026-11-20T23:30:00.000Z",
    ]);
    const plain = await viewer.request('GET', LIST, { query: { search: 'musa', download: 'csv' }, headers: { prefer: 'csv-plain' } });
    expect(csvLines(plain.text)[1]).toBe('Musa Bello,musa.bello@example.ng,+2347015550202,,FIXED,,,WEB,2026-11-20T22:30:00.000Z');
    const all = await list({ download: 'csv' });
    expect(csvLines(all.text)).toHaveLength(FILLERS + 2 + 1);
  });

  it.each([
    ['a plan that is not one', { plan: 'WEEKLY' }, 'plan'],
    ['a source that is not one', { source: 'FAX' }, 'source'],
    ['a date that is not one', { startdatetime: '2026-02-30' }, 'startdatetime'],
  ])('refuses %s with 400 naming the field', async (_case, query, field) => {
    const refused = await list(query);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
  });

  it('refuses an admin without savings.view with 403', async () => {
    const outsider = await t.actor({ role: 'staff', permissions: ['merchants.view'] });
    const refused = await outsider.request('GET', LIST);
    expect(refused.status).toBe(403);
    expect((await outsider.request('GET', LIST, { query: { download: 'csv' } })).status).toBe(403);
  });
});
