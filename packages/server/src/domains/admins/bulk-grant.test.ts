import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';

let t: TestApp;
let manager: Actor;
beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ role: 'admin', permissions: ['permissions.manage', 'admins.view', 'audit.view'] });
});
afterAll(() => t.close());

const PATH = '/v1/admin/grant-permission/bulk';
let keys = 0;
const key = () => ({ 'idempotency-key': `bulk-grant-${++keys}-${Date.now()}` });

async function direct(adminId: number): Promise<string[]> {
  const rows = await t.db.selectFrom('admin_permissions').select('permission').where('admin_id', '=', adminId).orderBy('permission').execute();
  return rows.map((r) => r.permission);
}

describe('granting permissions to a selection of admins', () => {
  it('grants to the ids named, skipping unknown ids and super admins, and says so', async () => {
    const a = await t.insertAdmin({ email: 'bulk-a@traction.ng' });
    const b = await t.insertAdmin({ email: 'bulk-b@traction.ng', permissions: ['audit.view'] });
    const top = await t.insertAdmin({ email: 'bulk-top@traction.ng', role: 'super_admin' });
    const answer = await manager.request('POST', PATH, { headers: key(), body: { ids: [a.id, b.id, top.id, 999_999], permissions: ['audit.view'] } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      matched: 3,
      changed: 1,
      skipped: expect.arrayContaining([
        { id: 999_999, reason: 'no such admin' },
        { id: top.id, reason: 'super admins hold every permission' },
      ]),
    });
    expect(await direct(a.id)).toEqual(['audit.view']);
    expect(await direct(b.id)).toEqual(['audit.view']);
    expect(await direct(top.id)).toEqual([]);
  });

  it('grants to every admin matching the list filters, all pages, less the exceptions', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 130; i++) ids.push((await t.insertAdmin({ email: `matching-${i}@bulkgrant.ng` })).id);
    const left = ids[5]!;
    const answer = await manager.request('POST', PATH, {
      headers: key(),
      body: { matching: { search: '@bulkgrant.ng' }, except: [left], permissions: ['admins.view'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ matched: 129, changed: 129, skipped: [] });
    expect(await direct(ids[0]!)).toEqual(['admins.view']);
    expect(await direct(ids[129]!)).toEqual(['admins.view']);
    expect(await direct(left)).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('command_id', '=', 'permissions.grant-bulk')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.outcome).toBe('ok');
  });

  it('refuses a selection that is neither or both, and a grant beyond what the caller holds, changing nothing', async () => {
    const a = await t.insertAdmin({ email: 'bulk-refused@traction.ng' });
    const before = await t.snapshot();
    const neither = await manager.request('POST', PATH, { headers: key(), body: { permissions: ['audit.view'] } });
    expect(neither.status).toBe(400);
    expect(neither.body.details.fields[0].field).toBe('ids');
    const both = await manager.request('POST', PATH, { headers: key(), body: { ids: [a.id], matching: {}, permissions: ['audit.view'] } });
    expect(both.status).toBe(400);
    const beyond = await manager.request('POST', PATH, { headers: key(), body: { ids: [a.id], permissions: ['admins.delete'] } });
    expect(beyond.status).toBe(403);
    const noKey = await manager.request('POST', PATH, { body: { ids: [a.id], permissions: ['audit.view'] } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.fields[0].field).toBe('Idempotency-Key');
    expect(await t.snapshot()).toEqual(before);
  });

  it('answers a repeated key with the first answer and grants once', async () => {
    const a = await t.insertAdmin({ email: 'bulk-repeat@traction.ng' });
    const headers = key();
    const first = await manager.request('POST', PATH, { headers, body: { ids: [a.id], permissions: ['audit.view'] } });
    await t.db.deleteFrom('admin_permissions').where('admin_id', '=', a.id).execute();
    const again = await manager.request('POST', PATH, { headers, body: { ids: [a.id], permissions: ['audit.view'] } });
    expect(again.body).toEqual(first.body);
    expect(await direct(a.id)).toEqual([]);
  });
});
