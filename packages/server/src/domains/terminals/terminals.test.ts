import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTerminals } from '../../demo/seed-terminals';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

const LIST = '/v1/stores/admin/terminal/list';
const ADD = '/v1/stores/admin/addterminal';
const ONE = (id: number) => `/v1/stores/getterminal/${id}`;
const EDIT = (id: number) => `/v1/stores/admin/terminal/${id}`;
const MOVE = (id: number) => `/v1/stores/admin/terminal/${id}/state`;
const HISTORY = (id: number) => `/v1/admin/terminal/terminal-history/${id}`;

let t: TestApp;
let manager: Actor;
let viewer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
  for (const name of ['Terminal Alpha Stores', 'Terminal Beta Kiosk', 'Terminal Gamma Pharmacy']) await insertBusiness(t.db, { name });
  await seedTerminals(t.db, { count: 300 });
});
afterAll(() => t.close());

const add = (body: Record<string, unknown>) => manager.request('POST', ADD, { body });

describe('the terminal inventory', () => {
  it('lists the fleet in every state, by state, provider and search', async () => {
    const all = await viewer.request('GET', LIST);
    expect(all.status, all.text).toBe(200);
    expect(all.body.total).toBe(300);
    expect(all.body.items).toHaveLength(100);
    const deployed = await viewer.request('GET', LIST, { query: { state: 'DEPLOYED' } });
    expect(deployed.body.total).toBeGreaterThan(0);
    for (const row of deployed.body.items) expect(row).toMatchObject({ state: 'DEPLOYED', businessName: expect.any(String) });
    const stock = await viewer.request('GET', LIST, { query: { state: 'IN_STOCK', provider: 'PAX' } });
    for (const row of stock.body.items) expect(row).toMatchObject({ state: 'IN_STOCK', provider: 'PAX', businessId: null });
    const one = all.body.items[0];
    const bySerial = await viewer.request('GET', LIST, { query: { search: one.serialNo.toLowerCase() } });
    expect(bySerial.body.items.map((row: { id: number }) => row.id)).toEqual([one.id]);
    const byTid = await viewer.request('GET', LIST, { query: { search: one.terminalId } });
    expect(byTid.body.items.map((row: { id: number }) => row.id)).toEqual([one.id]);
  });

  it('adds a terminal to stock, pads a numeric serial, and refuses a serial or TID already held', async () => {
    const made = await add({ serialNo: '7', terminalId: '2tst0001', provider: 'Nexgo', model: 'N86', bankCode: '058' });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ serialNo: '007', terminalId: '2TST0001', state: 'IN_STOCK', bankName: 'Guaranty Trust Bank' });
    const sameSerial = await add({ serialNo: '007', terminalId: '2TST0002', provider: 'Nexgo', model: 'N86', bankCode: '058' });
    expect(sameSerial.status).toBe(409);
    expect(sameSerial.body).toMatchObject({ details: { field: 'serialNo', terminal: made.body.id } });
    const sameTid = await add({ serialNo: 'NEX-9', terminalId: '2TST0001', provider: 'Nexgo', model: 'N86', bankCode: '058' });
    expect(sameTid.status).toBe(409);
    expect(sameTid.body.details.field).toBe('terminalId');
    const badTid = await add({ serialNo: 'NEX-10', terminalId: 'ABC', provider: 'Nexgo', model: 'N86', bankCode: '058' });
    expect(badTid.status).toBe(400);
    expect(badTid.body.details.fields[0].field).toBe('terminalId');
    const unknownProvider = await add({ serialNo: 'NEX-11', terminalId: '2TST0011', provider: 'Acme', model: 'X', bankCode: '058' });
    expect(unknownProvider.status).toBe(400);
    expect(unknownProvider.body.details.fields[0].field).toBe('provider');
  });

  it('moves a terminal only as its state allows, naming the state when it refuses, and keeps every move in its history', async () => {
    const made = await add({ serialNo: 'PAX-MOVE-1', terminalId: '2TST0100', provider: 'PAX', model: 'S90', bankCode: '033' });
    const id = made.body.id as number;
    const shown = await viewer.request('GET', ONE(id));
    expect(shown.body.nextStates).toEqual(['FAULTY', 'DECOMMISSIONED']);
    const deploy = await manager.request('POST', MOVE(id), { body: { state: 'DEPLOYED', note: 'Straight to the field' } });
    expect(deploy.status).toBe(409);
    expect(deploy.body).toMatchObject({ details: { reason: 'illegal_state', state: 'IN_STOCK' } });
    expect(deploy.body.message).toContain('in stock');
    const faulty = await manager.request('POST', MOVE(id), { body: { state: 'FAULTY', note: 'Screen cracked' } });
    expect(faulty.status, faulty.text).toBe(200);
    expect(faulty.body.state).toBe('FAULTY');
    const gone = await manager.request('POST', MOVE(id), { body: { state: 'DECOMMISSIONED', note: 'Beyond repair' } });
    expect(gone.body.state).toBe('DECOMMISSIONED');
    const after = await manager.request('POST', MOVE(id), { body: { state: 'IN_STOCK', note: 'Found a part' } });
    expect(after.status).toBe(409);
    expect(after.body.message).toContain('cannot move any more');

    const history = await viewer.request('GET', HISTORY(id));
    expect(history.body.items.map((event: { summary: string }) => event.summary)).toEqual(['Faulty → Decommissioned', 'In stock → Faulty', 'Added to stock']);
    expect(history.body.items[0]).toMatchObject({ type: 'state', note: 'Beyond repair', fromState: 'FAULTY', toState: 'DECOMMISSIONED' });
    const states = await viewer.request('GET', HISTORY(id), { query: { terminalHistoryType: 'location' } });
    expect(states.body.items).toEqual([]);
  });

  it('retrieves a deployed terminal from its merchant, and records the location it is given', async () => {
    const deployed = (await viewer.request('GET', LIST, { query: { state: 'DEPLOYED' } })).body.items[0];
    const back = await manager.request('POST', MOVE(deployed.id), { body: { state: 'RETRIEVED', note: 'Merchant closed the shop' } });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ state: 'RETRIEVED', businessId: null, storeId: null });
    const placed = await manager.request('PATCH', EDIT(deployed.id), { body: { location: 'Ikeja warehouse, shelf 4' } });
    expect(placed.body.location).toBe('Ikeja warehouse, shelf 4');
    const history = await viewer.request('GET', HISTORY(deployed.id));
    const kinds = history.body.items.map((event: { type: string }) => event.type);
    expect(kinds.slice(0, 3)).toEqual(['location', 'mapping', 'state']);
    expect(history.body.items[1]).toMatchObject({ summary: 'Unmapped from its merchant', businessName: deployed.businessName });
  });

  it('is read with terminals.view and changed only with terminals.manage', async () => {
    const refused = await viewer.request('POST', ADD, { body: { serialNo: 'VIEW-1', terminalId: '2TST0200', provider: 'PAX', model: 'S90', bankCode: '058' } });
    expect(refused.status).toBe(403);
    const stranger = await t.actor({ role: 'staff', permissions: [] });
    expect((await stranger.request('GET', LIST)).status).toBe(403);
    expect((await viewer.request('GET', ONE(999_999))).status).toBe(404);
  });

  it('names the providers with their models and the acquiring banks', async () => {
    const providers = await viewer.request('GET', '/v1/stores/listterminalprovidernames');
    expect(providers.body.items).toContainEqual({ name: 'PAX', models: ['S90', 'A80', 'A920 Pro'] });
    const banks = await viewer.request('GET', '/v1/stores/listbanknames');
    expect(banks.body.items).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
  });
});

