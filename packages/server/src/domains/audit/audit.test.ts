import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';

let t: TestApp;
let auditor: Actor;
beforeAll(async () => {
  t = await createTestApp();
  auditor = await t.actor({ role: 'super_admin' });
});
afterAll(() => t.close());

const entries = async (query: Record<string, string>) => (await auditor.request('GET', '/v1/admin/audit-logs', { query })).body;

describe('the audit log', () => {
  it('records who did what from which device, with secrets redacted', async () => {
    const target = await t.insertAdmin();
    await auditor.request('POST', '/v1/admin/grant-permission', { body: { user_id: target.id, permissions: ['admins.view'] } });
    const page = await entries({ command: 'permissions.grant' });
    expect(page.items[0]).toMatchObject({
      adminId: auditor.id,
      adminEmail: auditor.email,
      deviceFingerprint: createHash('sha256').update(auditor.deviceId).digest('hex').slice(0, 8),
      commandId: 'permissions.grant',
      input: { user_id: target.id, permissions: ['admins.view'] },
      outcome: 'ok',
    });
    expect(page.items[0].requestId).toMatch(/.{8,}/);

    const signIns = await entries({ command: 'auth.*' });
    const codeEntry = signIns.items.find((e: { commandId: string }) => e.commandId === 'auth.device-login');
    expect(codeEntry.input.code).toBe('[redacted]');
    const passwordEntry = signIns.items.find((e: { commandId: string }) => e.commandId === 'auth.login');
    expect(passwordEntry.input.password).toBe('[redacted]');
    expect(JSON.stringify(signIns)).not.toContain('correct-horse-battery');
    // The device id signs in with the password alone: it is a credential, shown to nobody.
    expect(passwordEntry.input.device.deviceId).toMatch(/^[0-9a-f]{8}$/);
    const everything = await auditor.request('GET', '/v1/admin/audit-logs', { query: { download: 'csv' } });
    expect(everything.text).not.toContain(auditor.deviceId);
    expect(JSON.stringify((await auditor.request('GET', '/v1/admin/device-requests', { query: { status: 'approved' } })).body)).not.toContain(auditor.deviceId);
  });

  it('records refusals, and writes no success for a refused change', async () => {
    const clerk = await t.actor();
    await clerk.request('DELETE', `/v1/admin/${auditor.id}/delete`);
    const denied = await entries({ command: 'admins.delete', adminId: String(clerk.id) });
    expect(denied.items).toHaveLength(1);
    expect(denied.items[0]).toMatchObject({ outcome: '403' });

    const before = await t.snapshot();
    // The email is taken: refused by the handler, inside the command's transaction.
    await auditor.request('POST', '/v1/admin/signup', { body: { email: clerk.email, firstName: 'A', lastName: 'B' } });
    expect(await t.snapshot()).toEqual(before);
    const failed = await entries({ command: 'admins.create' });
    expect(failed.items[0]).toMatchObject({ outcome: '409' });
    expect(failed.items.some((e: { outcome: string }) => e.outcome === 'ok')).toBe(false);
  });

  it('filters by outcome and by a date range in Lagos time', async () => {
    const errors = await entries({ outcome: 'error' });
    expect(errors.items.every((e: { outcome: string }) => e.outcome !== 'ok')).toBe(true);
    // the test clock stands at 2026-11-21 10:00 in Lagos
    const today = await entries({ startdatetime: '2026-11-21T00:00:00.000', enddatetime: '2026-11-21T23:59:59.999' });
    expect(today.total).toBeGreaterThan(0);
    const tomorrow = await entries({ startdatetime: '2026-11-22', enddatetime: '2026-11-22' });
    expect(tomorrow.total).toBe(0);
    const beforeNine = await entries({ startdatetime: '2026-11-21T00:00:00.000', enddatetime: '2026-11-21T09:59:59.999' });
    expect(beforeNine.total).toBe(0);
  });

  it('exports the filtered log as CSV', async () => {
    const csv = await auditor.request('GET', '/v1/admin/audit-logs', { query: { command: 'auth.*', download: 'csv' } });
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Time,What happened,Subject,Outcome,Command,Admin,Device,Address,Request');
    expect(lines.length - 1).toBe((await entries({ command: 'auth.*' })).total);
    expect(lines.slice(1).every((line) => line.includes(',auth.'))).toBe(true);
  });

  it('refuses a malformed date with the field named', async () => {
    const answer = await auditor.request('GET', '/v1/admin/audit-logs', { query: { startdatetime: '21/11/2026' } });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0].field).toBe('startdatetime');
  });
});

describe('idempotency keys', () => {
  it('replay the first answer for the same body, refuse a different body, and run concurrent duplicates once', async () => {
    const target = await t.insertAdmin();
    const grant = (permissions: string[], key: string) =>
      auditor.request('POST', '/v1/admin/grant-permission', { body: { user_id: target.id, permissions }, headers: { 'idempotency-key': key } });

    const first = await grant(['admins.view'], 'grant-row-000001');
    const again = await grant(['admins.view'], 'grant-row-000001');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await grant(['audit.view'], 'grant-row-000001')).status).toBe(422);

    const burst = await Promise.all(Array.from({ length: 5 }, () => grant(['audit.view'], 'grant-row-000002')));
    expect(burst.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const granted = burst.filter((r) => r.status === 200).map((r) => r.body.granted);
    expect(granted.length).toBeGreaterThan(0);
    expect(new Set(granted.map((g) => JSON.stringify(g)))).toEqual(new Set([JSON.stringify(['audit.view'])]));
    const rows = await entries({ command: 'permissions.grant', adminId: String(auditor.id) });
    const done = rows.items.filter((e: { outcome: string; input: { permissions: string[] } }) => e.outcome === 'ok' && e.input.permissions[0] === 'audit.view');
    expect(done).toHaveLength(1);
    // The refused reuse of the first key is audited as such.
    expect(rows.items.filter((e: { outcome: string }) => e.outcome === '422')).toHaveLength(1);
  });

  it('keep a refusal for replay and refuse malformed keys', async () => {
    const refused = await auditor.request('DELETE', '/v1/admin/999999/delete', { headers: { 'idempotency-key': 'delete-attempt-01' } });
    const replayed = await auditor.request('DELETE', '/v1/admin/999999/delete', { headers: { 'idempotency-key': 'delete-attempt-01' } });
    expect(refused.status).toBe(404);
    expect(replayed.status).toBe(404);
    expect(replayed.body).toEqual(refused.body);
    const bad = await auditor.request('POST', '/v1/auth/admin/logout', { headers: { 'idempotency-key': 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('Idempotency-Key');
  });
});
