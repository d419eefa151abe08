import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';

const ALL = '/v1/stores/terminal/location/all';
const AVAILABLE = '/v1/stores/terminal/location/available';
const ADD = '/v1/stores/terminal/location/add';
const UPDATE = '/v1/stores/terminal/location/update';
const REMOVE = '/v1/stores/terminal/location/remove';
const EDIT_TERMINAL = (id: number) => `/v1/stores/admin/terminal/${id}`;

let t: TestApp;
let manager: Actor;
let viewer: Actor;
const terminals: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
  for (let n = 1; n <= 4; n++) {
    const made = await manager.request('POST', '/v1/stores/admin/addterminal', {
      body: { serialNo: `LOC-000${n}`, terminalId: `2LOC000${n}`, provider: 'Nexgo', model: 'N86', bankCode: '033' },
    });
    expect(made.status, made.text).toBe(200);
    terminals.push(made.body.id);
  }
});
afterAll(() => t.close());

const add = (body: Record<string, unknown>) => manager.request('POST', ADD, { body });
const place = (terminal: number, locationId: number | null) => manager.request('PATCH', EDIT_TERMINAL(terminal), { body: { locationId } });
const ids = (answer: { body: { items: { id: number }[] } }) => answer.body.items.map((row) => row.id);

describe('terminal locations', () => {
  it('adds a location and lists it with its state, terminals and room; a name is taken once, whatever its case', async () => {
    const made = await add({
      name: 'Ikeja Central Warehouse',
      address: '12 Oba Akran Avenue, Ikeja',
      stateCode: 'LA',
      lga: 'Ikeja',
      kind: 'WAREHOUSE',
      capacity: 500,
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({
      stateCode: 'LA',
      stateName: 'Lagos',
      lga: 'Ikeja',
      kind: 'WAREHOUSE',
      capacity: 500,
      terminals: 0,
      room: 500,
      active: true,
    });
    const again = await add({ name: 'ikeja central warehouse', address: 'Somewhere else entirely', stateCode: 'LA', kind: 'WAREHOUSE' });
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ reason: 'already_exists', field: 'name', location: made.body.id });
    const unlimited = await add({ name: 'Wuse Field Office', address: 'Plot 5, Aminu Kano Crescent, Wuse 2', stateCode: 'FC', kind: 'FIELD_OFFICE' });
    expect(unlimited.body).toMatchObject({ capacity: null, room: null, lga: null });

    const listed = await viewer.request('GET', ALL, { query: { stateCode: 'LA' } });
    expect(listed.status, listed.text).toBe(200);
    expect(ids(listed)).toEqual([made.body.id]);
    const searched = await viewer.request('GET', ALL, { query: { search: 'aminu kano' } });
    expect(ids(searched)).toEqual([unlimited.body.id]);
  });

  it.each([
    ['an unknown state', { stateCode: 'XX' }, 'stateCode'],
    ['an unknown kind', { kind: 'SHOP' }, 'kind'],
    ['no room at all', { capacity: 0 }, 'capacity'],
    ['a one-letter name', { name: 'A' }, 'name'],
    ['no address', { address: '' }, 'address'],
  ])('refuses %s with 400 naming the field', async (_case, change, field) => {
    const refused = await add({ name: 'Kano Depot', address: '4 Murtala Mohammed Way, Kano', stateCode: 'KN', kind: 'WAREHOUSE', ...change });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
  });

  it('places terminals at a location up to its capacity; a full or inactive one takes no more and is not available', async () => {
    const depot = (await add({ name: 'Onitsha Depot', address: '22 New Market Road, Onitsha', stateCode: 'AN', kind: 'WAREHOUSE', capacity: 2 })).body;
    const [first, second, third] = terminals as [number, number, number];
    const placed = await place(first, depot.id);
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ locationId: depot.id, locationName: 'Onitsha Depot' });
    expect((await place(second, depot.id)).status).toBe(200);
    const full = await place(third, depot.id);
    expect(full.status).toBe(409);
    expect(full.body.details).toMatchObject({ reason: 'full', terminals: 2 });
    // Placing one where it already is changes nothing and needs no room.
    expect((await place(first, depot.id)).status).toBe(200);

    const listed = await viewer.request('GET', ALL, { query: { search: 'onitsha' } });
    expect(listed.body.items[0]).toMatchObject({ terminals: 2, capacity: 2, room: 0 });
    expect(ids(await viewer.request('GET', AVAILABLE, { query: { stateCode: 'AN' } }))).toEqual([]);
    const atDepot = await viewer.request('GET', '/v1/stores/admin/terminal/list', { query: { locationId: String(depot.id) } });
    expect(atDepot.body.items.map((row: { id: number }) => row.id).sort()).toEqual([first, second].sort());
    const history = await viewer.request('GET', `/v1/admin/terminal/terminal-history/${first}`, { query: { terminalHistoryType: 'location' } });
    expect(history.body.items.map((event: { summary: string }) => event.summary)).toEqual(['Moved to Onitsha Depot']);

    const smaller = await manager.request('POST', UPDATE, { body: { id: depot.id, capacity: 1 } });
    expect(smaller.status).toBe(409);
    expect(smaller.body.details).toMatchObject({ reason: 'over_capacity', field: 'capacity', terminals: 2 });
    const bigger = await manager.request('POST', UPDATE, { body: { id: depot.id, capacity: 3 } });
    expect(bigger.body).toMatchObject({ capacity: 3, room: 1 });
    expect(ids(await viewer.request('GET', AVAILABLE, { query: { stateCode: 'AN' } }))).toEqual([depot.id]);

    const inactive = await manager.request('POST', UPDATE, { body: { id: depot.id, active: false } });
    expect(inactive.body.active).toBe(false);
    expect(ids(await viewer.request('GET', AVAILABLE, { query: { stateCode: 'AN' } }))).toEqual([]);
    const refused = await place(third, depot.id);
    expect(refused.status).toBe(409);
    expect(refused.body.details.reason).toBe('inactive');
    const unlimited = await manager.request('POST', UPDATE, { body: { id: depot.id, active: true, capacity: null } });
    expect(unlimited.body).toMatchObject({ active: true, capacity: null, room: null });
    expect((await place(third, depot.id)).status).toBe(200);
  });

  it('refuses to remove a location while terminals are there, saying how many; once empty it goes and its name is free', async () => {
    const office = (await add({ name: 'Port Harcourt Field Office', address: '9 Aba Road, Port Harcourt', stateCode: 'RI', kind: 'FIELD_OFFICE' })).body;
    const [, , , fourth] = terminals as [number, number, number, number];
    expect((await place(fourth, office.id)).status).toBe(200);
    const refused = await manager.request('POST', REMOVE, { body: { id: office.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatchObject({ reason: 'in_use', terminals: 1 });
    expect(refused.body.message).toContain('1 terminal');

    const off = await place(fourth, null);
    expect(off.body).toMatchObject({ locationId: null, locationName: null });
    const history = await viewer.request('GET', `/v1/admin/terminal/terminal-history/${fourth}`, { query: { terminalHistoryType: 'location' } });
    expect(history.body.items[0].summary).toBe('Taken off Port Harcourt Field Office');
    const removed = await manager.request('POST', REMOVE, { body: { id: office.id } });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toMatchObject({ id: office.id, name: 'Port Harcourt Field Office' });
    expect(ids(await viewer.request('GET', ALL, { query: { stateCode: 'RI' } }))).toEqual([]);
    expect((await manager.request('POST', REMOVE, { body: { id: office.id } })).status).toBe(404);
    expect((await manager.request('POST', UPDATE, { body: { id: office.id, capacity: 5 } })).status).toBe(404);
    expect((await place(fourth, office.id)).status).toBe(404);
    const reused = await add({ name: 'Port Harcourt Field Office', address: '14 Trans-Amadi Road, Port Harcourt', stateCode: 'RI', kind: 'FIELD_OFFICE' });
    expect(reused.status, reused.text).toBe(200);
  });

  it('is read with terminals.view and changed only with terminals.manage, every change audited', async () => {
    expect(
      (await viewer.request('POST', ADD, { body: { name: 'Ibadan Hub', address: '3 Ring Road, Ibadan', stateCode: 'OY', kind: 'WAREHOUSE' } })).status,
    ).toBe(403);
    expect((await viewer.request('POST', REMOVE, { body: { id: 1 } })).status).toBe(403);
    const stranger = await t.actor({ role: 'staff', permissions: [] });
    expect((await stranger.request('GET', ALL)).status).toBe(403);
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['command_id', 'outcome'])
      .where('command_id', 'in', ['terminal-locations.add', 'terminal-locations.update', 'terminal-locations.remove'])
      .execute();
    const outcomes = new Set(audited.map((row) => `${row.command_id} ${row.outcome}`));
    for (const expected of [
      'terminal-locations.add ok',
      'terminal-locations.add 409',
      'terminal-locations.add 403',
      'terminal-locations.update ok',
      'terminal-locations.remove ok',
      'terminal-locations.remove 409',
    ])
      expect(outcomes).toContain(expected);
  });
});
