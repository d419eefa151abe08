import { readFileSync } from 'node:fs';
import { idNumberNormSql, normaliseIdNumber } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertKycRecord } from '../../test/merchant-fixtures';
import { kycSnapshot } from '../../test/kyc-kit';

let t: TestApp;
let kyc: Actor;
beforeAll(async () => {
  t = await createTestApp();
  kyc = await t.actor({ permissions: ['kyc.view', 'kyc.review', 'kyc.blacklist', 'kyc.override'], email: 'kyc-numbers@traction.ng' });
});
afterAll(() => t.close());

const blacklist = (id: number, idType: string, idNumber: string, note = 'Fraud ring') =>
  kyc.request('POST', `/v1/kyc/blacklist/${id}`, { body: { idType, idNumber, note } });
const setStatus = (id: number, body: Record<string, unknown>) => kyc.request('PUT', `/v1/kyc/verify/${id}/kyc-status`, { body });
const override = (body: Record<string, unknown>) => kyc.request('PUT', '/v1/kyc/override', { body });
const businessRow = (id: number) => t.db.selectFrom('businesses').select(['kyc_exempt', 'bvn_exempt']).where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = (businessId: number) =>
  t.db.selectFrom('business_events').select(['kind', 'message', 'details']).where('business_id', '=', businessId).orderBy('id').execute();

let serial = 0;
/** A passport number no other test uses: a letter and 8 digits. */
const passport = () => {
  serial += 1;
  return `A${String(10_000_000 + serial).padStart(8, '0')}`;
};
/** An 11-digit NIN or BVN no other test uses. */
const elevenDigits = () => {
  serial += 1;
  return String(70_000_000_000 + serial);
};

