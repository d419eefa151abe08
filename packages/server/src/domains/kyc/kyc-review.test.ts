import { KYC_TRANSITIONS, type KycStatus } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertKycRecord } from '../../test/merchant-fixtures';
import { kycSnapshot } from '../../test/kyc-kit';

let t: TestApp;
let reviewer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await t.actor({ permissions: ['kyc.view', 'kyc.review', 'kyc.blacklist'], email: 'reviewer@traction.ng' });
});
afterAll(() => t.close());

const setStatus = (actor: Actor, id: number, body: Record<string, unknown>) => actor.request('PUT', `/v1/kyc/verify/${id}/kyc-status`, { body });

/** The state machine as the product decided it, written out by hand so the code can be wrong. */
const EXPECTED: Record<KycStatus, Record<'PROCESSING' | 'APPROVED' | 'DISAPPROVED' | 'REJECTED', boolean>> = {
  PENDING: { PROCESSING: true, APPROVED: true, DISAPPROVED: true, REJECTED: true },
  PROCESSING: { PROCESSING: false, APPROVED: true, DISAPPROVED: true, REJECTED: true },
  APPROVED: { PROCESSING: false, APPROVED: false, DISAPPROVED: false, REJECTED: false },
  DISAPPROVED: { PROCESSING: false, APPROVED: false, DISAPPROVED: false, REJECTED: false },
  REJECTED: { PROCESSING: false, APPROVED: false, DISAPPROVED: false, REJECTED: false },
};
const CASES = Object.entries(EXPECTED).flatMap(([from, targets]) =>
  Object.entries(targets).map(([to, allowed]) => [from as KycStatus, to as keyof (typeof EXPECTED)['PENDING'], allowed] as const),
);

describe('the KYC state machine', () => {
  it('core holds the same table', () => {
    for (const [from, to, allowed] of CASES) expect(KYC_TRANSITIONS[from].includes(to), `${from} → ${to}`).toBe(allowed);
  });

  it.each(CASES)('%s → %s allowed: %s', async (from, to, allowed) => {
    const business = await insertBusiness(t.db);
    const record = await insertKycRecord(t.db, business.id, { status: from });
    const before = await kycSnapshot(t.db);
    const answer = await setStatus(reviewer, record.id, { status: to, comment: 'Checked against NIMC' });
    if (allowed) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.record).toMatchObject({ id: record.id, status: to, comment: 'Checked against NIMC' });
      expect(answer.body.allowedNext).toEqual(KYC_TRANSITIONS[to]);
      const events = await t.db.selectFrom('kyc_events').selectAll().where('kyc_id', '=', record.id).execute();
      expect(events).toMatchObject([{ from_status: from, to_status: to, comment: 'Checked against NIMC', admin_id: reviewer.id }]);
      const history = await t.db.selectFrom('business_events').selectAll().where('business_id', '=', business.id).execute();
      expect(history).toMatchObject([{ kind: 'kyc.status', admin_id: reviewer.id }]);
      expect(history[0]!.message).toContain(`${from} → ${to}`);
      const row = await t.db.selectFrom('kyc_records').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
      // a decision names its reviewer; taking a record into PROCESSING does not
      expect(row.reviewed_by).toBe(to === 'PROCESSING' ? null : reviewer.id);
    } else {
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body.code).toBe('409');
      expect(answer.body.message).toMatch(from === to ? /already/ : /final|cannot be moved/);
      expect(await kycSnapshot(t.db)).toEqual(before);
    }
  });

  it.each(['DISAPPROVED', 'REJECTED'])('%s needs a comment: 400 naming comment, nothing changes', async (status) => {
    const business = await insertBusiness(t.db);
    const record = await insertKycRecord(t.db, business.id);
    const before = await kycSnapshot(t.db);
    for (const body of [{ status }, { status, comment: '   ' }, { status, comment: '' }]) {
      const answer = await setStatus(reviewer, record.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.details.fields[0]).toMatchObject({ field: 'comment', message: expect.stringMatching(/required/) });
    }
    expect(await kycSnapshot(t.db)).toEqual(before);
  });

  it('approves without a comment, and refuses PENDING as a target and an unknown record', async () => {
    const business = await insertBusiness(t.db);
    const record = await insertKycRecord(t.db, business.id);
    expect((await setStatus(reviewer, record.id, { status: 'PENDING' })).body.details.fields[0].field).toBe('status');
    expect((await setStatus(reviewer, 999999, { status: 'APPROVED' })).status).toBe(404);
    const approved = await setStatus(reviewer, record.id, { status: 'APPROVED' });
    expect(approved.status).toBe(200);
    expect(approved.body.record).toMatchObject({ status: 'APPROVED', comment: null, reviewedBy: { id: reviewer.id, email: 'reviewer@traction.ng' } });
    const again = await setStatus(reviewer, record.id, { status: 'APPROVED' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The record is already APPROVED');
  });

  it('writes an audit row for each decision and each refusal', async () => {
    const business = await insertBusiness(t.db);
    const record = await insertKycRecord(t.db, business.id);
    await setStatus(reviewer, record.id, { status: 'DISAPPROVED', comment: 'Name does not match the account' });
    await setStatus(reviewer, record.id, { status: 'APPROVED' });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['outcome', 'input', 'admin_id'])
      .where('command_id', '=', 'kyc.status.update')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows).toMatchObject([
      { outcome: '409', admin_id: reviewer.id, input: { id: record.id, status: 'APPROVED' } },
      { outcome: 'ok', admin_id: reviewer.id, input: { id: record.id, status: 'DISAPPROVED', comment: 'Name does not match the account' } },
    ]);
  });
});