describe('terminal prices', () => {
  const PRICES = '/v1/stores/listterminalprice';
  it('lists a price per model and plan, refuses a second, and keeps every change with who and why', async () => {
    const pricer = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.pricing'] });
    const listed = await viewer.request('GET', PRICES, { query: { provider: 'PAX' } });
    expect(listed.status, listed.text).toBe(200);
    const s90 = listed.body.items.find((row: { model: string; plan: string }) => row.model === 'S90' && row.plan === 'OUTRIGHT');
    expect(s90).toMatchObject({ provider: 'PAX', amount: 16_500_000, previousAmount: null });

    const again = await pricer.request('POST', '/v1/stores/addterminalprice', { body: { provider: 'PAX', model: 's90', plan: 'OUTRIGHT', amount: 100 } });
    expect(again.status).toBe(409);
    const unknown = await pricer.request('POST', '/v1/stores/addterminalprice', { body: { provider: 'PAX', model: 'Z1', plan: 'OUTRIGHT', amount: 100 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.fields[0].field).toBe('model');

    const changed = await pricer.request('POST', '/v1/stores/updateterminalprice', {
      body: { id: s90.id, amount: 17_500_000, reason: 'Supplier raised prices' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ amount: 17_500_000, previousAmount: 16_500_000 });
    const history = await viewer.request('GET', `/v1/stores/terminalprice/${s90.id}/history`);
    expect(history.body.items.map((row: { amount: number }) => row.amount)).toEqual([17_500_000, 16_500_000]);
    expect(history.body.items[0]).toMatchObject({ previousAmount: 16_500_000, reason: 'Supplier raised prices' });
    expect((await manager.request('POST', '/v1/stores/updateterminalprice', { body: { id: s90.id, amount: 1, reason: 'Not mine' } })).status).toBe(403);
  });
});

describe('mapping terminals to merchants', () => {
  const REASSIGN = '/v1/stores/admin/reassign_terminal';
  const UNMAP = '/v1/stores/admin/terminal_unmap';
  it('maps a terminal from stock, reassigns it, refuses a fraud merchant, unmaps it, and reads it all back in its history', async () => {
    const [first, second] = await t.db.selectFrom('businesses').select(['id', 'name']).where('is_fraud', '=', false).orderBy('id').limit(2).execute();
    const store = await t.db
      .insertInto('stores')
      .values({ business_id: second!.id, name: `${second!.name} (Yaba)`, state_code: 'LA' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const made = await add({ serialNo: 'MAP-0001', terminalId: '2MAP0001', provider: 'Topwise', model: 'T1', bankCode: '044' });
    const id = made.body.id as number;

    const mapped = await manager.request('PATCH', REASSIGN, { body: { terminal_id: '2map0001', business_id: first!.id } });
    expect(mapped.status, mapped.text).toBe(200);
    expect(mapped.body).toMatchObject({ state: 'ASSIGNED', businessId: first!.id });
    const wrongStore = await manager.request('PATCH', REASSIGN, { body: { terminal_id: '2MAP0001', business_id: first!.id, store_id: store.id } });
    expect(wrongStore.status).toBe(400);
    expect(wrongStore.body.details.fields[0].field).toBe('store_id');
    const moved = await manager.request('PATCH', REASSIGN, { body: { terminal_id: '2MAP0001', business_id: second!.id, store_id: store.id } });
    expect(moved.body).toMatchObject({ state: 'ASSIGNED', businessId: second!.id, storeId: store.id });

    await t.db.updateTable('businesses').set({ is_fraud: true }).where('id', '=', first!.id).execute();
    const fraud = await manager.request('PATCH', REASSIGN, { body: { terminal_id: '2MAP0001', business_id: first!.id } });
    expect(fraud.status).toBe(409);
    expect(fraud.body.details.reason).toBe('merchant_fraud');
    await t.db.updateTable('businesses').set({ is_fraud: false }).where('id', '=', first!.id).execute();

    const wrongSerial = await manager.request('PATCH', UNMAP, { body: { terminal_id: '2MAP0001', serial_no: 'MAP-0002', reason: 'Closed' } });
    expect(wrongSerial.status).toBe(400);
    expect(wrongSerial.body.details.fields[0].field).toBe('serial_no');
    const unmapped = await manager.request('PATCH', UNMAP, {
      body: { terminal_id: '2MAP0001', serial_no: 'map-0001', reason: 'Merchant asked for a newer model' },
    });
    expect(unmapped.status, unmapped.text).toBe(200);
    expect(unmapped.body).toMatchObject({ state: 'IN_STOCK', businessId: null, storeId: null });
    const twice = await manager.request('PATCH', UNMAP, { body: { terminal_id: '2MAP0001', serial_no: 'MAP-0001', reason: 'Again' } });
    expect(twice.status).toBe(409);

    const history = await viewer.request('GET', HISTORY(id), { query: { terminalHistoryType: 'mapping' } });
    expect(history.body.items.map((event: { summary: string }) => event.summary)).toEqual([
      `Unmapped from ${second!.name}`,
      `Reassigned from ${first!.name} to ${second!.name}`,
      `Mapped to ${first!.name}`,
    ]);
    const mappedOnly = await viewer.request('GET', LIST, { query: { mapped: 'true', search: 'MAP-0001' } });
    expect(mappedOnly.body.total).toBe(0);
  });
});
