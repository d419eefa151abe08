import { MAX_SAVED_VIEWS } from '@traction/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';

const VIEWS = '/v1/saved-views';

let t: TestApp;
let ada: Actor;
let bola: Actor;
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.actor({ permissions: ['admins.view', 'audit.view'] });
  bola = await t.actor({ permissions: ['admins.view'] });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('saved_views').execute();
});

const staffView = { name: 'Staff in Finance', listId: 'admins.list', page: '/admin', filters: { role: 'staff', department: '3' } };
const save = (who: Actor, body: Record<string, unknown>) => who.request('POST', VIEWS, { body });
const mine = async (who: Actor) => (await who.request('GET', VIEWS)).body.items;

describe('saved views', () => {
  it('saves a view with the filters as the URL holds them, and lists it to its owner only', async () => {
    const saved = await save(ada, staffView);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ ...staffView, id: expect.any(Number), createdAt: t.clock.now().toISOString() });

    await save(ada, { name: 'audit errors', listId: 'audit.list', page: '/audit-log', filters: { outcome: 'error', startdatetime: '2026-11-01' } });
    await save(bola, { name: "Bola's admins", listId: 'admins.list', page: '/admin', filters: { search: 'ada' } });

    // By name whatever its case.
    expect((await mine(ada)).map((view: { name: string }) => view.name)).toEqual(['audit errors', 'Staff in Finance']);
    expect((await mine(bola)).map((view: { name: string }) => view.name)).toEqual(["Bola's admins"]);
  });

  it('writes an audit row for a save, as for any change', async () => {
    const saved = await save(ada, staffView);
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('command_id', '=', 'views.save')
      .where('admin_id', '=', ada.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outcome: 'ok', input: staffView });
    expect(row.summary).toMatch(/ saved the view “Staff in Finance” of admins\.list$/);
    expect(saved.status).toBe(200);
  });

  it("answers another admin's view as if it did not exist: not listed, not renamed, not deleted", async () => {
    const { id } = (await save(ada, staffView)).body;
    expect(await mine(bola)).toEqual([]);

    const renamed = await bola.request('PATCH', `${VIEWS}/${id}`, { body: { name: 'Mine now' } });
    expect(renamed.status).toBe(404);
    expect(renamed.body.code).toBe('404');
    const deleted = await bola.request('DELETE', `${VIEWS}/${id}`);
    expect(deleted.status).toBe(404);
    // Same answer as for an id nobody has.
    expect((await bola.request('DELETE', `${VIEWS}/999999`)).body.message).toBe('You have no saved view 999999');

    expect(await mine(ada)).toEqual([expect.objectContaining({ id, name: staffView.name })]);
  });

  it('renames and deletes the owner’s view', async () => {
    const { id } = (await save(ada, staffView)).body;
    t.clock.advance(60 * 60 * 1000);
    const later = t.clock.now();
    const renamed = await ada.request('PATCH', `${VIEWS}/${id}`, { body: { name: 'Finance staff' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: 'Finance staff', filters: staffView.filters, updatedAt: later.toISOString() });

    const deleted = await ada.request('DELETE', `${VIEWS}/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true, message: 'Deleted the view “Finance staff”.' });
    expect(await mine(ada)).toEqual([]);
    expect((await ada.request('DELETE', `${VIEWS}/${id}`)).status).toBe(404);
  });

  it('refuses a second view of one list with the same name in any case (409), but not of another list', async () => {
    await save(ada, staffView);
    const clash = await save(ada, { ...staffView, name: 'STAFF IN FINANCE', filters: {} });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: '409', details: { reason: 'name_taken' } });
    expect(clash.body.message).toContain('STAFF IN FINANCE');

    // Another admin, or another list, may use the name.
    expect((await save(bola, staffView)).status).toBe(200);
    expect((await save(ada, { ...staffView, listId: 'audit.list', page: '/audit-log', filters: {} })).status).toBe(200);

    // Renaming into a taken name clashes too; renaming to the same name changes nothing and says so.
    const other = (await save(ada, { ...staffView, name: 'Everyone', filters: {} })).body;
    const renamed = await ada.request('PATCH', `${VIEWS}/${other.id}`, { body: { name: 'staff in finance' } });
    expect(renamed.status).toBe(409);
    expect(renamed.body.details.reason).toBe('name_taken');
    expect((await ada.request('PATCH', `${VIEWS}/${other.id}`, { body: { name: 'Everyone' } })).body.details.reason).toBe('already');
  });

  it('settles two saves of one name at once: one view, one 409', async () => {
    const answers = await Promise.all([save(ada, staffView), save(ada, { ...staffView, name: 'staff in finance' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await mine(ada)).toHaveLength(1);
  });

  it.each([
    ['a value the list refuses', { role: 'owner' }, 'filters.role', 'must be one of "super_admin", "admin", "staff"'],
    ['text where the list wants a number', { department: 'finance' }, 'filters.department', 'must be a number'],
    ['a filter the list does not have', { colour: 'red' }, 'filters.colour', 'is not a filter of this list (admins.list)'],
  ])('refuses %s with a 400 naming the filter, and saves nothing', async (_what, filters, field, message) => {
    const refused = await save(ada, { ...staffView, filters });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields).toEqual([{ field, message }]);
    expect(await mine(ada)).toEqual([]);
    const audited = await t.db.selectFrom('audit_log').select('outcome').where('command_id', '=', 'views.save').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audited.outcome).toBe('400');
  });

  it('refuses a command that is not a list (400 naming listId) and a list the admin may not read (403)', async () => {
    const notAList = await save(ada, { ...staffView, listId: 'admins.create', filters: {} });
    expect(notAList.status).toBe(400);
    expect(notAList.body.details.fields).toEqual([{ field: 'listId', message: 'is not a list' }]);

    const unreadable = await save(bola, { name: 'Errors', listId: 'audit.list', page: '/audit-log', filters: {} });
    expect(unreadable.status).toBe(403);
    expect(unreadable.body.details).toMatchObject({ reason: 'missing_permission', permission: 'audit.view' });
  });

  it(`keeps at most ${MAX_SAVED_VIEWS} views per admin`, async () => {
    await t.db
      .insertInto('saved_views')
      .values(
        Array.from({ length: MAX_SAVED_VIEWS }, (_, i) => ({
          admin_id: ada.id,
          name: `View ${i + 1}`,
          list_id: 'admins.list',
          page: '/admin',
          filters: '{}',
          created_at: t.clock.now(),
          updated_at: t.clock.now(),
        })),
      )
      .execute();
    const refused = await save(ada, staffView);
    expect(refused.status).toBe(409);
    expect(refused.body.details.reason).toBe('too_many_views');
    // The limit is each admin's own.
    expect((await save(bola, staffView)).status).toBe(200);
  });
});