describe('ID numbers are compared normalised, by the database as by core', () => {
  const SAMPLES = [
    'a1234 5678',
    'A1234-5678',
    ' a12345678\t',
    'a\u00a01234\u20095678',
    'rc-123\n4567',
    'lag43916aa73',
    'ÄÖ-ß ı',
    '\ufeff90f5 1234 5678 9123 456',
    '--',
    '',
  ];

  it('the generated column equals normaliseIdNumber for every sample', async () => {
    const business = await insertBusiness(t.db);
    for (const sample of SAMPLES) {
      const record = await insertKycRecord(t.db, business.id, { document_type: 'PASSPORT', id_number: sample });
      const row = await t.db.selectFrom('kyc_records').select('id_number_norm').where('id', '=', record.id).executeTakeFirstOrThrow();
      expect(row.id_number_norm, JSON.stringify(sample)).toBe(normaliseIdNumber(sample));
    }
  });

  it('migration 0005 holds core’s expression, and the blacklist refuses an unnormalised number', async () => {
    const migration = readFileSync(new URL('../../migrations/0005_kyc_id_numbers.sql', import.meta.url), 'utf8');
    expect(migration.split(idNumberNormSql('id_number')).length - 1).toBe(2);
    await expect(t.db.insertInto('kyc_id_blacklist').values({ id_type: 'NIN', id_number: '123 456', note: 'x' }).execute()).rejects.toThrow(/normalised/);
  });

  it('an index serves finding the records that carry an ID', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await sql<{
        'QUERY PLAN': string;
      }>`explain select id from kyc_records where document_type = 'NIN' and id_number_norm = '12345678901'`.execute(trx);
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('kyc_records_id_number_norm');
  });

  /** Ways people write passport A12345678, applied to the test's own number. */
  const SPELLINGS: [string, (n: string) => string][] = [
    ['a1234 5678', (n) => `${n.slice(0, 5).toLowerCase()} ${n.slice(5)}`],
    ['A1234-5678', (n) => `${n.slice(0, 5)}-${n.slice(5)}`],
    [' a12345678 ', (n) => ` ${n.toLowerCase()} `],
    ['a 1234 5678<tab>', (n) => `${n.slice(0, 1).toLowerCase()} ${n.slice(1, 5)} ${n.slice(5)}\t`],
    ['A<nbsp>1234<nbsp>5678', (n) => `${n.slice(0, 1)}\u00a0${n.slice(1, 5)}\u00a0${n.slice(5)}`],
  ];

  it.each(SPELLINGS)(
    'an ID written %s on one business cannot be approved or exempted once its normal form is blacklisted from another',
    async (_spelling, spell) => {
      const number = passport();
      const written = spell(number);
      expect(written).not.toBe(number);
      expect(normaliseIdNumber(written)).toBe(number);
      const a = await insertBusiness(t.db);
      const b = await insertBusiness(t.db);
      const onA = await insertKycRecord(t.db, a.id, { document_type: 'PASSPORT', id_number: written });
      const onB = await insertKycRecord(t.db, b.id, { document_type: 'PASSPORT', id_number: number });
      const listed = await blacklist(onB.id, 'PASSPORT', number);
      expect(listed.status, listed.text).toBe(200);

      const view = await kyc.request('GET', `/v1/kyc/${onA.id}/kyc-info`);
      expect(view.body.blacklisted).toMatchObject({ idType: 'PASSPORT', idNumber: number });
      expect(view.body.allowedNext).not.toContain('APPROVED');
      const before = await kycSnapshot(t.db);
      const approve = await setStatus(onA.id, { status: 'APPROVED' });
      expect(approve.status, approve.text).toBe(409);
      expect(approve.body.details.reason).toBe('id_blacklisted');
      for (const kycType of [undefined, 'bvn']) {
        const exempt = await override({ businessId: a.id, isexempt: true, ...(kycType ? { kycType } : {}) });
        expect(exempt.status, exempt.text).toBe(409);
        expect(exempt.body.details.reason).toBe('id_blacklisted');
      }
      expect(await kycSnapshot(t.db)).toEqual(before);
    },
  );

  it('a record written with spaces can be blacklisted by its number, and its business BVN is compared too', async () => {
    const bvn = elevenDigits();
    const business = await insertBusiness(t.db, { bvn });
    const record = await insertKycRecord(t.db, business.id, { document_type: 'PASSPORT', id_number: 'b8765 4321' });
    expect((await blacklist(record.id, 'PASSPORT', 'B87654321')).status).toBe(200);
    const other = await insertBusiness(t.db, { bvn });
    await t.db.insertInto('kyc_id_blacklist').values({ id_type: 'BVN', id_number: bvn, note: 'BVN of a fraud ring' }).execute();
    const exempt = await override({ businessId: other.id, isexempt: true });
    expect(exempt.status).toBe(409);
  });
});

