import { type PaymentLog, lagosDate } from '@traction/core';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo';
import { seedMerchants } from '../../demo/seed-merchants';
import { seedPayments } from '../../demo/seed-payments';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';

const LIST = '/v1/payments/reports/paymentlogswithtime';
const BY_BUSINESS = (id: number) => `${LIST}/businesses/${id}`;
const DETAIL = (id: number) => `/v1/payments/reports/paymentlogs/${id}`;
const RECEIPT = '/v1/stores/getReceiptDetails';

let t: TestApp;
let viewer: Actor;
/** A busy merchant of the seed, and a day of its payments. */
let busy: { businessId: number; name: string; day: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { scryptLogN: 10 });
  await seedMerchants(t.db, { count: 600, anchor: t.clock.now() });
  await seedPayments(t.db, { count: 4_000, days: 12, now: t.clock.now() });
  viewer = await t.actor({ role: 'staff', permissions: ['payments.view'] });
  const { rows } = await sql<{ business_id: number; name: string; created_at: Date }>`
    select p.business_id, b.name, max(p.created_at) created_at from payment_logs p join businesses b on b.id = p.business_id
    group by 1, 2 order by count(*) desc limit 1`.execute(t.db);
  busy = { businessId: rows[0]!.business_id, name: rows[0]!.name, day: lagosDate(rows[0]!.created_at) };
});
afterAll(() => t.close());

const count = async (where: ReturnType<typeof sql>) =>
  (await sql<{ n: number }>`select count(*)::int n from payment_logs p where ${where}`.execute(t.db)).rows[0]!.n;

