import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedOverrideCodes } from './seed-override-codes';
import { DEMO_TERMINAL_LOCATIONS, seedTerminalLocations } from './seed-terminal-locations';
import { seedTerminals } from './seed-terminals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo terminal locations and override codes', () => {
  it('places a fleet with no merchants in warehouses and field offices, leaves one warehouse full, and is made once', async () => {
    // No admin yet to have issued override codes: none are made.
    expect(await seedOverrideCodes(t.db)).toEqual({ codes: 0 });
    await seedTerminals(t.db, { count: 300 });
    const seeded = await seedTerminalLocations(t.db);
    expect(seeded.locations).toBe(DEMO_TERMINAL_LOCATIONS.length);
    expect(seeded.locations).toBeGreaterThanOrEqual(36);
    expect(seeded.placed).toBeGreaterThan(100);
    const viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
    const all = await viewer.request('GET', '/v1/stores/terminal/location/all', { query: { limit: '100' } });
    expect(all.body.total).toBe(DEMO_TERMINAL_LOCATIONS.length);
    expect(new Set(all.body.items.map((row: { stateCode: string }) => row.stateCode)).size).toBe(37);
    for (const row of all.body.items) if (row.capacity !== null) expect(row.terminals).toBeLessThanOrEqual(row.capacity);
    const kano = all.body.items.find((row: { name: string }) => row.name === 'Kano Warehouse');
    expect(kano).toMatchObject({ room: 0 });
    const available = await viewer.request('GET', '/v1/stores/terminal/location/available', { query: { limit: '100' } });
    // The full warehouse and the closed field office are not available.
    expect(available.body.total).toBe(DEMO_TERMINAL_LOCATIONS.length - 2);
    const misplaced = await t.db
      .selectFrom('terminals')
      .select('id')
      .where('location_id', 'is not', null)
      .where('state', 'in', ['ASSIGNED', 'IN_TRANSIT'])
      .execute();
    expect(misplaced).toEqual([]);
    expect(await seedTerminalLocations(t.db)).toEqual({ locations: 0, placed: 0 });
  });

  it('issues override codes in every status once there is an admin, keeping only their hashes', async () => {
    const viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
    const seeded = await seedOverrideCodes(t.db);
    expect(seeded.codes).toBeGreaterThan(10);
    const listed = await viewer.request('GET', '/v1/stores/list_over_ride_code');
    expect(listed.status, listed.text).toBe(200);
    expect(new Set(listed.body.items.map((row: { status: string }) => row.status))).toEqual(new Set(['ACTIVE', 'USED', 'EXPIRED', 'REVOKED']));
    expect(listed.body.items.some((row: { terminal: number | null }) => row.terminal === null)).toBe(true);
    expect(await seedOverrideCodes(t.db)).toEqual({ codes: 0 });
  });
});
