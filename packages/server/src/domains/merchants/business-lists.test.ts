import { businessCommands, listSettlementAccounts, type AnyCommand } from '@traction/core';
import { createClient, memoryStore, STORAGE_KEYS } from '@traction/core/client';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertWallet } from '../../test/merchant-fixtures';
import { recordBusinessEvents } from './business-events.repository';
import { businessSummaryQuery, startsWith } from './businesses.repository';
import { auditRows, insertBankAccount, insertBusinessUser, insertSupportIssue } from '../../test/merchant-rows';

let t: TestApp;
let boss: Actor;
let viewer: Actor;
let support: Actor;
let nobody: Actor;

beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin', email: 'boss@traction.ng' });
  viewer = await t.actor({ permissions: ['merchants.view'] });
  support = await t.actor({ permissions: ['merchants.support'] });
  nobody = await t.actor({ permissions: [] });
});
afterAll(() => t.close());

const names = (body: { items: { name?: string; businessName?: string }[] }) => body.items.map((row) => row.name ?? row.businessName);
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

describe('the merchants list', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const lagos = await insertBusiness(t.db, {
      name: 'Adaeze Fabrics',
      email: 'sales@adaeze.ng',
      state_code: 'LA',
      category: 'FASHION',
      created_at: at('2026-10-01'),
    });
    const kano = await insertBusiness(t.db, {
      name: 'Kano Grains',
      email: 'ada@kanograins.ng',
      state_code: 'KN',
      category: 'AGRICULTURE',
      is_fraud: true,
      created_at: at('2026-10-15'),
    });
    const exempt = await insertBusiness(t.db, {
      name: 'Exempt Pharmacy',
      email: 'rx@exempt.ng',
      state_code: 'FC',
      category: 'PHARMACY',
      bvn_exempt: true,
      created_at: at('2026-11-01'),
    });
    const literal = await insertBusiness(t.db, { name: '100%_Pure Water', email: 'pure@water.ng', created_at: at('2026-11-02') });
    await insertWallet(t.db, lagos.id);
    await insertWallet(t.db, kano.id, { status: 'PND' });
    ids = { lagos: lagos.id, kano: kano.id, exempt: exempt.id, literal: literal.id };
  });

  const list = (query: Record<string, string> = {}) => viewer.request('GET', '/v1/businesses/admin/getallbusinesses', { query });

  it('searches the start of the name or of the email, any case', async () => {
    expect(names((await list({ search: 'ADA' })).body)).toEqual(['Kano Grains', 'Adaeze Fabrics']);
    expect(names((await list({ search: 'rx@' })).body)).toEqual(['Exempt Pharmacy']);
    expect(names((await list({ search: 'Fabrics' })).body)).toEqual([]);
  });

  it('matches % and _ literally', async () => {
    expect(names((await list({ search: '100%_' })).body)).toEqual(['100%_Pure Water']);
    expect((await list({ search: '%' })).body.total).toBe(0);
    expect((await list({ search: '_' })).body.total).toBe(0);
  });

  it('filters by state, category, fraud, KYC override, wallet and creation date', async () => {
    expect(names((await list({ state: 'KN' })).body)).toEqual(['Kano Grains']);
    expect(names((await list({ category: 'fashion' })).body)).toEqual(['Adaeze Fabrics']);
    expect(names((await list({ is_fraud: 'true' })).body)).toEqual(['Kano Grains']);
    expect(names((await list({ kyc_override: 'true' })).body)).toEqual(['Exempt Pharmacy']);
    expect(names((await list({ has_wallet: 'true' })).body)).toEqual(['Kano Grains', 'Adaeze Fabrics']);
    expect(names((await list({ has_wallet: 'false', search: 'e' })).body)).toEqual(['Exempt Pharmacy']);
    expect(names((await list({ startdatetime: '2026-10-10', enddatetime: '2026-11-01' })).body)).toEqual(['Exempt Pharmacy', 'Kano Grains']);
    const row = (await list({ search: 'kano' })).body.items[0];
    expect(row).toMatchObject({ id: ids.kano, state: 'Kano', stateCode: 'KN', walletStatus: 'PND', isFraud: true, isTrusted: false, kycExempt: false });
  });

  it('names the field of a bad filter', async () => {
    for (const [field, value] of [
      ['state', 'ZZ'],
      ['is_fraud', 'maybe'],
      ['startdatetime', 'yesterday'],
      ['category', 'bad code'],
    ] as const) {
      const answer = await list({ [field]: value });
      expect(answer.status, `${field}=${value}`).toBe(400);
      expect(answer.body.details.fields[0].field).toBe(field);
    }
  });

  it('downloads every matching row as CSV with the list columns', async () => {
    const answer = await list({ download: 'csv', state: 'KN' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toMatch(/merchants-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csvLines(answer.text);
    expect(lines[0]).toBe('ID,Name,Email,Phone,State,Category,Fraud,Trusted,KYC exempt,Wallet,Created');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${ids.kano},Kano Grains,ada@kanograins.ng`);
    expect(lines[1]).toContain(',Kano,AGRICULTURE,true,false,false,PND,2026-10-15T12:00:00.000Z');
  });

  it('lets the database answer a prefix search from the lower(name) and lower(email) indexes', async () => {
    const compiled = businessSummaryQuery(t.db)
      .where((eb) => eb.or([startsWith('b.name', 'ada'), startsWith('b.email', 'ada')]))
      .orderBy('b.id', 'desc')
      .limit(100)
      .compile();
    // Told to avoid sequential scans, the planner still uses one when no index fits the condition.
    const plan = await t.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('businesses_name_prefix');
    expect(plan).toContain('businesses_email_prefix');
    expect(plan).not.toMatch(/Seq Scan on businesses/);
  });

  it('refuses an admin without merchants.view', async () => {
    expect((await nobody.request('GET', '/v1/businesses/admin/getallbusinesses')).status).toBe(403);
  });
});

describe('merchant users', () => {
  it('lists business users with search on email or name, business and role filters, and CSV', async () => {
    const business = await insertBusiness(t.db, { name: 'Users Ltd' });
    await insertBusinessUser(t.db, business.id, { email: 'ngozi@users.ng', first_name: 'Ngozi', last_name: 'Eze', role: 'owner', password_hash: 'x' });
    await insertBusinessUser(t.db, business.id, { email: 'cashier@users.ng', first_name: 'Musa', last_name: 'Bello', role: 'cashier' });
    const list = (query: Record<string, string>) => viewer.request('GET', '/v1/businesses/users/', { query });
    const byEmail = await list({ search: 'NGOZI@' });
    expect(byEmail.body.items).toEqual([expect.objectContaining({ email: 'ngozi@users.ng', businessName: 'Users Ltd', role: 'owner', status: 'active' })]);
    expect((await list({ search: 'musa b' })).body.items.map((u: { email: string }) => u.email)).toEqual(['cashier@users.ng']);
    expect((await list({ search: 'bello' })).body.items.map((u: { email: string }) => u.email)).toEqual(['cashier@users.ng']);
    expect((await list({ businessId: String(business.id), role: 'cashier' })).body.items).toEqual([
      expect.objectContaining({ status: 'invited', firstName: 'Musa' }),
    ]);
    const csv = await list({ businessId: String(business.id), download: 'csv' });
    expect(csvLines(csv.text)).toHaveLength(3);
    expect(csvLines(csv.text)[0]).toBe('ID,First name,Last name,Email,Phone,Role,Business,Status,Last sign-in,Joined');
    const badRole = await list({ role: 'boss' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.details.fields[0].field).toBe('role');
    expect((await nobody.request('GET', '/v1/businesses/users/')).status).toBe(403);
  });
});

describe("a sales agent's businesses", () => {
  it('lists the businesses an agent brought in, by their email in any case, with CSV', async () => {
    await insertBusiness(t.db, { name: 'Agent One Shop', sales_agent_email: 'tunde@traction.ng' });
    await insertBusiness(t.db, { name: 'Agent Two Shop', sales_agent_email: 'Tunde@Traction.ng' });
    await insertBusiness(t.db, { name: 'Other Agent Shop', sales_agent_email: 'bisi@traction.ng' });
    const answer = await viewer.request('GET', '/v1/businesses/salesagent/list-businesses', { query: { email: 'TUNDE@traction.ng' } });
    expect(answer.status).toBe(200);
    expect(names(answer.body)).toEqual(['Agent Two Shop', 'Agent One Shop']);
    const searched = await viewer.request('GET', '/v1/businesses/salesagent/list-businesses', { query: { email: 'tunde@traction.ng', search: 'agent two' } });
    expect(names(searched.body)).toEqual(['Agent Two Shop']);
    const csv = await viewer.request('GET', '/v1/businesses/salesagent/list-businesses', { query: { email: 'tunde@traction.ng', download: 'csv' } });
    expect(csvLines(csv.text)).toHaveLength(3);
    const missing = await viewer.request('GET', '/v1/businesses/salesagent/list-businesses');
    expect(missing.status).toBe(400);
    expect(missing.body.details.fields[0].field).toBe('email');
    expect((await nobody.request('GET', '/v1/businesses/salesagent/list-businesses', { query: { email: 'tunde@traction.ng' } })).status).toBe(403);
  });
});

describe('settlement and bank accounts', () => {
  let settled: { id: number; account_number: string };
  let businessId: number;
  beforeAll(async () => {
    const business = await insertBusiness(t.db, { name: 'Settled Traders' });
    const other = await insertBusiness(t.db, { name: 'Zobo Drinks' });
    businessId = business.id;
    settled = await insertBankAccount(t.db, business.id, { is_settlement: true, created_at: new Date('2026-11-10T10:00:00Z') });
    await insertBankAccount(t.db, business.id, { bank_code: '044', bank_name: 'Access Bank' });
    await insertBankAccount(t.db, other.id, { is_settlement: true, bank_code: '044', bank_name: 'Access Bank', created_at: new Date('2026-09-01T10:00:00Z') });
  });

  it('lists settlement accounts through POST with the filters in the body', async () => {
    const all = await viewer.request('POST', '/v1/payments/settlementaccount/business', { body: {} });
    expect(all.status, all.text).toBe(200);
    expect(all.body.items.every((a: { isSettlement: boolean }) => a.isSettlement)).toBe(true);
    expect(names(all.body)).toEqual(['Zobo Drinks', 'Settled Traders']);
    expect(names((await viewer.request('POST', '/v1/payments/settlementaccount/business', { body: { bankCode: '044' } })).body)).toEqual(['Zobo Drinks']);
    expect(names((await viewer.request('POST', '/v1/payments/settlementaccount/business', { body: { search: 'settled' } })).body)).toEqual(['Settled Traders']);
    const byNumber = await viewer.request('POST', '/v1/payments/settlementaccount/business', { body: { search: settled.account_number.slice(0, 6) } });
    expect(byNumber.body.items.map((a: { id: number }) => a.id)).toContain(settled.id);
    const dated = await viewer.request('POST', '/v1/payments/settlementaccount/business', { body: { startdatetime: '2026-11-01', enddatetime: '2026-11-30' } });
    expect(names(dated.body)).toEqual(['Settled Traders']);
    expect(dated.body.items[0]).toMatchObject({ businessId, accountNumber: settled.account_number, bankName: 'Guaranty Trust Bank' });
  });

  it('takes page and download=csv in the query string as the spec writes them, or in the body as the client sends them', async () => {
    const fromQuery = await viewer.request('POST', '/v1/payments/settlementaccount/business', { query: { download: 'csv' }, body: { bankCode: '044' } });
    expect(fromQuery.headers.get('content-type')).toContain('text/csv');
    expect(csvLines(fromQuery.text)).toEqual([
      'Business,Account name,Account number,Bank,Bank code,Settlement,Verified,Added',
      expect.stringContaining('Zobo Drinks'),
    ]);
    const fromBody = await viewer.request('POST', '/v1/payments/settlementaccount/business', { body: { download: 'csv', bankCode: '044' } });
    expect(fromBody.text).toBe(fromQuery.text);
    const page2 = await viewer.request('POST', '/v1/payments/settlementaccount/business', { query: { page: '2' }, body: {} });
    expect(page2.body).toMatchObject({ page: 2, items: [] });
    const bad = await viewer.request('POST', '/v1/payments/settlementaccount/business', { body: { bankCode: 'GTB' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('bankCode');
  });

  it('works through the typed client the console and the CLI use: a page, and the CSV download', async () => {
    const client = createClient({
      baseURL: 'http://traction.test',
      store: memoryStore({ [STORAGE_KEYS.token]: viewer.token, [STORAGE_KEYS.deviceId]: viewer.deviceId }),
      fetch: async (input, init) => t.app.request(input instanceof Request ? input : String(input), init),
    });
    const page = await client.call(listSettlementAccounts, { bankCode: '044', page: 1 });
    expect(page).toMatchObject({ page: 1, total: 1, items: [expect.objectContaining({ businessName: 'Zobo Drinks' })] });
    const download = await client.download(listSettlementAccounts, { bankCode: '044' });
    expect(download.headers.get('content-disposition')).toMatch(/settlement-accounts-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csvLines(await download.text())).toHaveLength(2);
  });

  it('is a read: not audited and asking for no Idempotency-Key (a forbidden attempt is audited)', async () => {
    const before = (await auditRows(t.db, 'settlement-accounts.list')).length;
    expect(await viewer.request('POST', '/v1/payments/settlementaccount/business', { body: {} })).toMatchObject({ status: 200 });
    expect((await auditRows(t.db, 'settlement-accounts.list')).length).toBe(before);
    expect(await nobody.request('POST', '/v1/payments/settlementaccount/business', { body: {} })).toMatchObject({ status: 403 });
    const rows = await auditRows(t.db, 'settlement-accounts.list');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ outcome: '403' });
  });

  it('lists every bank account with search, bank and settlement filters, and CSV', async () => {
    const list = (query: Record<string, string>) => viewer.request('GET', '/v1/payments/accounts', { query });
    expect((await list({ search: 'settled' })).body.total).toBe(2);
    expect((await list({ search: 'settled', isSettlement: 'false' })).body.items).toEqual([
      expect.objectContaining({ bankName: 'Access Bank', isSettlement: false }),
    ]);
    expect((await list({ bankCode: '044' })).body.total).toBe(2);
    expect((await list({ businessId: String(businessId) })).body.total).toBe(2);
    const csv = await list({ search: 'settled', download: 'csv' });
    expect(csvLines(csv.text)).toHaveLength(3);
    expect((await nobody.request('GET', '/v1/payments/accounts')).status).toBe(403);
  });
});

describe('business logs', () => {
  it('lists the history of every business with kind, business, name and date filters, admin names, and CSV', async () => {
    const first = await insertBusiness(t.db, { name: 'Logged Bakery' });
    const second = await insertBusiness(t.db, { name: 'Other Logged' });
    await recordBusinessEvents(t.db, [
      { businessId: first.id, kind: 'fraud.marked', message: 'Marked as fraud', adminId: boss.id, at: new Date('2026-11-10T10:00:00Z') },
      { businessId: first.id, kind: 'fraud.cleared', message: 'Fraud cleared', adminId: boss.id, at: new Date('2026-11-12T10:00:00Z') },
      { businessId: second.id, kind: 'wallet.status', message: 'Wallet PND', adminId: null, at: new Date('2026-11-12T11:00:00Z') },
    ]);
    const list = (query: Record<string, string>) => viewer.request('GET', '/v1/businesses/logs', { query });
    const bakery = await list({ search: 'logged b' });
    expect(bakery.body.items.map((e: { message: string }) => e.message)).toEqual(['Fraud cleared', 'Marked as fraud']);
    expect(bakery.body.items[0]).toMatchObject({
      businessId: first.id,
      businessName: 'Logged Bakery',
      adminEmail: 'boss@traction.ng',
      adminName: expect.any(String),
      kind: 'fraud.cleared',
    });
    expect((await list({ kind: 'wallet.status' })).body.items).toEqual([expect.objectContaining({ businessId: second.id, adminName: null })]);
    expect((await list({ businessId: String(first.id), startdatetime: '2026-11-11', enddatetime: '2026-11-12' })).body.total).toBe(1);
    const csv = await list({ search: 'logged', download: 'csv' });
    expect(csvLines(csv.text)[0]).toBe('Time,Business,Event,What happened,By,Admin email');
    expect(csvLines(csv.text)).toHaveLength(3);
    expect(csvLines(csv.text)[1]).toMatch(/^2026-11-12T10:00:00.000Z,Logged Bakery,fraud.cleared,Fraud cleared,/);
    const badKind = await list({ kind: 'business.exploded' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.details.fields[0].field).toBe('kind');
    expect((await nobody.request('GET', '/v1/businesses/logs')).status).toBe(403);
  });
});

describe('support issues', () => {
  it('lists issues with status, channel, business, search and date filters and CSV, for merchants.support only', async () => {
    const business = await insertBusiness(t.db, { name: 'Needy Stores' });
    await insertSupportIssue(t.db, business.id, {
      subject: 'Settlement delayed',
      status: 'OPEN',
      channel: 'WHATSAPP',
      created_at: new Date('2026-11-05T10:00:00Z'),
    });
    await insertSupportIssue(t.db, business.id, {
      subject: 'Receipt paper',
      status: 'RESOLVED',
      resolved_at: new Date('2026-11-07T10:00:00Z'),
      created_at: new Date('2026-11-06T10:00:00Z'),
    });
    const list = (query: Record<string, string>) => support.request('GET', '/v1/businesses/support_issues', { query });
    expect((await list({ businessId: String(business.id) })).body.total).toBe(2);
    expect((await list({ status: 'OPEN', businessId: String(business.id) })).body.items).toEqual([
      expect.objectContaining({ subject: 'Settlement delayed', channel: 'WHATSAPP', businessName: 'Needy Stores' }),
    ]);
    expect((await list({ search: 'delayed' })).body.total).toBe(1);
    expect((await list({ search: 'needy' })).body.total).toBe(2);
    expect((await list({ channel: 'WHATSAPP', businessId: String(business.id) })).body.total).toBe(1);
    expect((await list({ businessId: String(business.id), startdatetime: '2026-11-06', enddatetime: '2026-11-06' })).body.items).toEqual([
      expect.objectContaining({ subject: 'Receipt paper', resolvedAt: '2026-11-07T10:00:00.000Z' }),
    ]);
    const csv = await list({ businessId: String(business.id), download: 'csv' });
    expect(csvLines(csv.text)).toHaveLength(3);
    expect((await viewer.request('GET', '/v1/businesses/support_issues')).status).toBe(403);
  });
});

describe('features', () => {
  it('lists business types in display order for any signed-in admin, and names a bad category', async () => {
    const answer = await nobody.request('GET', '/v1/features', { query: { category: 'BUSINESS_TYPES' } });
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]).toEqual({ code: 'RETAIL', label: 'Retail shop' });
    expect(answer.body.items.at(-1)).toEqual({ code: 'OTHER', label: 'Other' });
    expect(answer.body.items.length).toBeGreaterThan(10);
    const bad = await nobody.request('GET', '/v1/features', { query: { category: 'COLOURS' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('category');
    expect((await t.request('GET', '/v1/features', { query: { category: 'BUSINESS_TYPES' } })).status).toBe(401);
  });
});

describe('permissions of the directory', () => {
  const guarded = (businessCommands as readonly AnyCommand[]).filter((command) => command.permission !== null);
  const pathOf = (command: AnyCommand) => command.path.replace(/\{[A-Za-z_]+\}/g, (name) => (name === '{id}' ? '1' : 'abc'));

  it.each(guarded.map((command) => [command.id, command] as const))(
    '%s answers 403 to an admin without its permission and changes nothing',
    async (_id, command) => {
      const business = await insertBusiness(t.db);
      await insertBusinessUser(t.db, business.id, { email: 'guarded@example.ng' });
      const before = await t.snapshot();
      const answer = await nobody.request(command.method, pathOf(command).replace('/1', `/${business.id}`), {
        ...(command.method === 'GET'
          ? { query: { email: 'guarded@example.ng', category: 'BUSINESS_TYPES' } }
          : { body: { ownerEmail: 'guarded@example.ng', businessName: 'X', category: 'RETAIL', state: 'LA' } }),
      });
      expect(answer.status).toBe(403);
      expect(answer.body.details).toMatchObject({ reason: 'missing_permission', permission: command.permission });
      expect(await t.snapshot()).toEqual(before);
    },
  );
});