describe('blacklisting names an ID the record carries, or its business’s BVN', () => {
  it('refuses an ID that is not on the record with 409, changing nothing', async () => {
    const business = await insertBusiness(t.db, { bvn: elevenDigits() });
    const email = await insertKycRecord(t.db, business.id, { verification_type: 'EMAIL', document_type: null, id_number: null, detail: 'x@shop.ng' });
    const nin = await insertKycRecord(t.db, business.id, { document_type: 'NIN', id_number: '1234 5678 901' });
    const before = await kycSnapshot(t.db);
    const cases = [
      [email.id, 'NIN', '99999999999', /not on KYC record #\d+ \(it carries no ID number\)/],
      [nin.id, 'NIN', '99999999999', /not on KYC record #\d+ \(it carries NIN ••••8901\)/],
      // the right digits as the wrong type
      [nin.id, 'BVN', '12345678901', /is not the BVN of its business/],
      [email.id, 'BVN', '99999999999', /is not the BVN of its business/],
    ] as const;
    for (const [id, idType, idNumber, message] of cases) {
      const answer = await blacklist(id, idType, idNumber);
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body.details.reason).toBe('id_not_on_record');
      expect(answer.body.message).toMatch(message);
      expect(answer.body.message).toContain('nothing was blacklisted');
      expect(answer.body.message).not.toContain('99999999999');
    }
    expect(await kycSnapshot(t.db)).toEqual(before);
    expect((await t.db.selectFrom('kyc_records').select('status').where('id', '=', email.id).executeTakeFirstOrThrow()).status).toBe('PENDING');

    // The ID on the record, written differently, is accepted.
    const ok = await blacklist(nin.id, 'NIN', '123-456-789-01');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.record.status).toBe('REJECTED');
  });

  it('accepts the business’s BVN from any of its records, leaving a record that does not carry it as it is', async () => {
    const bvn = elevenDigits();
    const business = await insertBusiness(t.db, { bvn });
    const email = await insertKycRecord(t.db, business.id, { verification_type: 'EMAIL', document_type: null, id_number: null, detail: 'y@shop.ng' });
    const answer = await blacklist(email.id, 'BVN', `${bvn.slice(0, 3)}-${bvn.slice(3, 7)} ${bvn.slice(7)}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.entry).toMatchObject({ idType: 'BVN', idNumber: bvn, kycId: email.id });
    expect(answer.body.record.status).toBe('PENDING');
    expect((await eventsOf(business.id)).map((event) => event.kind)).toEqual(['kyc.blacklisted']);
  });
});

describe('full ID numbers stay with kyc.view', () => {
  it('business logs, their CSV, the merchant page and refusals show the last 4 only', async () => {
    const nin = elevenDigits();
    const bvn = elevenDigits();
    const business = await insertBusiness(t.db, { name: 'Masked Numbers Ltd', bvn });
    const record = await insertKycRecord(t.db, business.id, { document_type: 'NIN', id_number: nin });
    const other = await insertKycRecord(t.db, business.id, { document_type: 'NIN', id_number: nin });
    expect((await blacklist(record.id, 'NIN', nin)).status).toBe(200);
    const email = await insertKycRecord(t.db, business.id, { verification_type: 'EMAIL', document_type: null, id_number: null });
    expect((await blacklist(email.id, 'BVN', bvn)).status).toBe(200);

    const refusals = [
      await setStatus(other.id, { status: 'APPROVED' }),
      await override({ businessId: business.id, isexempt: true }),
      await blacklist(other.id, 'NIN', nin),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(409);
      expect(refused.text).toContain(`••••${nin.slice(-4)}`);
      expect(refused.text).not.toContain(nin);
    }

    const viewer = await t.actor({ permissions: ['merchants.view'] });
    const logs = await viewer.request('GET', '/v1/businesses/logs', { query: { businessId: String(business.id) } });
    expect(logs.status, logs.text).toBe(200);
    const blacklisted = logs.body.items.filter((item: { kind: string }) => item.kind === 'kyc.blacklisted');
    expect(blacklisted.map((item: { message: string }) => item.message).sort()).toEqual(
      [
        `BVN ••••${bvn.slice(-4)} blacklisted from KYC record #${email.id}: Fraud ring`,
        `NIN ••••${nin.slice(-4)} blacklisted from KYC record #${record.id}: Fraud ring`,
      ].sort(),
    );
    const csv = await viewer.request('GET', '/v1/businesses/logs', { query: { businessId: String(business.id), download: 'csv' } });
    const page = await viewer.request('GET', `/v1/businesses/${business.id}`);
    expect(page.status, page.text).toBe(200);
    const stored = JSON.stringify(await eventsOf(business.id));
    const audit = JSON.stringify(await t.db.selectFrom('audit_log').select('message').where('admin_id', '=', kyc.id).execute());
    for (const text of [logs.text, csv.text, page.text, stored, audit]) {
      expect(text).not.toContain(nin);
      expect(text).not.toContain(bvn);
    }
    expect(csv.text).toContain(`••••${nin.slice(-4)}`);
  });
});

