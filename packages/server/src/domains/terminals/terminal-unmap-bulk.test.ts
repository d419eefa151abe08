import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

const BULK = '/v1/stores/admin/terminal_unmap/bulk';

let t: TestApp;
let manager: Actor;
let viewer: Actor;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
  const shop = await insertBusiness(t.db, { name: 'Bulk Unmap Stores' });
  for (const n of [1, 2, 3]) {
    const made = await manager.request('POST', '/v1/stores/admin/addterminal', {
      body: { serialNo: `BULK-UN-${n}`, terminalId: `2BLK000${n}`, provider: 'PAX', model: 'S90', bankCode: '058' },
    });
    ids.push(made.body.id);
    if (n < 3) await manager.request('PATCH', '/v1/stores/admin/reassign_terminal', { body: { terminal_id: `2BLK000${n}`, business_id: shop.id } });
  }
});
afterAll(() => t.close());

describe('unmapping terminals in bulk', () => {
  it('unmaps every selected terminal with a merchant and names the ones it skipped', async () => {
    const refused = await viewer.request('POST', BULK, { body: { ids, reason: 'Shop closed' }, headers: { 'idempotency-key': 'bulk-unmap-viewer' } });
    expect(refused.status).toBe(403);
    const answer = await manager.request('POST', BULK, {
      body: { ids: [...ids, 999_999], reason: 'Shop closed' },
      headers: { 'idempotency-key': 'bulk-unmap-1' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.changed).toBe(2);
    expect(answer.body.skipped).toEqual([
      { id: 999_999, reason: 'no such terminal' },
      { id: ids[2], reason: 'Terminal BULK-UN-3 is in stock, not with a merchant: nothing to unmap' },
    ]);
    const states = await t.db.selectFrom('terminals').select(['state', 'business_id']).where('id', 'in', ids.slice(0, 2)).execute();
    expect(states).toEqual([
      { state: 'IN_STOCK', business_id: null },
      { state: 'IN_STOCK', business_id: null },
    ]);
    const history = await viewer.request('GET', `/v1/admin/terminal/terminal-history/${ids[0]}`, { query: { terminalHistoryType: 'mapping' } });
    expect(history.body.items[0]).toMatchObject({ summary: 'Unmapped from Bulk Unmap Stores', note: 'Shop closed' });
    const audit = await t.db.selectFrom('audit_log').select('command_id').where('command_id', '=', 'terminals.unmap-bulk').execute();
    expect(audit).toHaveLength(2);
  });
});
