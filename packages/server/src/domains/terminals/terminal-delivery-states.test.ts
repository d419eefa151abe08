import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';
import { deliveryStateFor } from './terminal-delivery-states.repository';

const STATES = '/v1/stores/terminal-delivery-states';
const STATE = (id: number) => `${STATES}/${id}`;

let t: TestApp;
let manager: Actor;
let viewer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.delivery-states'] });
  viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
});
afterAll(() => t.close());

interface StateRow {
  id: number;
  name: string;
  position: number;
  active: boolean;
  delivered: boolean;
  requests: number;
}
const list = async (query: Record<string, string> = {}) => {
  const answer = await viewer.request<{ items: StateRow[] }>('GET', STATES, { query });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.items;
};
const names = (rows: StateRow[]) => rows.map((row) => row.name);
const idOf = async (name: string) => (await list()).find((row) => row.name === name)!.id;

/** A request straight in the database (the request commands are not needed here), in a delivery state. */
async function requestIn(deliveryStateId: number) {
  const business = await insertBusiness(t.db);
  return t.db
    .insertInto('terminal_requests')
    .values({
      source: 'TELESALES',
      business_id: business.id,
      contact_name: 'Ada Obi',
      contact_phone: '+2348031234567',
      delivery_address: '12 Allen Avenue, Ikeja',
      state_code: 'LA',
      quantity: 1,
      plan: 'OUTRIGHT',
      amount: 0,
      status: 'DISPATCHED',
      delivery_state_id: deliveryStateId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('terminal delivery states', () => {
  it('start with the usual six, in order, Delivered the one that means delivered', async () => {
    const rows = await list();
    expect(names(rows)).toEqual(['Packed', 'Handed to courier', 'Out for delivery', 'Delivered', 'Failed delivery', 'Returned to warehouse']);
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.filter((row) => row.delivered).map((row) => row.name)).toEqual(['Delivered']);
    expect(rows.every((row) => row.active && row.requests === 0)).toBe(true);
  });

  it('adds a state last, or at the place asked, moving the others down; a name is taken once, whatever its case', async () => {
    const last = await manager.request('POST', STATES, { body: { name: 'Awaiting signature' } });
    expect(last.status, last.text).toBe(200);
    expect(last.body).toMatchObject({ name: 'Awaiting signature', position: 7, active: true, delivered: false, requests: 0 });
    const second = await manager.request('POST', STATES, { body: { name: 'Quality check', description: 'Tested before packing', position: 1 } });
    expect(second.body).toMatchObject({ position: 1 });
    expect(names(await list()).slice(0, 3)).toEqual(['Quality check', 'Packed', 'Handed to courier']);
    expect((await list()).map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const again = await manager.request('POST', STATES, { body: { name: 'quality CHECK' } });
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ reason: 'already_exists', field: 'name', state: second.body.id });
    expect(
      await t.db.selectFrom('audit_log').select(['summary', 'outcome']).where('command_id', '=', 'terminal-delivery-states.add').orderBy('id').execute(),
    ).toEqual([
      expect.objectContaining({ outcome: 'ok', summary: expect.stringContaining('added the terminal delivery state “Awaiting signature”') }),
      expect.objectContaining({ outcome: 'ok' }),
      expect.objectContaining({ outcome: '409' }),
    ]);
  });

  it('renames, reorders, marks delivered and takes a state out of use; the list filters by in use', async () => {
    const id = await idOf('Awaiting signature');
    const changed = await manager.request('PATCH', STATE(id), { body: { name: 'Signed for', delivered: true, position: 5 } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ id, name: 'Signed for', delivered: true, position: 5 });
    expect(names(await list())).toEqual([
      'Quality check',
      'Packed',
      'Handed to courier',
      'Out for delivery',
      'Signed for',
      'Delivered',
      'Failed delivery',
      'Returned to warehouse',
    ]);
    // Beyond the end is the end.
    const moved = await manager.request('PATCH', STATE(id), { body: { position: 30 } });
    expect(moved.body.position).toBe(8);

    const off = await manager.request('PATCH', STATE(id), { body: { active: false } });
    expect(off.body).toMatchObject({ active: false, name: 'Signed for', delivered: true });
    expect(names(await list({ active: 'false' }))).toEqual(['Signed for']);
    expect(await deliveryStateFor(t.db, id)).toEqual({ id, name: 'Signed for', active: false, delivered: true });
    expect(await deliveryStateFor(t.db, 999_999)).toBeUndefined();

    const clash = await manager.request('PATCH', STATE(id), { body: { name: 'Packed' } });
    expect(clash.status).toBe(409);
    expect((await manager.request('PATCH', STATE(999_999), { body: { active: true } })).status).toBe(404);
  });

  it('counts the requests in each state; one in use is not removed (take it out of use instead), one unused is', async () => {
    const outForDelivery = await idOf('Out for delivery');
    await requestIn(outForDelivery);
    await requestIn(outForDelivery);
    expect((await list()).find((row) => row.id === outForDelivery)!.requests).toBe(2);

    const refused = await manager.request('DELETE', STATE(outForDelivery));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('2 requests are in “Out for delivery”: take it out of use instead (it keeps them and takes no more)');
    expect(refused.body.details).toMatchObject({ reason: 'in_use', requests: 2 });

    const quality = await idOf('Quality check');
    const removed = await manager.request('DELETE', STATE(quality));
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ id: quality, name: 'Quality check' });
    const rows = await list();
    expect(names(rows)).not.toContain('Quality check');
    expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
    expect((await manager.request('DELETE', STATE(quality))).status).toBe(404);
  });

  it('is changed only with terminals.delivery-states, and read with terminals.view', async () => {
    const id = await idOf('Packed');
    expect((await viewer.request('POST', STATES, { body: { name: 'Lost in transit' } })).status).toBe(403);
    expect((await viewer.request('PATCH', STATE(id), { body: { active: false } })).status).toBe(403);
    expect((await viewer.request('DELETE', STATE(id))).status).toBe(403);
    const stranger = await t.actor({ role: 'staff', permissions: [] });
    expect((await stranger.request('GET', STATES)).status).toBe(403);
    expect((await list()).find((row) => row.id === id)!.active).toBe(true);
  });

  it.each([
    ['a one-letter name', { name: 'A' }, 'name'],
    ['place 0', { name: 'Lost in transit', position: 0 }, 'position'],
    ['part of a place', { name: 'Lost in transit', position: 1.5 }, 'position'],
    ['delivered as text', { name: 'Lost in transit', delivered: 'yes' }, 'delivered'],
  ])('refuses %s with 400 naming the field', async (_case, body, field) => {
    const refused = await manager.request('POST', STATES, { body });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
  });
});
