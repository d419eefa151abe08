import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

const PATHS = {
  users: '/v1/auth/reports/getusers',
  businesses: '/v1/businesses/reports/getallbusinesses',
  sales: '/v1/sales/reports/getallsales/',
  invoices: '/v1/invoices/admin/report/getallinvoices',
  orders: '/v1/orders/admin/reports/getallorders',
  stores: '/v1/stores/reports/allonlinestores',
  products: '/v1/businesses/reports/getallproducts',
} as const;

let t: TestApp;
let viewer: Actor;
let outsider: Actor;
const ids: Record<string, number> = {};
/** Keeps inserted rows' ids under these names, in order. */
function remember(names: readonly string[], rows: readonly { id: number }[]): void {
  for (const [i, name] of names.entries()) ids[name] = rows[i]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = await t.actor({ role: 'staff', permissions: ['datasets.view'] });
  outsider = await t.actor({ role: 'staff', permissions: ['merchants.view'] });
  ids.shop = (await insertBusiness(t.db, { name: 'Mama Nkechi Provisions', state_code: 'LA', created_at: new Date('2026-03-02T09:00:00.000Z') })).id;
  ids.pharmacy = (
    await insertBusiness(t.db, { name: 'Zenith Pharmacy Kano', state_code: 'KN', category: 'PHARMACY', created_at: new Date('2026-06-10T09:00:00.000Z') })
  ).id;
  const users = await t.db
    .insertInto('business_users')
    .values([
      {
        business_id: ids.shop,
        email: 'nkechi@mamanp.ng',
        first_name: 'Nkechi',
        last_name: 'Obi',
        phone: '+2348031110001',
        role: 'owner',
        password_hash: 'x',
        created_at: new Date('2026-03-02T09:05:00.000Z'),
      },
      {
        business_id: ids.pharmacy,
        email: 'musa@zenith.ng',
        first_name: 'Musa',
        last_name: 'Bello',
        phone: '+2348031110002',
        role: 'cashier',
        password_hash: null,
        created_at: new Date('2026-06-10T09:05:00.000Z'),
      },
    ])
    .returning('id')
    .execute();
  remember(['nkechi', 'musa'], users);
  const store = await t.db
    .insertInto('online_stores')
    .values({ business_id: ids.shop, name: 'Mama Nkechi Online', slug: 'mama-nkechi', status: 'ACTIVE', created_at: new Date('2026-04-01T10:00:00.000Z') })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.store = store.id;
  const products = await t.db
    .insertInto('products')
    .values([
      {
        business_id: ids.shop,
        online_store_id: ids.store,
        name: 'Indomie Chicken 70g (carton)',
        sku: 'IND-70',
        category: 'Groceries',
        price: 780_000,
        stock: 12,
      },
      { business_id: ids.pharmacy, online_store_id: null, name: 'Paracetamol (pack)', sku: 'PCM-1', category: 'Pharmacy', price: 50_000, stock: 0 },
    ])
    .returning('id')
    .execute();
  remember(['noodles', 'paracetamol'], products);
  const sales = await t.db
    .insertInto('sales')
    .values([
      {
        business_id: ids.shop,
        product_id: ids.noodles,
        quantity: 2,
        payment_method: 'CASH',
        amount: 1_560_000,
        created_at: new Date('2026-11-01T08:00:00.000Z'),
      },
      { business_id: ids.pharmacy, product_id: null, quantity: 1, payment_method: 'CARD', amount: 123_450, created_at: new Date('2026-11-20T12:00:00.000Z') },
      { business_id: ids.shop, product_id: null, quantity: 1, payment_method: 'TRANSFER', amount: 500_000, created_at: new Date('2025-12-24T12:00:00.000Z') },
    ])
    .returning('id')
    .execute();
  remember(['saleCash', 'saleCard', 'saleOld'], sales);
  const invoices = await t.db
    .insertInto('invoices')
    .values([
      {
        business_id: ids.shop,
        number: 'INV-00001',
        customer_name: 'Ada Eze',
        customer_email: 'ada@example.ng',
        status: 'PAID',
        amount: 2_500_000,
        due_date: '2026-11-15',
        paid_at: new Date('2026-11-10T10:00:00.000Z'),
        created_at: new Date('2026-11-01T10:00:00.000Z'),
      },
      {
        business_id: ids.pharmacy,
        number: 'INV-00002',
        customer_name: 'Tunde Bakare',
        customer_email: null,
        status: 'OVERDUE',
        amount: 75_000,
        due_date: '2026-11-05',
        paid_at: null,
        created_at: new Date('2026-10-20T10:00:00.000Z'),
      },
    ])
    .returning('id')
    .execute();
  remember(['paidInvoice', 'overdueInvoice'], invoices);
  const order = await t.db
    .insertInto('online_orders')
    .values({
      online_store_id: ids.store,
      business_id: ids.shop,
      reference: 'ORD-0000000001',
      customer_name: 'Chioma Nwosu',
      customer_phone: '+2349021110003',
      status: 'PENDING',
      channel: 'WHATSAPP',
      total: 780_000,
      created_at: new Date('2026-11-18T10:00:00.000Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.order = order.id;
}, 120_000);
afterAll(() => t.close());

type Rows = { items: { id: number }[]; total: number };
async function list(path: string, query: Record<string, string> = {}): Promise<number[]> {
  const response = await viewer.request<Rows>('GET', path, { query });
  expect(response.status, response.text).toBe(200);
  return response.body.items.map((item) => item.id);
}

describe('the datasets', () => {
  it('list sales newest first, filtered by payment method, merchant, state and dates', async () => {
    expect(await list(PATHS.sales)).toEqual([ids.saleOld, ids.saleCard, ids.saleCash].sort((a, b) => b! - a!));
    expect(await list(PATHS.sales, { paymentMethod: 'CARD' })).toEqual([ids.saleCard]);
    expect(await list(PATHS.sales, { businessId: String(ids.shop) })).toEqual([ids.saleOld, ids.saleCash]);
    expect(await list(PATHS.sales, { stateCode: 'KN' })).toEqual([ids.saleCard]);
    expect(await list(PATHS.sales, { search: 'zenith' })).toEqual([ids.saleCard]);
    expect(await list(PATHS.sales, { startdatetime: '2026-11-01', enddatetime: '2026-11-30' })).toEqual([ids.saleCard, ids.saleCash]);
    const [row] = (await viewer.request<{ items: Record<string, unknown>[] }>('GET', PATHS.sales, { query: { paymentMethod: 'CASH' } })).body.items;
    expect(row).toMatchObject({
      businessName: 'Mama Nkechi Provisions',
      productName: 'Indomie Chicken 70g (carton)',
      quantity: 2,
      amount: 1_560_000,
      state: 'Lagos',
    });
  });

  it('list users, businesses, invoices, orders, stores and products with their filters', async () => {
    expect(await list(PATHS.users, { role: 'cashier' })).toEqual([ids.musa]);
    expect(await list(PATHS.users, { search: 'nkechi' })).toEqual([ids.nkechi]);
    const musa = (await viewer.request<{ items: Record<string, unknown>[] }>('GET', PATHS.users, { query: { stateCode: 'KN' } })).body.items;
    expect(musa).toEqual([expect.objectContaining({ id: ids.musa, status: 'invited', businessName: 'Zenith Pharmacy Kano' })]);
    expect(await list(PATHS.businesses, { stateCode: 'KN' })).toEqual([ids.pharmacy]);
    expect(await list(PATHS.businesses, { startdatetime: '2026-03-01', enddatetime: '2026-03-31' })).toEqual([ids.shop]);
    const [shop] = (await viewer.request<{ items: Record<string, unknown>[] }>('GET', PATHS.businesses, { query: { search: 'mama' } })).body.items;
    expect(shop).toMatchObject({ users: 1, onlineStores: 1, products: 1 });
    expect(await list(PATHS.invoices, { status: 'OVERDUE' })).toEqual([ids.overdueInvoice]);
    expect(await list(PATHS.invoices, { search: 'inv-00001' })).toEqual([ids.paidInvoice]);
    expect(await list(PATHS.orders, { channel: 'WHATSAPP', status: 'PENDING' })).toEqual([ids.order]);
    expect(await list(PATHS.orders, { status: 'DELIVERED' })).toEqual([]);
    expect(await list(PATHS.stores, { status: 'ACTIVE', stateCode: 'LA' })).toEqual([ids.store]);
    expect(await list(PATHS.products, { search: 'pcm-1' })).toEqual([ids.paracetamol]);
    expect(await list(PATHS.products, { businessId: String(ids.shop) })).toEqual([ids.noodles]);
  });

  it.each([
    [PATHS.sales, '2025-01-01', '2026-01-03'],
    [PATHS.orders, '2025-01-01', '2026-01-03'],
    [PATHS.invoices, '2025-01-01', '2026-01-03'],
  ])('%s refuses a range of more than 366 days, naming enddatetime', async (path, startdatetime, enddatetime) => {
    const answer = await viewer.request('GET', path, { query: { startdatetime, enddatetime } });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('enddatetime');
    expect(answer.text).toContain('366 days');
    expect((await viewer.request('GET', path, { query: { startdatetime, enddatetime: '2025-12-31' } })).status).toBe(200);
  });

  it('refuses a range that ends before it starts', async () => {
    const answer = await viewer.request('GET', PATHS.users, { query: { startdatetime: '2026-11-02', enddatetime: '2026-11-01' } });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('must not be before startdatetime');
  });

  it.each(Object.values(PATHS))('%s needs datasets.view', async (path) => {
    expect((await outsider.request('GET', path)).status).toBe(403);
  });

  it('downloads the filtered sales as CSV, money in Naira and the header from the contract', async () => {
    const csv = await viewer.request('GET', PATHS.sales, {
      query: { download: 'csv', startdatetime: '2026-11-01', enddatetime: '2026-11-30' },
      headers: { prefer: 'csv-plain' },
    });
    expect(csv.status, csv.text).toBe(200);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('Sale #,Sold,Merchant,Product,Qty,Paid by,Amount,State');
    expect(lines.slice(1)).toEqual([
      `${ids.saleCard},2026-11-20T12:00:00.000Z,Zenith Pharmacy Kano,,1,CARD,1234.50,Kano`,
      `${ids.saleCash},2026-11-01T08:00:00.000Z,Mama Nkechi Provisions,Indomie Chicken 70g (carton),2,CASH,15600.00,Lagos`,
    ]);
    const invoices = await viewer.request('GET', PATHS.invoices, { query: { download: 'csv', status: 'PAID' } });
    expect(invoices.text).toContain('INV-00001');
    expect(invoices.text).not.toContain('INV-00002');
  });
});