describe('payment logs', () => {
  it('lists every payment newest first, with its merchant, band, route, bank, response and settlement', async () => {
    const page = await viewer.request<{ items: PaymentLog[]; total: number; hasMore: boolean }>('GET', LIST);
    expect(page.status, page.text).toBe(200);
    expect(page.body.total).toBe(4_000);
    expect(page.body.items).toHaveLength(100);
    const times = page.body.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const item of page.body.items) {
      expect(item.businessName).not.toBe('');
      expect(item.pricingBand).not.toBe('');
      expect(item.routeName).not.toBe(item.route);
      expect(item.responseMessage).not.toBe('Unknown response');
      if (item.status === 'SUCCESSFUL') {
        expect(BigInt(item.net)).toBe(BigInt(item.amount) - BigInt(item.charge));
        expect(item.settlementState).toBe('UNSETTLED');
        expect(item.cumulationId).not.toBeNull();
      } else {
        expect(item.charge).toBe(0);
        expect(item.settlementState).toBe('NOT_SETTLEABLE');
      }
      if (item.channel === 'card') expect(item.maskedPan).toMatch(/^\d{6}\*{6}\d{4}$/);
    }
  });

  it('filters by a date-time range, a merchant and a status, as the database counts them', async () => {
    const query = {
      startdatetime: `${busy.day}T00:00:00.000`,
      enddatetime: `${busy.day}T23:59:59.999`,
      merchant: String(busy.businessId),
      status: 'SUCCESSFUL',
    };
    const page = await viewer.request<{ items: PaymentLog[]; total: number }>('GET', LIST, { query });
    expect(page.status, page.text).toBe(200);
    const from = new Date(`${busy.day}T00:00:00.000+01:00`);
    const to = new Date(`${busy.day}T23:59:59.999+01:00`);
    expect(page.body.total).toBe(await count(sql`p.business_id = ${busy.businessId} and p.status = 'SUCCESSFUL' and p.created_at between ${from} and ${to}`));
    expect(page.body.total).toBeGreaterThan(0);
    for (const item of page.body.items) {
      expect(item.businessId).toBe(busy.businessId);
      expect(item.status).toBe('SUCCESSFUL');
      expect(lagosDate(new Date(item.createdAt))).toBe(busy.day);
    }
    // The spec's startTime/endTime narrow bare dates to a window of the day.
    const window = await viewer.request<{ items: PaymentLog[]; total: number }>('GET', LIST, {
      query: { startdatetime: busy.day, startTime: '12:00', enddatetime: busy.day, endTime: '12:59' },
    });
    expect(window.status, window.text).toBe(200);
    expect(window.body.total).toBe(
      await count(sql`p.created_at between ${new Date(`${busy.day}T12:00:00.000+01:00`)} and ${new Date(`${busy.day}T12:59:59.999+01:00`)}`),
    );
    // A name's first letters find the merchant too.
    const byName = await viewer.request<{ items: PaymentLog[]; total: number }>('GET', LIST, { query: { merchant: busy.name.slice(0, 6).toLowerCase() } });
    expect(byName.body.items.length).toBeGreaterThan(0);
    for (const item of byName.body.items) expect(item.businessName.toLowerCase().startsWith(busy.name.slice(0, 6).toLowerCase())).toBe(true);
  });

  it('finds a payment by its RRN, terminal or reference in the search box, and filters route failures by code', async () => {
    const one = (await viewer.request<{ items: PaymentLog[] }>('GET', LIST, { query: { channel: 'card', limit: '1' } })).body.items[0]!;
    for (const search of [one.rrn, one.reference, one.terminalId!.toLowerCase()]) {
      const found = await viewer.request<{ items: PaymentLog[] }>('GET', LIST, { query: { search } });
      expect(found.status, found.text).toBe(200);
      expect(found.body.items.map((item) => item.id)).toContain(one.id);
    }
    const failures = await viewer.request<{ items: PaymentLog[]; total: number }>('GET', LIST, { query: { responseCode: '91', status: 'FAILED' } });
    expect(failures.body.total).toBe(await count(sql`p.response_code = '91'`));
    expect(failures.body.items.every((item) => item.responseMessage === 'Issuer or switch inoperative')).toBe(true);
  });

  it('walks every page by keyset, each payment once, in the order of the numbered pages', async () => {
    const query = { startdatetime: busy.day, enddatetime: busy.day };
    const seen: number[] = [];
    let after: number | null | undefined;
    do {
      const page = await viewer.request<{ items: PaymentLog[]; next: number | null }>('GET', LIST, {
        query: { ...query, ...(after ? { after: String(after) } : {}) },
      });
      expect(page.status, page.text).toBe(200);
      seen.push(...page.body.items.map((item) => item.id));
      after = page.body.next;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    const numbered: number[] = [];
    for (let page = 1; numbered.length < seen.length; page++) {
      const answer = await viewer.request<{ items: PaymentLog[] }>('GET', LIST, { query: { ...query, page: String(page) } });
      numbered.push(...answer.body.items.map((item) => item.id));
      if (answer.body.items.length === 0) break;
    }
    expect(seen).toEqual(numbered);
  });

  it('refuses ranges that are backwards, longer than a year, or not real dates, naming the field', async () => {
    const refused = async (query: Record<string, string>, field: string) => {
      const answer = await viewer.request('GET', LIST, { query });
      expect(answer.status, answer.text).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    };
    await refused({ startdatetime: '2026-11-20', enddatetime: '2026-11-19' }, 'enddatetime');
    await refused({ startdatetime: '2025-01-01', enddatetime: '2026-11-19' }, 'enddatetime');
    await refused({ startdatetime: '2026-02-30' }, 'startdatetime');
    await refused({ enddatetime: '2026-11-19T24:10' }, 'enddatetime');
    await refused({ startTime: '08:00' }, 'startTime');
    await refused({ startdatetime: '2026-11-19', startTime: '8am' }, 'startTime');
    await refused({ bank: 'GTB' }, 'bank');
  });

  it('exports the whole filtered list as CSV with the contract’s labels', async () => {
    const csv = await viewer.request('GET', LIST, { query: { startdatetime: busy.day, enddatetime: busy.day, download: 'csv' } });
    expect(csv.status, csv.text).toBe(200);
    const rows = parse(csv.text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.length).toBe(
      await count(sql`p.created_at between ${new Date(`${busy.day}T00:00:00.000+01:00`)} and ${new Date(`${busy.day}T23:59:59.999+01:00`)}`),
    );
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(['Time', 'Reference', 'Merchant', 'Terminal', 'Amount', 'Charge', 'Route', 'Code', 'RRN', 'Status', 'Settlement']),
    );
    for (const row of rows.slice(0, 50)) expect(row.Amount).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('one merchant’s payment logs', () => {
  it('lists only that merchant’s payments, and answers 404 for a merchant that does not exist', async () => {
    const page = await viewer.request<{ items: PaymentLog[]; total: number }>('GET', BY_BUSINESS(busy.businessId), { query: { status: 'FAILED' } });
    expect(page.status, page.text).toBe(200);
    expect(page.body.total).toBe(await count(sql`p.business_id = ${busy.businessId} and p.status = 'FAILED'`));
    expect(page.body.items.every((item) => item.businessId === busy.businessId && item.status === 'FAILED')).toBe(true);
    expect((await viewer.request('GET', BY_BUSINESS(999_999))).status).toBe(404);
  });
});

describe('a payment in full', () => {
  it('shows the band’s rule in words and the cumulation it settles in', async () => {
    const successful = (await viewer.request<{ items: PaymentLog[] }>('GET', LIST, { query: { status: 'SUCCESSFUL', channel: 'card', limit: '1' } })).body
      .items[0]!;
    const detail = await viewer.request('GET', DETAIL(successful.id));
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.payment.id).toBe(successful.id);
    expect(detail.body.chargeRule).toMatch(/%/);
    expect(detail.body.cumulation).toMatchObject({ id: successful.cumulationId, aggregator: false });
    expect(detail.body.cumulation.settlementDate).toBe(lagosDate(new Date(successful.createdAt)));
    expect((await viewer.request('GET', DETAIL(99_999_999))).status).toBe(404);
  });
});

describe('POS receipts', () => {
  it('finds the slip by terminal and RRN, or a terminal’s slips of a day', async () => {
    const one = (await viewer.request<{ items: PaymentLog[] }>('GET', LIST, { query: { channel: 'card', limit: '1' } })).body.items[0]!;
    const byRrn = await viewer.request('GET', RECEIPT, { query: { terminal_id: one.terminalId!, rrn: one.rrn } });
    expect(byRrn.status, byRrn.text).toBe(200);
    expect(byRrn.body.receipts).toHaveLength(1);
    expect(byRrn.body.receipts[0]).toMatchObject({ paymentId: one.id, maskedPan: one.maskedPan, approved: one.status === 'SUCCESSFUL', rrn: one.rrn });
    const day = lagosDate(new Date(one.createdAt));
    const byDay = await viewer.request('GET', RECEIPT, { query: { terminal_id: one.terminalId!, date: day } });
    expect(byDay.body.receipts.length).toBe(
      await count(
        sql`p.terminal_id = ${one.terminalId} and p.created_at between ${new Date(`${day}T00:00:00.000+01:00`)} and ${new Date(`${day}T23:59:59.999+01:00`)}`,
      ),
    );
    const neither = await viewer.request('GET', RECEIPT, { query: { terminal_id: one.terminalId! } });
    expect(neither.status).toBe(400);
    expect(JSON.stringify(neither.body)).toContain('rrn');
    expect((await viewer.request('GET', RECEIPT, { query: { terminal_id: 'short', rrn: one.rrn } })).status).toBe(400);
  });
});

describe('permissions', () => {
  it('refuses an admin without payments.view', async () => {
    const other = await t.actor({ role: 'staff', permissions: ['wallets.view'] });
    expect((await other.request('GET', LIST)).status).toBe(403);
    expect((await other.request('GET', RECEIPT, { query: { terminal_id: '2044LA1K', rrn: '000000000001' } })).status).toBe(403);
  });
});
