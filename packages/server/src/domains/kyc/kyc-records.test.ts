import { kycCommands, type AnyCommand } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertKycRecord } from '../../test/merchant-fixtures';
import { kycSnapshot, SAMPLE_FILES, storedFiles, uploadAs } from '../../test/kyc-kit';

let t: TestApp;
let boss: Actor;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin', email: 'kyc-boss@traction.ng' });
});
afterAll(() => t.close());

describe('the KYC list', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const zenith = await insertBusiness(t.db, { name: 'Zenith Provisions' });
    const zebra = await insertBusiness(t.db, { name: 'Zebra_Crossing Ventures' });
    const ade = await insertBusiness(t.db, { name: 'Ade & Sons' });
    const at = (day: string) => new Date(`${day}T10:00:00.000Z`);
    ids = {
      email: (
        await insertKycRecord(t.db, zenith.id, {
          verification_type: 'EMAIL',
          document_type: null,
          id_number: null,
          detail: 'a@zenith.ng',
          status: 'APPROVED',
          submitted_at: at('2026-10-01'),
        })
      ).id,
      phone: (
        await insertKycRecord(t.db, zenith.id, {
          verification_type: 'PHONE',
          document_type: null,
          id_number: null,
          detail: '+2348030000001',
          status: 'PENDING',
          submitted_at: at('2026-10-05'),
        })
      ).id,
      nin: (await insertKycRecord(t.db, zenith.id, { document_type: 'NIN', id_number: '12345678901', status: 'PENDING', submitted_at: at('2026-11-01') })).id,
      bvn: (await insertKycRecord(t.db, zebra.id, { document_type: 'BVN', id_number: '22345678901', status: 'PROCESSING', submitted_at: at('2026-11-10') })).id,
      passport: (await insertKycRecord(t.db, ade.id, { document_type: 'PASSPORT', id_number: 'A00000042', status: 'PENDING', submitted_at: at('2026-11-20') }))
        .id,
      address: (
        await insertKycRecord(t.db, ade.id, {
          verification_type: 'ADDRESS',
          document_type: 'UTILITY_BILL',
          id_number: null,
          detail: '4 Broad St, Lagos',
          status: 'DISAPPROVED',
          submitted_at: at('2026-11-21'),
        })
      ).id,
    };
  });

  const list = async (query: Record<string, string>) => {
    const answer = await boss.request('GET', '/v1/kyc/kyc-info', { query });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.items.map((row: { id: number }) => row.id) as number[];
  };

  it.each([
    ['nothing: every record, newest first', {}, ['address', 'passport', 'bvn', 'nin', 'phone', 'email']],
    ['status ALL', { status: 'ALL' }, ['address', 'passport', 'bvn', 'nin', 'phone', 'email']],
    ['status PENDING: a queue, oldest submission first', { status: 'PENDING' }, ['phone', 'nin', 'passport']],
    ['status PROCESSING (the processing list)', { status: 'PROCESSING' }, ['bvn']],
    ['verificationType EMAIL,PHONE', { verificationType: 'EMAIL,PHONE' }, ['phone', 'email']],
    ['verificationType in lower case with spaces', { verificationType: ' document , address' }, ['address', 'passport', 'bvn', 'nin']],
    ['DOCUMENT and PENDING', { verificationType: 'DOCUMENT', status: 'PENDING' }, ['nin', 'passport']],
    ['documentTypes NIN,BVN', { documentTypes: 'NIN,BVN' }, ['bvn', 'nin']],
    ['business name prefix, any case', { business_name: 'zen' }, ['nin', 'phone', 'email']],
    ['business name prefix with a literal underscore', { business_name: 'Zebra_' }, ['bvn']],
    ['business name with "&"', { business_name: 'Ade &' }, ['address', 'passport']],
    ['a submission window (Lagos days)', { start_date: '2026-10-05', end_date: '2026-11-10' }, ['bvn', 'nin', 'phone']],
  ] as const)('filters by %s', async (_what, query, expected) => {
    const mine = new Set(Object.values(ids));
    expect((await list(query)).filter((id) => mine.has(id))).toEqual(expected.map((key) => ids[key]));
  });

  it('masks ID numbers to their last 4 characters in rows and CSV, names the business and the reviewer', async () => {
    const answer = await boss.request('GET', '/v1/kyc/kyc-info', { query: { documentTypes: 'NIN' } });
    expect(answer.body.items[0]).toMatchObject({
      id: ids.nin,
      businessName: 'Zenith Provisions',
      idNumber: '••••8901',
      verificationType: 'DOCUMENT',
      status: 'PENDING',
      reviewedBy: null,
    });
    expect(answer.body).toMatchObject({ page: 1, pageSize: 100, total: 1, hasMore: false });
    const csv = await boss.request('GET', '/v1/kyc/kyc-info', { query: { verificationType: 'DOCUMENT', download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="kyc-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('ID,Business,Type,Document,ID number,Details,Status,Submitted,Reviewed by,Reviewed');
    expect(lines).toHaveLength(4);
    expect(csv.text).toContain('••••8901');
    expect(csv.text).not.toContain('12345678901');
  });

  it.each([
    ['an unknown verification type', { verificationType: 'EMAIL,SELFIE' }, 'verificationType'],
    ['an unknown status', { status: 'DONE' }, 'status'],
    ['an unknown document type', { documentTypes: 'NIN,GYM_CARD' }, 'documentTypes'],
    ['a malformed date', { start_date: '21/11/2026' }, 'start_date'],
  ])('refuses %s with 400 naming the field', async (_what, query, field) => {
    const answer = await boss.request('GET', '/v1/kyc/kyc-info', { query });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0].field).toBe(field);
  });

  it("summarises a business's KYC by name, the exact name first, and lists all its records", async () => {
    await insertBusiness(t.db, { name: 'Zenith Provisions Annex' });
    const summary = await boss.request('GET', '/v1/kyc/business', {
      query: { business_name: 'zenith provisions', verification_types: 'EMAIL,PHONE,DOCUMENT' },
    });
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body.items.map((item: { business: { name: string } }) => item.business.name)).toEqual(['Zenith Provisions', 'Zenith Provisions Annex']);
    expect(summary.body.items[0].verifications).toEqual([
      { verificationType: 'EMAIL', latest: expect.objectContaining({ id: ids.email, status: 'APPROVED' }), records: 1 },
      { verificationType: 'PHONE', latest: expect.objectContaining({ id: ids.phone, status: 'PENDING' }), records: 1 },
      { verificationType: 'DOCUMENT', latest: expect.objectContaining({ id: ids.nin, status: 'PENDING', documentType: 'NIN' }), records: 1 },
    ]);
    const businessId = summary.body.items[0].business.id;
    const records = await boss.request('GET', `/v1/kyc/business/${businessId}/kyc-info`);
    expect(records.body.items.map((r: { id: number }) => r.id)).toEqual([ids.nin, ids.phone, ids.email]);
    expect(records.body.items[0].idNumber).toBe('12345678901');
    expect((await boss.request('GET', '/v1/kyc/business/999999/kyc-info')).status).toBe(404);
  });
});

