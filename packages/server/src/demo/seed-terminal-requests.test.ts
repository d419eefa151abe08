import { TERMINAL_REQUEST_SOURCES, TERMINAL_REQUEST_STATUSES } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { insertBusiness } from '../test/merchant-fixtures';
import { seedTerminalRequests } from './seed-terminal-requests';
import { seedTerminals } from './seed-terminals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.actor({ role: 'staff', permissions: [] });
  for (let n = 0; n < 30; n++) await insertBusiness(t.db);
  await seedTerminals(t.db, { count: 400 });
});
afterAll(() => t.close());

describe('demo terminal requests', () => {
  it('come from every channel in every status, their terminals in the matching state at their merchant, each status in the change log', async () => {
    expect(await seedTerminalRequests(t.db, { count: 300, now: t.clock.now() })).toEqual({ requests: 300 });
    const by = async (column: 'source' | 'status') =>
      (await t.db.selectFrom('terminal_requests').select(column).distinct().execute()).map((row) => row[column]).sort();
    expect(await by('source')).toEqual([...TERMINAL_REQUEST_SOURCES].sort());
    expect(await by('status')).toEqual([...TERMINAL_REQUEST_STATUSES].sort());
    const { rows: disagreeing } = await sql<{ id: number }>`
      select r.id from terminal_requests r join terminal_request_terminals rt on rt.request_id = r.id join terminals t on t.id = rt.terminal_id
      where t.business_id <> r.business_id
        or (r.status = 'ASSIGNED' and t.state <> 'ASSIGNED')
        or (r.status in ('DISPATCHED', 'DELIVERED') and t.state <> 'IN_TRANSIT')
        or (r.status = 'DEPLOYED' and t.state <> 'DEPLOYED')`.execute(t.db);
    expect(disagreeing).toEqual([]);
    const { rows: unlogged } = await sql<{ id: number }>`
      select r.id from terminal_requests r where not exists (select 1 from terminal_request_events e where e.request_id = r.id and e.to_status = r.status)`.execute(
      t.db,
    );
    expect(unlogged).toEqual([]);
    expect(await seedTerminalRequests(t.db)).toEqual({ requests: 0 });
  });

  it('loads nothing without merchants', async () => {
    const empty = await createTestApp();
    try {
      expect(await seedTerminalRequests(empty.db)).toEqual({ requests: 0 });
    } finally {
      await empty.close();
    }
  });
});
