import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type LooseBody, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

const LIST = '/v1/stores/listterminalrequest';
const ADD = '/v1/stores/addterminalrequest';
const ONE = (id: number) => `/v1/stores/terminalrequest/${id}`;
const EDIT = (id: number) => `/v1/stores/editterminalrequest/${id}`;
const MOVE = '/v1/stores/updateTerminalRequest';
const ADD_TERMINAL = '/v1/stores/admin/addterminal';

let t: TestApp;
let sales: Actor;
let approver: Actor;
let viewer: Actor;
let merchant: { id: number };
let fraudster: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  sales = await t.actor({ role: 'staff', permissions: ['terminal-requests.view', 'terminal-requests.manage', 'terminals.view', 'terminals.manage'] });
  approver = await t.actor({ role: 'staff', permissions: ['terminal-requests.view', 'terminal-requests.manage', 'terminal-requests.approve'] });
  viewer = await t.actor({ role: 'staff', permissions: ['terminal-requests.view'] });
  merchant = await insertBusiness(t.db, { name: 'Mama Put Kitchen' });
  fraudster = await insertBusiness(t.db, { name: 'Shady Ventures', is_fraud: true });
  await t.db.insertInto('terminal_prices').values({ provider: 'PAX', model: 'S90', plan: 'RENTAL', amount: 500_000n }).execute();
  for (const [serialNo, terminalId] of [
    ['REQ-PAX-1', '2REQ0001'],
    ['REQ-PAX-2', '2REQ0002'],
    ['REQ-PAX-3', '2REQ0003'],
  ])
    await sales.request('POST', ADD_TERMINAL, { body: { serialNo, terminalId, provider: 'PAX', model: 'S90', bankCode: '058' } });
});
afterAll(() => t.close());

const raise = (body: Record<string, unknown> = {}) =>
  sales.request('POST', ADD, {
    body: {
      source: 'TELESALES',
      business_id: merchant.id,
      contactName: 'Ada Obi',
      contactPhone: '08031234567',
      deliveryAddress: '12 Allen Avenue, Ikeja',
      stateCode: 'LA',
      quantity: 2,
      provider: 'PAX',
      model: 's90',
      plan: 'RENTAL',
      ...body,
    },
  });
const move = (as: Actor, requestId: number, status: string, extra: Record<string, unknown> = {}) =>
  as.request('POST', MOVE, { body: { requestId, status, ...extra } });