describe('blacklisting an ID withdraws the exemptions of every business that used it', () => {
  it('clears KYC and BVN exemptions in the same step, with a kyc.override event saying why', async () => {
    const nin = elevenDigits();
    const found = await insertBusiness(t.db);
    const sharing = await insertBusiness(t.db);
    const bystander = await insertBusiness(t.db);
    const record = await insertKycRecord(t.db, found.id, { document_type: 'NIN', id_number: nin });
    await insertKycRecord(t.db, sharing.id, { document_type: 'NIN', id_number: `${nin.slice(0, 5)} ${nin.slice(5)}`, status: 'APPROVED' });
    await insertKycRecord(t.db, bystander.id, { document_type: 'BVN', id_number: nin });
    for (const [id, kycType] of [
      [found.id, undefined],
      [found.id, 'bvn'],
      [sharing.id, 'bvn'],
      [bystander.id, undefined],
    ] as const) {
      expect((await override({ businessId: id, isexempt: true, ...(kycType ? { kycType } : {}) })).status).toBe(200);
    }

    const answer = await blacklist(record.id, 'NIN', nin, 'Same NIN on unrelated businesses');
    expect(answer.status, answer.text).toBe(200);
    expect(await businessRow(found.id)).toEqual({ kyc_exempt: false, bvn_exempt: false });
    expect(await businessRow(sharing.id)).toEqual({ kyc_exempt: false, bvn_exempt: false });
    // A BVN with the same digits is another ID.
    expect(await businessRow(bystander.id)).toEqual({ kyc_exempt: true, bvn_exempt: false });

    const shown = `NIN ••••${nin.slice(-4)}`;
    const foundEvents = await eventsOf(found.id);
    expect(foundEvents.map((event) => event.kind)).toEqual(['kyc.override', 'kyc.override', 'kyc.blacklisted', 'kyc.status', 'kyc.override']);
    expect(foundEvents.at(-1)).toMatchObject({
      message: `No longer exempt from KYC and the BVN check: ${shown}, which it used, was blacklisted`,
      details: { isexempt: false, reason: 'id_blacklisted', kycId: record.id, idType: 'NIN', idNumber: `••••${nin.slice(-4)}` },
    });
    expect((await eventsOf(sharing.id)).at(-1)).toMatchObject({
      kind: 'kyc.override',
      message: `No longer exempt from the BVN check: ${shown}, which it used, was blacklisted`,
    });
    expect((await eventsOf(bystander.id)).map((event) => event.kind)).toEqual(['kyc.override']);
    const overrideBy = await t.db.selectFrom('businesses').select(['kyc_override_by']).where('id', '=', sharing.id).executeTakeFirstOrThrow();
    expect(overrideBy.kyc_override_by).toBe(kyc.id);
  });

  it('blacklisting a BVN clears the exemptions of the businesses holding it', async () => {
    const bvn = elevenDigits();
    const holder = await insertBusiness(t.db, { bvn, kyc_exempt: true, bvn_exempt: true });
    const alsoHolder = await insertBusiness(t.db, { bvn, bvn_exempt: true });
    const email = await insertKycRecord(t.db, holder.id, { verification_type: 'EMAIL', document_type: null, id_number: null });
    expect((await blacklist(email.id, 'BVN', bvn)).status).toBe(200);
    expect(await businessRow(holder.id)).toEqual({ kyc_exempt: false, bvn_exempt: false });
    expect(await businessRow(alsoHolder.id)).toEqual({ kyc_exempt: false, bvn_exempt: false });
    expect((await eventsOf(alsoHolder.id)).map((event) => event.message)).toEqual([
      `No longer exempt from the BVN check: BVN ••••${bvn.slice(-4)}, which it used, was blacklisted`,
    ]);
  });

  it('a refused blacklisting leaves exemptions as they are', async () => {
    const business = await insertBusiness(t.db, { kyc_exempt: true });
    const record = await insertKycRecord(t.db, business.id, { document_type: 'NIN', id_number: elevenDigits() });
    const before = await kycSnapshot(t.db);
    expect((await blacklist(record.id, 'NIN', elevenDigits())).status).toBe(409);
    expect(await kycSnapshot(t.db)).toEqual(before);
  });
});