describe('the pending queue', () => {
  // 1,005 pending address records of one business, submitted within 500 microseconds of each
  // other: ids rise while submission times wrap, and two or three records share each instant.
  const ROWS = 1_005;
  let expected: string[];
  beforeAll(async () => {
    const business = await insertBusiness(t.db, { name: 'Queue Order Bakery' });
    await sql`
      insert into kyc_records (business_id, verification_type, document_type, detail, status, submitted_at, updated_at)
      select ${business.id}, 'ADDRESS', 'UTILITY_BILL', 'queue ' || n, 'PENDING',
             timestamptz '2026-09-01 08:00:00.000001+00' + ((n * 7) % 500) * interval '1 microsecond', now()
      from generate_series(1, ${ROWS}) as n`.execute(t.db);
    const rows = await t.db
      .selectFrom('kyc_records')
      .select('detail')
      .where('business_id', '=', business.id)
      .orderBy('submitted_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    expected = rows.map((row) => String(row.detail));
  });
  const query = { business_name: 'Queue Order', status: 'PENDING' };

  it('pages oldest submission first, ties by id, and the CSV (read in chunks of 1,000) holds every record once in that order', async () => {
    expect(new Set(expected).size).toBe(ROWS);
    const details = async (page: number) => {
      const answer = await boss.request('GET', '/v1/kyc/kyc-info', { query: { ...query, page: String(page) } });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.items.map((row: { detail: string }) => row.detail) as string[];
    };
    expect(await details(1)).toEqual(expected.slice(0, 100));
    expect(await details(11)).toEqual(expected.slice(1_000));

    const csv = await boss.request('GET', '/v1/kyc/kyc-info', { query: { ...query, download: 'csv' } });
    expect(csv.status).toBe(200);
    const [header, ...lines] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const detailAt = header!.split(',').indexOf('Details');
    expect(lines.map((line) => line.split(',')[detailAt])).toEqual(expected);
  });

  it('leaves the other views newest first', async () => {
    const answer = await boss.request('GET', '/v1/kyc/kyc-info', { query: { business_name: 'Queue Order' } });
    const ids = answer.body.items.map((row: { id: number }) => row.id) as number[];
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(answer.body.total).toBe(ROWS);
  });
});

describe('one KYC record', () => {
  it('comes with its business, documents, history with admin names, and the statuses it may move to', async () => {
    const business = await insertBusiness(t.db, { name: 'Iya Basira Foods' });
    const up = await uploadAs(t, boss, { bytes: SAMPLE_FILES.jpeg, name: 'nin-slip.jpg' }, { businessId: String(business.id) });
    const record = await insertKycRecord(t.db, business.id, { document_type: 'NIN', id_number: '33345678901' });
    await t.db.insertInto('kyc_documents').values({ kyc_id: record.id, upload_id: up.body.upload.id, label: 'NIN slip' }).execute();
    await boss.request('PUT', `/v1/kyc/verify/${record.id}/kyc-status`, { body: { status: 'PROCESSING', comment: 'Sent to NIMC' } });

    const view = await boss.request('GET', `/v1/kyc/${record.id}/kyc-info`);
    expect(view.status, view.text).toBe(200);
    expect(view.body).toMatchObject({
      record: { id: record.id, status: 'PROCESSING', idNumber: '33345678901', businessName: 'Iya Basira Foods' },
      business: { id: business.id, name: 'Iya Basira Foods', kycExempt: false },
      documents: [{ id: up.body.upload.id, label: 'NIN slip', contentType: 'image/jpeg', sizeBytes: SAMPLE_FILES.jpeg.length }],
      history: [{ fromStatus: 'PENDING', toStatus: 'PROCESSING', comment: 'Sent to NIMC', admin: { id: boss.id, email: 'kyc-boss@traction.ng' } }],
      allowedNext: ['APPROVED', 'DISAPPROVED', 'REJECTED'],
      blacklisted: null,
    });
    expect((await boss.request('GET', '/v1/kyc/999999/kyc-info')).status).toBe(404);
  });
});

describe('KYC override', () => {
  const override = (actor: Actor, body: Record<string, unknown>) => actor.request('PUT', '/v1/kyc/override', { body });

  it('exempts and un-exempts, from KYC or the BVN check, recording who and when; the same value again is 409', async () => {
    const business = await insertBusiness(t.db);
    const on = await override(boss, { businessId: business.id, isexempt: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body.business).toMatchObject({ kycExempt: true, bvnExempt: false, kycOverrideBy: { id: boss.id } });
    const before = await kycSnapshot(t.db);
    const again = await override(boss, { businessId: business.id, isexempt: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exempt from KYC/);
    expect(await kycSnapshot(t.db)).toEqual(before);

    expect((await override(boss, { businessId: business.id, isexempt: true, kycType: 'bvn' })).body.business).toMatchObject({
      kycExempt: true,
      bvnExempt: true,
    });
    expect((await override(boss, { businessId: business.id, isexempt: false })).body.business).toMatchObject({ kycExempt: false, bvnExempt: true });
    expect((await override(boss, { businessId: business.id, isexempt: false })).status).toBe(409);
    const events = await t.db.selectFrom('business_events').select(['kind', 'message']).where('business_id', '=', business.id).orderBy('id').execute();
    expect(events).toEqual([
      { kind: 'kyc.override', message: 'Exempted from KYC' },
      { kind: 'kyc.override', message: 'Exempted from the BVN check' },
      { kind: 'kyc.override', message: 'No longer exempt from KYC' },
    ]);
  });

  it.each([
    ['a blacklisted KYC ID', { document_type: 'NIN', id_number: '44445678901' }, { id_type: 'NIN', id_number: '44445678901' }, {}],
    ['a blacklisted BVN', { document_type: 'NIN', id_number: '55545678901' }, { id_type: 'BVN', id_number: '55555555555' }, { bvn: '55555555555' }],
  ])('refuses to exempt a business with %s (409), but may remove an exemption', async (_what, kyc, entry, businessValues) => {
    const business = await insertBusiness(t.db, businessValues);
    await insertKycRecord(t.db, business.id, kyc);
    await t.db
      .insertInto('kyc_id_blacklist')
      .values({ ...entry, note: 'fraud ring' })
      .execute();
    const before = await kycSnapshot(t.db);
    for (const kycType of [undefined, 'bvn']) {
      const answer = await override(boss, { businessId: business.id, isexempt: true, ...(kycType ? { kycType } : {}) });
      expect(answer.status).toBe(409);
      // last 4 only: the answer and its audit row reach admins without kyc.view
      expect(answer.body.message).toContain(`${entry.id_type} ••••${entry.id_number.slice(-4)}`);
      expect(answer.body.message).not.toContain(entry.id_number);
    }
    expect(await kycSnapshot(t.db)).toEqual(before);
    await t.db.updateTable('businesses').set({ kyc_exempt: true }).where('id', '=', business.id).execute();
    expect((await override(boss, { businessId: business.id, isexempt: false })).status).toBe(200);
  });

  it('404s an unknown business', async () => {
    expect((await override(boss, { businessId: 999999, isexempt: true })).status).toBe(404);
  });
});

describe('corporate verification', () => {
  const verify = (actor: Actor, id: number, body: Record<string, unknown>) => actor.request('POST', `/v2/businesses/admin/${id}/verify-corporate`, { body });

  it('creates a PENDING CORPORATE record with the CAC documents, sets the RC number, and refuses a second open one', async () => {
    const business = await insertBusiness(t.db, { name: 'Okafor Logistics Ltd' });
    const a = await uploadAs(t, boss, { bytes: SAMPLE_FILES.pdf, name: 'certificate.pdf' });
    const b = await uploadAs(t, boss, { bytes: SAMPLE_FILES.png, name: 'status-report.png' }, { businessId: String(business.id) });
    const answer = await verify(boss, business.id, { rcNumber: 'rc 1234567', uploadIds: [a.body.upload.id, b.body.upload.id] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.record).toMatchObject({
      businessId: business.id,
      verificationType: 'CORPORATE',
      documentType: 'CAC',
      idNumber: 'RC1234567',
      status: 'PENDING',
    });
    const kycId = answer.body.record.id;
    const view = await boss.request('GET', `/v1/kyc/${kycId}/kyc-info`);
    expect(view.body.documents.map((d: { label: string; businessId: number }) => [d.label, d.businessId])).toEqual([
      ['certificate.pdf', business.id],
      ['status-report.png', business.id],
    ]);
    expect(view.body.business.rcNumber).toBe('RC1234567');
    expect(view.body.history).toMatchObject([{ fromStatus: null, toStatus: 'PENDING' }]);
    expect(await t.db.selectFrom('business_events').select('kind').where('business_id', '=', business.id).execute()).toEqual([{ kind: 'kyc.corporate' }]);

    const before = await kycSnapshot(t.db);
    const second = await verify(boss, business.id, { rcNumber: 'RC1234567', uploadIds: [a.body.upload.id] });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain(`#${kycId}`);
    expect(await kycSnapshot(t.db)).toEqual(before);
  });

  it('refuses a bad RC number (400), unknown uploads (404), uploads of another business and a blacklisted RC number (409)', async () => {
    const business = await insertBusiness(t.db);
    const other = await insertBusiness(t.db);
    const theirs = await uploadAs(t, boss, { bytes: SAMPLE_FILES.pdf, name: 'theirs.pdf' }, { businessId: String(other.id) });
    const mine = await uploadAs(t, boss, { bytes: SAMPLE_FILES.pdf, name: 'mine.pdf' });
    await t.db.insertInto('kyc_id_blacklist').values({ id_type: 'CAC', id_number: 'BN7654321', note: 'Forged certificate' }).execute();
    const before = await kycSnapshot(t.db);
    const badRc = await verify(boss, business.id, { rcNumber: '1234567', uploadIds: [mine.body.upload.id] });
    expect(badRc.status).toBe(400);
    expect(badRc.body.details.fields[0].field).toBe('rcNumber');
    expect((await verify(boss, business.id, { rcNumber: 'RC1', uploadIds: [] })).body.details.fields[0].field).toBe('uploadIds');
    expect((await verify(boss, business.id, { rcNumber: 'RC1', uploadIds: [999999] })).status).toBe(404);
    expect((await verify(boss, business.id, { rcNumber: 'RC1', uploadIds: [mine.body.upload.id, theirs.body.upload.id] })).status).toBe(409);
    const blacklisted = await verify(boss, business.id, { rcNumber: 'BN 7654321', uploadIds: [mine.body.upload.id] });
    expect(blacklisted.status).toBe(409);
    expect(blacklisted.body.message).toContain('Forged certificate');
    expect((await verify(boss, 999999, { rcNumber: 'RC1', uploadIds: [mine.body.upload.id] })).status).toBe(404);
    expect(await kycSnapshot(t.db)).toEqual(before);
  });
});

describe('permissions', () => {
  /** A request for each command that would succeed with the permission. */
  async function validRequest(
    command: AnyCommand,
  ): Promise<{ method: string; path: string; body?: unknown; query?: Record<string, string>; multipart?: boolean }> {
    const business = await insertBusiness(t.db);
    const record = await insertKycRecord(t.db, business.id, { document_type: 'NIN', id_number: `9${String(business.id).padStart(10, '0')}` });
    const upload = await uploadAs(t, boss, { bytes: SAMPLE_FILES.pdf, name: 'p.pdf' });
    switch (command.id) {
      case 'kyc.list':
        return { method: 'GET', path: '/v1/kyc/kyc-info' };
      case 'kyc.get':
        return { method: 'GET', path: `/v1/kyc/${record.id}/kyc-info` };
      case 'kyc.status.update':
        return { method: 'PUT', path: `/v1/kyc/verify/${record.id}/kyc-status`, body: { status: 'APPROVED' } };
      case 'kyc.business':
        return { method: 'GET', path: '/v1/kyc/business', query: { business_name: business.name } };
      case 'kyc.business-records':
        return { method: 'GET', path: `/v1/kyc/business/${business.id}/kyc-info` };
      case 'kyc.override':
        return { method: 'PUT', path: '/v1/kyc/override', body: { businessId: business.id, isexempt: true } };
      case 'kyc.blacklist':
        return { method: 'POST', path: `/v1/kyc/blacklist/${record.id}`, body: { idType: 'NIN', idNumber: record.id_number, note: 'test' } };
      case 'kyc.blacklist.list':
        return { method: 'GET', path: '/v1/kyc/blacklist' };
      case 'kyc.corporate.verify':
        return { method: 'POST', path: `/v2/businesses/admin/${business.id}/verify-corporate`, body: { rcNumber: 'RC99', uploadIds: [upload.body.upload.id] } };
      case 'uploads.create':
        return { method: 'POST', path: '/v1/uploads/', multipart: true };
      case 'uploads.get':
        return { method: 'GET', path: `/v1/uploads/${upload.body.upload.id}` };
      default:
        throw new Error(`no request written for ${command.id}`);
    }
  }

  it.each(kycCommands.map((command) => [command.id, command as AnyCommand] as const))(
    '%s: 403 without its permission, nothing changes; 200 with it',
    async (_id, command) => {
      const request = await validRequest(command);
      const others = ['kyc.view', 'kyc.review', 'kyc.override', 'kyc.blacklist', 'kyc.corporate', 'uploads.create'] as const;
      const without = await t.actor({ permissions: others.filter((permission) => permission !== command.permission) });
      const withIt = await t.actor({ permissions: [command.permission!] });
      const send = (actor: Actor) =>
        request.multipart
          ? uploadAs(t, actor, { bytes: SAMPLE_FILES.pdf, name: 'p.pdf' })
          : actor.request(request.method, request.path, {
              ...(request.body ? { body: request.body } : {}),
              ...(request.query ? { query: request.query } : {}),
            });
      const before = await kycSnapshot(t.db);
      const files = storedFiles(t).length;
      const refused = await send(without);
      expect(refused.status).toBe(403);
      expect(refused.body.details).toMatchObject({ reason: 'missing_permission', permission: command.permission });
      expect(await kycSnapshot(t.db)).toEqual(before);
      expect(storedFiles(t)).toHaveLength(files);
      expect((await send(withIt)).status).toBe(200);
    },
  );
});