describe('terminal requests', () => {
  it('takes a telesales request through approval, payment, assignment, dispatch, delivery and deployment, logging each change', async () => {
    const raised = await raise();
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body).toMatchObject({ source: 'TELESALES', status: 'REQUESTED', model: 'S90', amount: 1_000_000, businessName: 'Mama Put Kitchen' });
    const id = raised.body.id as number;

    const notMine = await move(sales, id, 'APPROVED');
    expect(notMine.status).toBe(403);
    const skipping = await move(approver, id, 'ASSIGNED');
    expect(skipping.status).toBe(409);
    expect(skipping.body.message).toBe(`Request #${id} is requested: it can become approved or declined, not terminal assigned`);
    expect((await move(approver, id, 'APPROVED', { note: 'Good volume' })).body.status).toBe('APPROVED');
    expect((await move(sales, id, 'ON_LOAN')).status).toBe(409);
    expect((await move(sales, id, 'PAID')).body.status).toBe('PAID');

    const oneShort = await move(sales, id, 'ASSIGNED', { terminalIds: ['2REQ0001'] });
    expect(oneShort.status).toBe(400);
    expect(oneShort.body.details.fields[0]).toEqual({ field: 'terminalIds', message: 'must name exactly 2 terminals' });
    const assigned = await move(sales, id, 'ASSIGNED', { terminalIds: ['2REQ0001', '2req0002'] });
    expect(assigned.status, assigned.text).toBe(200);
    const edited = await sales.request('PUT', EDIT(id), { body: { quantity: 3 } });
    expect(edited.status).toBe(409);
    const follow = await sales.request('PUT', EDIT(id), { body: { followUp: true, followUpNote: 'Call before delivery' } });
    expect(follow.body).toMatchObject({ followUp: true, followUpNote: 'Call before delivery' });

    expect((await move(sales, id, 'DISPATCHED')).body.status).toBe('DISPATCHED');
    const inTransit = await t.db.selectFrom('terminals').select(['state', 'business_id']).where('terminal_id', 'in', ['2REQ0001', '2REQ0002']).execute();
    expect(inTransit).toEqual([
      { state: 'IN_TRANSIT', business_id: merchant.id },
      { state: 'IN_TRANSIT', business_id: merchant.id },
    ]);
    expect((await move(sales, id, 'DELIVERED')).body.status).toBe('DELIVERED');
    const deployed = await move(sales, id, 'DEPLOYED', { note: 'Both at the counter' });
    expect(deployed.body).toMatchObject({ status: 'DEPLOYED', deployedAt: expect.any(String) });

    const full = await viewer.request('GET', ONE(id));
    expect(full.body.terminals.map((terminal: LooseBody) => terminal.state)).toEqual(['DEPLOYED', 'DEPLOYED']);
    expect(full.body.nextStatuses).toEqual([]);
    expect(full.body.events.map((event: LooseBody) => event.toStatus)).toEqual([
      'DEPLOYED',
      'DELIVERED',
      'DISPATCHED',
      'ASSIGNED',
      'PAID',
      'APPROVED',
      'REQUESTED',
    ]);

    // The change log's status filter: requests that entered DISPATCHED today.
    const today = t.clock.now().toISOString().slice(0, 10);
    const dispatchedToday = await viewer.request('GET', LIST, { query: { changeStatus: 'DISPATCHED', changedFrom: today, changedTo: today } });
    expect(dispatchedToday.body.items.map((row: LooseBody) => row.id)).toEqual([id]);
    const deployedRange = await viewer.request('GET', LIST, { query: { deployedFrom: today, deployedTo: today, followUp: 'true' } });
    expect(deployedRange.body.items.map((row: LooseBody) => row.id)).toEqual([id]);
    const history = await viewer.request('GET', `/v1/admin/terminal/terminal-history/${full.body.terminals[0].id}`);
    expect(history.status).toBe(403);
  });

  it('puts a loan request on loan rather than paid, and declines only with a reason', async () => {
    const loan = await raise({ isLoan: true, source: 'KEY_ACCOUNTS', quantity: 1 });
    await move(approver, loan.body.id, 'APPROVED');
    expect((await move(sales, loan.body.id, 'PAID')).status).toBe(409);
    expect((await move(sales, loan.body.id, 'ON_LOAN')).body.status).toBe('ON_LOAN');
    const loans = await viewer.request('GET', LIST, { query: { isloan: 'true' } });
    expect(loans.body.items.map((row: LooseBody) => row.id)).toEqual([loan.body.id]);

    const other = await raise({ source: 'CROSS_SELLING' });
    const bare = await move(approver, other.body.id, 'DECLINED');
    expect(bare.status).toBe(400);
    expect(bare.body.details.fields[0].field).toBe('note');
    expect((await move(approver, other.body.id, 'DECLINED', { note: 'Duplicate of an earlier request' })).body.status).toBe('DECLINED');
    const bySource = await viewer.request('GET', LIST, { query: { source: 'CROSS_SELLING', status: 'DECLINED' } });
    expect(bySource.body.items.map((row: LooseBody) => row.id)).toEqual([other.body.id]);
  });

  it('refuses a merchant under fraud, an unknown model, a terminal not in stock, and bad input naming the field', async () => {
    const fraud = await raise({ business_id: fraudster.id });
    expect(fraud.status).toBe(409);
    expect(fraud.body.details.reason).toBe('merchant_fraud');
    const model = await raise({ model: 'X990' });
    expect(model.status).toBe(400);
    expect(model.body.details.fields[0].field).toBe('model');
    const phone = await raise({ contactPhone: '123' });
    expect(phone.status).toBe(400);
    expect(phone.body.details.fields[0].field).toBe('contactPhone');
    const tooMany = await raise({ quantity: 51 });
    expect(tooMany.body.details.fields[0].field).toBe('quantity');

    const request = await raise({ quantity: 1 });
    await move(approver, request.body.id, 'APPROVED');
    await move(sales, request.body.id, 'PAID');
    const taken = await move(sales, request.body.id, 'ASSIGNED', { terminalIds: ['2REQ0001'] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Only terminals in stock are assigned: 2REQ0001 is deployed');
    expect((await move(sales, request.body.id, 'ASSIGNED', { terminalIds: ['2REQ0003'] })).body.status).toBe('ASSIGNED');
    expect((await viewer.request('POST', ADD, { body: {} })).status).toBe(403);
  });

  it('follows a dispatched request through delivery states, a delivered one marking it delivered', async () => {
    const request = await raise({ quantity: 1, source: 'OMNIPAY' });
    const id = request.body.id as number;
    const states = await t.db.selectFrom('terminal_delivery_states').select(['id', 'name', 'delivered']).orderBy('position').execute();
    const out = states.find((state) => state.name === 'Out for delivery')!;
    const delivered = states.find((state) => state.delivered)!;
    const early = await sales.request('PUT', EDIT(id), { body: { deliveryStateId: out.id } });
    expect(early.status).toBe(409);
    await move(approver, id, 'APPROVED');
    await move(sales, id, 'PAID');
    const [stock] = await t.db.selectFrom('terminals').select('terminal_id').where('state', '=', 'IN_STOCK').orderBy('id').limit(1).execute();
    if (!stock) {
      await sales.request('POST', ADD_TERMINAL, { body: { serialNo: 'REQ-PAX-9', terminalId: '2REQ0009', provider: 'PAX', model: 'S90', bankCode: '058' } });
    }
    await move(sales, id, 'ASSIGNED', { terminalIds: [stock?.terminal_id ?? '2REQ0009'] });
    await move(sales, id, 'DISPATCHED');
    const unknown = await sales.request('PUT', EDIT(id), { body: { deliveryStateId: 9_999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.fields[0].field).toBe('deliveryStateId');
    const onTheWay = await sales.request('PUT', EDIT(id), { body: { deliveryStateId: out.id } });
    expect(onTheWay.body).toMatchObject({ status: 'DISPATCHED', deliveryState: 'Out for delivery' });
    const done = await sales.request('PUT', EDIT(id), { body: { deliveryStateId: delivered.id } });
    expect(done.body).toMatchObject({ status: 'DELIVERED', deliveryState: delivered.name });
    const full = await viewer.request('GET', ONE(id));
    expect(full.body.events.slice(0, 3).map((event: LooseBody) => `${event.toStatus} ${event.note ?? ''}`.trim())).toEqual([
      `DELIVERED Delivery: ${delivered.name}`,
      'DISPATCHED Delivery: Out for delivery',
      'DISPATCHED',
    ]);
  });
});