describe('the ID blacklist', () => {
  const blacklist = (actor: Actor, id: number, body: Record<string, unknown>) => actor.request('POST', `/v1/kyc/blacklist/${id}`, { body });

  it('rejects the open record it was found on, and the ID can then never be approved on any record', async () => {
    const fraudster = await insertBusiness(t.db);
    const other = await insertBusiness(t.db);
    const found = await insertKycRecord(t.db, fraudster.id, { document_type: 'NIN', id_number: '22233344455' });
    const reused = await insertKycRecord(t.db, other.id, { document_type: 'NIN', id_number: '22233344455', status: 'PROCESSING' });

    const answer = await blacklist(reviewer, found.id, { idType: 'NIN', idNumber: ' 222-333 444 55 ', note: 'Same NIN on three unrelated businesses' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.entry).toMatchObject({
      idType: 'NIN',
      idNumber: '22233344455',
      kycId: found.id,
      businessId: fraudster.id,
      createdBy: 'reviewer@traction.ng',
    });
    expect(answer.body.record).toMatchObject({ status: 'REJECTED', comment: 'Same NIN on three unrelated businesses' });
    const kinds = await t.db.selectFrom('business_events').select('kind').where('business_id', '=', fraudster.id).orderBy('id').execute();
    expect(kinds.map((row) => row.kind)).toEqual(['kyc.blacklisted', 'kyc.status']);

    const view = await reviewer.request('GET', `/v1/kyc/${reused.id}/kyc-info`);
    expect(view.body.blacklisted).toMatchObject({ idNumber: '22233344455' });
    expect(view.body.allowedNext).toEqual(['DISAPPROVED', 'REJECTED']);

    const before = await kycSnapshot(t.db);
    const approve = await setStatus(reviewer, reused.id, { status: 'APPROVED', comment: 'looks fine' });
    expect(approve.status).toBe(409);
    expect(approve.body.details.reason).toBe('id_blacklisted');
    expect(approve.body.message).toContain('NIN ••••4455');
    expect(approve.body.message).not.toContain('22233344455');
    expect(await kycSnapshot(t.db)).toEqual(before);
    expect((await setStatus(reviewer, reused.id, { status: 'REJECTED', comment: 'Blacklisted NIN' })).status).toBe(200);

    const twice = await blacklist(reviewer, reused.id, { idType: 'NIN', idNumber: '22233344455', note: 'again' });
    expect(twice.status).toBe(409);
    expect(await kycSnapshot(t.db)).not.toEqual(before);
  });

  it('leaves a final record as it is, refuses a malformed ID with 400 naming idNumber, and 404s an unknown record', async () => {
    const business = await insertBusiness(t.db);
    const approved = await insertKycRecord(t.db, business.id, { status: 'APPROVED', document_type: 'PASSPORT', id_number: 'A12345678' });
    const before = await kycSnapshot(t.db);
    const bad = await blacklist(reviewer, approved.id, { idType: 'NIN', idNumber: '12345', note: 'typo' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0]).toMatchObject({ field: 'idNumber', message: expect.stringContaining('11 digits') });
    expect((await blacklist(reviewer, 999999, { idType: 'PASSPORT', idNumber: 'A12345678', note: 'x' })).status).toBe(404);
    expect(await kycSnapshot(t.db)).toEqual(before);

    const answer = await blacklist(reviewer, approved.id, { idType: 'PASSPORT', idNumber: 'a12345678', note: 'Reported stolen' });
    expect(answer.status).toBe(200);
    expect(answer.body.record.status).toBe('APPROVED');
    expect(await t.db.selectFrom('kyc_events').select('id').where('kyc_id', '=', approved.id).execute()).toEqual([]);
  });

  it('lists blacklisted IDs with search and CSV', async () => {
    const list = await reviewer.request('GET', '/v1/kyc/blacklist', { query: { search: '2223334' } });
    expect(list.status).toBe(200);
    expect(list.body.items.map((row: { idNumber: string }) => row.idNumber)).toEqual(['22233344455']);
    const byNote = await reviewer.request('GET', '/v1/kyc/blacklist', { query: { search: 'stolen', idType: 'PASSPORT' } });
    expect(byNote.body.total).toBe(1);
    const csv = await reviewer.request('GET', '/v1/kyc/blacklist', { query: { download: 'csv' } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain('ID type,ID number,Note');
    expect(csv.text).toContain('22233344455');
  });
});
