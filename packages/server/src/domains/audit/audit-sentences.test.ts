import type { AuditEntry } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertKycRecord } from '../../test/merchant-fixtures';
import { idempotencyKey } from '../../test/risk-kit';

let t: TestApp;
let ada: Actor;
let clerk: Actor;
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.actor({ role: 'super_admin' });
  clerk = await t.actor({ permissions: ['fraud.view'] });
  await rename(ada.id, 'Ada', 'Obi');
  await rename(clerk.id, 'Chidi', 'Eze');
});
afterAll(() => t.close());

const rename = (id: number, first: string, last: string) =>
  t.db.updateTable('admins').set({ first_name: first, last_name: last }).where('id', '=', id).execute();

/** The newest audit entry of a command, as the Audit Log page reads it. */
async function latest(command: string): Promise<AuditEntry> {
  const page = await ada.request<{ items: AuditEntry[] }>('GET', '/v1/admin/audit-logs', { query: { command } });
  expect(page.status).toBe(200);
  const entry = page.body.items[0];
  if (!entry) throw new Error(`no audit entry for ${command}`);
  return entry;
}

describe('audit entries say what changed', () => {
  it('tells a fraud mark as a sentence naming the business, and keeps the name it had then', async () => {
    const business = await insertBusiness(t.db, { name: 'Sunrise Petroleum' });
    const answer = await ada.request('POST', `/v1/businesses/${business.id}/updatefraudstatus`, {
      body: { is_fraud: true, reason: 'chargeback pattern on new cards' },
    });
    expect(answer.status).toBe(200);
    const entry = await latest('fraud.update');
    expect(entry).toMatchObject({
      summary: `Ada Obi marked Sunrise Petroleum (#${business.id}) as fraud: chargeback pattern on new cards`,
      subject: `Sunrise Petroleum (#${business.id})`,
      subjectKind: 'business',
      subjectId: String(business.id),
      subjectCount: null,
      adminName: 'Ada Obi',
      commandId: 'fraud.update',
    });

    // Renamed since: the log still says what was true when it was written, with no join.
    await t.db.updateTable('businesses').set({ name: 'Sunset Oil' }).where('id', '=', business.id).execute();
    await rename(ada.id, 'Adaeze', 'Obi');
    expect((await latest('fraud.update')).summary).toBe(`Ada Obi marked Sunrise Petroleum (#${business.id}) as fraud: chargeback pattern on new cards`);
    await rename(ada.id, 'Ada', 'Obi');
  });

  it('tells a KYC decision naming the record and its business', async () => {
    const business = await insertBusiness(t.db, { name: 'Kano Grains' });
    const record = await insertKycRecord(t.db, business.id);
    const answer = await ada.request('PUT', `/v1/kyc/verify/${record.id}/kyc-status`, {
      body: { status: 'DISAPPROVED', comment: 'The name on the slip does not match' },
    });
    expect(answer.status).toBe(200);
    expect(await latest('kyc.status.update')).toMatchObject({
      summary: `Ada Obi disapproved Kano Grains's document record #${record.id}: The name on the slip does not match`,
      subject: `Kano Grains's document record #${record.id}`,
      subjectKind: 'record',
      subjectId: String(record.id),
    });
  });

  it('tells an admin change naming the admin', async () => {
    const target = await t.insertAdmin();
    await rename(target.id, 'Bola', 'Ade');
    expect((await ada.request('PATCH', `/v1/admin/role/${target.id}`, { body: { role: 'admin' } })).status).toBe(200);
    expect(await latest('admins.role.update')).toMatchObject({
      summary: `Ada Obi changed the role of Bola Ade (#${target.id}) to admin`,
      subject: `Bola Ade (#${target.id})`,
      subjectKind: 'admin',
      subjectId: String(target.id),
    });

    // What a command created is named from its answer.
    const created = await ada.request('POST', '/v1/admin/signup', { body: { email: 'funke.bello@traction.ng', firstName: 'Funke', lastName: 'Bello' } });
    expect(created.status).toBe(200);
    expect((await latest('admins.create')).summary).toBe(`Ada Obi created the admin Funke Bello (#${created.body.admin.id})`);
  });

  it('counts what a bulk run changed', async () => {
    const ids = [];
    for (const name of ['Mule One', 'Mule Two', 'Mule Three']) ids.push((await insertBusiness(t.db, { name })).id);
    await t.db.updateTable('businesses').set({ is_fraud: true, fraud_reason: 'Earlier' }).where('id', '=', ids[0]!).execute();
    const answer = await ada.request('POST', '/v1/businesses/updatefraudstatus/bulk', {
      body: { ids, is_fraud: true, reason: 'Same device as a known fraudster' },
      headers: idempotencyKey(),
    });
    expect(answer.body).toMatchObject({ matched: 3, changed: 2 });
    expect(await latest('fraud.update-bulk')).toMatchObject({
      summary: 'Ada Obi marked 2 businesses as fraud: Same device as a known fraudster',
      subject: '2 businesses',
      subjectKind: 'business',
      subjectId: null,
      subjectCount: 2,
    });
  });

  it('tells refusals as sentences with the reason: a conflict, a missing permission, bad input', async () => {
    const business = await insertBusiness(t.db, { name: 'Twice Flagged Ltd', is_fraud: true, fraud_reason: 'Earlier' });
    const conflict = await ada.request('POST', `/v1/businesses/${business.id}/updatefraudstatus`, { body: { is_fraud: true, reason: 'Again' } });
    expect(conflict.status).toBe(409);
    expect(await latest('fraud.update')).toMatchObject({
      outcome: '409',
      summary: `Ada Obi tried to mark Twice Flagged Ltd (#${business.id}) as fraud and was refused: ${conflict.body.message}`,
      subjectId: String(business.id),
    });

    const forbidden = await clerk.request('POST', `/v1/businesses/${business.id}/updatefraudstatus`, { body: { is_fraud: false } });
    expect(forbidden.status).toBe(403);
    expect((await latest('fraud.update')).summary).toBe(
      `Chidi Eze tried to clear the fraud mark on Twice Flagged Ltd (#${business.id}) and was refused: ${forbidden.body.message}`,
    );

    // A key no row can have is told as given, looked up nowhere and linked to nothing.
    const invalid = await ada.request('POST', '/v1/businesses/abc/updatefraudstatus', { body: { is_fraud: true, reason: 'Typo' } });
    expect(invalid.status).toBe(400);
    expect(await latest('fraud.update')).toMatchObject({
      outcome: '400',
      subject: 'business #abc',
      subjectId: null,
      summary: expect.stringMatching(/^Ada Obi tried to mark business #abc as fraud and was refused: /),
    });
  });

  it('tells entries written before the subject columns from their command and input', async () => {
    const business = await insertBusiness(t.db, { name: 'Old Times Ltd' });
    await t.db
      .insertInto('audit_log')
      .values({
        at: new Date('2026-11-01T09:00:00Z'),
        admin_id: ada.id,
        admin_email: ada.email,
        command_id: 'fraud.update',
        input: JSON.stringify({ id: business.id, is_fraud: true, reason: 'From the old days' }),
        outcome: 'ok',
      })
      .execute();
    const page = await ada.request<{ items: AuditEntry[] }>('GET', '/v1/admin/audit-logs', {
      query: { command: 'fraud.update', startdatetime: '2026-11-01', enddatetime: '2026-11-01' },
    });
    expect(page.body.items[0]).toMatchObject({
      summary: `${ada.email} marked business #${business.id} as fraud: From the old days`,
      subject: `business #${business.id}`,
      subjectKind: 'business',
      subjectId: String(business.id),
    });
  });

  it('exports the sentence and the subject in the CSV, as the page shows them', async () => {
    const csv = await ada.request('GET', '/v1/admin/audit-logs', { query: { command: 'fraud.update-bulk', download: 'csv' } });
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Time,What happened,Subject,Outcome,Command,Admin,Device,Address,Request');
    expect(lines[1]).toContain(',Ada Obi marked 2 businesses as fraud: Same device as a known fraudster,2 businesses,');
  });
});
