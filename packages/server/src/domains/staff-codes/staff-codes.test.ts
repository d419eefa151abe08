import { NOT_A_STAFF_CODE_MESSAGE, STAFF_LOOKUPS_PER_ADDRESS } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES, jpegOfSize, storedFiles } from '../../test/kyc-kit';
import { createTestApp, type Actor, type LooseBody, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';
import { countStaffCodeSignUps, recordStaffReferral } from './index';

const LIST = '/v1/staff/retrieve';
const CREATE = '/v1/staff/create';
const publicPath = (code: string) => `/v1/staff/retrieve/public/${encodeURIComponent(code)}`;

let t: TestApp;
let manager: Actor;
let viewer: Actor;
let ip = 0;
/** A fresh address for each public lookup that is not about the rate limit. */
const nextAddress = () => `203.0.113.${++ip}`;

const person = (overrides: Record<string, string> = {}) => ({
  name: 'Adaeze Okafor',
  email: 'Adaeze.Okafor@Traction.ng',
  phone: '0803 555 0101',
  role: 'Merchant Sales Officer',
  ...overrides,
});

/** POST create as the console sends it: multipart, the photo as the part `photo`. */
async function createAs(actor: Actor, fields: Record<string, string>, photo?: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== '') form.append(key, value);
  if (photo) form.append('photo', new File([photo.bytes as Uint8Array<ArrayBuffer>], photo.name, { type: 'image/jpeg' }));
  const response = await t.app.request(CREATE, {
    method: 'POST',
    headers: { authorization: `Bearer ${actor.token}`, 'device-id': actor.deviceId },
    body: form,
  });
  const text = await response.text();
  let body: LooseBody = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}

const lookUp = (code: string, address = nextAddress()) => t.request('GET', publicPath(code), { headers: { 'x-forwarded-for': address } });
const codeCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('staff_codes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ role: 'staff', permissions: ['staff-codes.view', 'staff-codes.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['staff-codes.view'] });
});
afterAll(() => t.close());

describe('creating staff codes', () => {
  it('creates a code for a staff member with a photo, kept upper-case, the email lower-case and the phone as +234…, audited', async () => {
    const created = await createAs(manager, { ...person(), code: 'trc4821' }, { bytes: SAMPLE_FILES.png, name: 'adaeze.png' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.staffCode).toMatchObject({
      code: 'TRC4821',
      name: 'Adaeze Okafor',
      email: 'adaeze.okafor@traction.ng',
      phone: '+2348035550101',
      role: 'Merchant Sales Officer',
      status: 'ACTIVE',
      hasPhoto: true,
      signUps: 0,
      lastSignUpAt: null,
      createdBy: expect.stringContaining('Test'),
    });
    expect(created.body.message).toContain('TRC4821');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['command_id', 'outcome', 'subject_kind', 'subject_name'])
      .where('command_id', '=', 'staff-codes.create')
      .execute();
    expect(audit).toEqual([
      { command_id: 'staff-codes.create', outcome: 'ok', subject_kind: 'staff-code', subject_name: 'staff code TRC4821 (Adaeze Okafor)' },
    ]);
  });

  it('makes a code when none is given: TR and six letters and digits nobody misreads', async () => {
    const created = await createAs(manager, person({ name: 'Musa Bello', email: 'musa.bello@traction.ng', phone: '07015550202', role: 'Field Officer' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.staffCode.code).toMatch(/^TR[A-HJKMNP-Z2-9]{6}$/);
    expect(created.body.staffCode.hasPhoto).toBe(false);
  });

  it('refuses a code already in use, whatever its case, with 409 naming the code', async () => {
    const before = await codeCount();
    const taken = await createAs(manager, person({ code: 'Trc4821', email: 'someone.else@traction.ng' }));
    expect(taken.status).toBe(409);
    expect(taken.body.details).toMatchObject({ reason: 'code_taken', fields: [{ field: 'code' }] });
    expect(await codeCount()).toBe(before);
  });

  it('refuses a second active code for the same staff member with 409 naming the email', async () => {
    const twice = await createAs(manager, person({ code: 'ADA2026', email: 'ADAEZE.okafor@traction.ng' }));
    expect(twice.status).toBe(409);
    expect(twice.body.details).toMatchObject({ reason: 'email_has_code', fields: [{ field: 'email' }] });
    expect(twice.body.message).toContain('TRC4821');
  });

  it.each([
    ['a code too short', { code: 'AB12' }, 'code'],
    ['a code with punctuation', { code: 'TRC-4821' }, 'code'],
    ['a missing name', { name: '' }, 'name'],
    ['an email that is not one', { email: 'adaeze' }, 'email'],
    ['a phone number that is not Nigerian', { phone: '+44 20 7946 0000' }, 'phone'],
    ['a missing role', { role: '' }, 'role'],
  ])('refuses %s with 400 naming the field', async (_case, overrides, field) => {
    const refused = await createAs(manager, person({ email: 'new.person@traction.ng', ...overrides }));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
  });

  it('refuses a photo that is not a JPEG or PNG (415), or larger than 1 MB (413), keeping nothing', async () => {
    const before = await codeCount();
    const files = storedFiles(t).length;
    const pdf = await createAs(manager, person({ email: 'pdf.person@traction.ng' }), { bytes: SAMPLE_FILES.pdf, name: 'photo.jpg' });
    expect(pdf.status).toBe(415);
    expect(pdf.body.details.fields[0].field).toBe('photo');
    const large = await createAs(manager, person({ email: 'large.person@traction.ng' }), { bytes: jpegOfSize(1_048_577), name: 'large.jpg' });
    expect(large.status).toBe(413);
    expect(large.body.details.fields[0].field).toBe('photo');
    expect(await codeCount()).toBe(before);
    expect(storedFiles(t)).toHaveLength(files);
  });

  it('refuses an admin without staff-codes.manage with 403, and one without staff-codes.view the list', async () => {
    const refused = await createAs(viewer, person({ email: 'viewer.made@traction.ng' }));
    expect(refused.status).toBe(403);
    const outsider = await t.actor({ role: 'staff', permissions: ['merchants.view'] });
    expect((await outsider.request('GET', LIST)).status).toBe(403);
    expect((await outsider.request('GET', LIST, { query: { download: 'csv' } })).status).toBe(403);
  });
});

describe('the list of staff codes', () => {
  let referred: number;
  beforeAll(async () => {
    // Two merchants signed up with TRC4821, through the domain's own operation.
    for (const name of ['Bisi Provisions', 'Chika Pharmacy']) {
      const business = await insertBusiness(t.db, { name });
      referred = await recordStaffReferral(t.db, { businessId: business.id, code: 'trc4821', at: t.clock.now() });
    }
  });

  it('counts the merchants who signed up with each code, newest code first', async () => {
    const all = await viewer.request('GET', LIST);
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pageSize: 100 });
    const adaeze = all.body.items.find((row: { code: string }) => row.code === 'TRC4821');
    expect(adaeze).toMatchObject({ id: referred, signUps: 2, lastSignUpAt: t.clock.now().toISOString() });
    expect(all.body.items[0].name).toBe('Musa Bello');
    expect((await countStaffCodeSignUps(t.db, [referred])).get(referred)).toBe(2);
  });

  it.each([
    ['a code in any case', 'trc4821', ['Adaeze Okafor']],
    ['the start of a later word of a name', 'OKAF', ['Adaeze Okafor']],
    ['the start of an email', 'musa.b', ['Musa Bello']],
    ['a phone number written the local way', '0701 555 0202', ['Musa Bello']],
    ['a run of a phone number’s digits', '5550101', ['Adaeze Okafor']],
    ['the middle of a word (no match)', 'daeze', []],
  ])('searches by %s', async (_case, search, expected) => {
    const found = await viewer.request('GET', LIST, { query: { search } });
    expect(found.status, found.text).toBe(200);
    expect(found.body.items.map((row: { name: string }) => row.name)).toEqual(expected);
  });

  it('downloads the list as CSV', async () => {
    const csv = await viewer.request('GET', LIST, { query: { search: 'TRC4821', download: 'csv' } });
    expect(csv.status, csv.text).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('Code,Staff member,Role,Email,Phone,Status,Sign-ups,Last sign-up,Created,Created by');
    expect(lines[1]).toContain("TRC4821,Adaeze Okafor,Merchant Sales Officer,adaeze.okafor@traction.ng,'+2348035550101,ACTIVE,2,");
  });

  it('refuses a status that is not one with 400 naming the field', async () => {
    const refused = await viewer.request('GET', LIST, { query: { status: 'RETIRED' } });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields[0].field).toBe('status');
  });
});

describe('the public staff verification portal', () => {
  it('answers only the name, role and photo of an active code, without sign-in, whatever the case typed', async () => {
    const found = await lookUp('trc4821');
    expect(found.status, found.text).toBe(200);
    expect(Object.keys(found.body).sort()).toEqual(['message', 'name', 'photo', 'role']);
    expect(found.body).toMatchObject({ name: 'Adaeze Okafor', role: 'Merchant Sales Officer' });
    expect(found.body.photo).toBe(`data:image/png;base64,${Buffer.from(SAMPLE_FILES.png).toString('base64')}`);
    expect(found.text).not.toContain('traction.ng');
    expect(found.text).not.toContain('555');
  });

  it('answers a code without a photo with a null photo', async () => {
    const musa = await viewer.request('GET', LIST, { query: { search: 'musa' } });
    const found = await lookUp(musa.body.items[0].code);
    expect(found.status).toBe(200);
    expect(found.body.photo).toBeNull();
  });

  it('answers an unknown and a deactivated code with the same 404, and a malformed one with 400', async () => {
    const unknown = await lookUp('NOSUCH1');
    const made = await createAs(manager, person({ code: 'GONE2026', name: 'Tunde Bakare', email: 'tunde@traction.ng', phone: '08095550303' }));
    const off = await manager.request('PATCH', `/v1/staff/${made.body.staffCode.id}/status`, { body: { status: 'DEACTIVATED', reason: 'Left the company' } });
    expect(off.status, off.text).toBe(200);
    const deactivated = await lookUp('gone2026');
    expect(unknown.status).toBe(404);
    expect(deactivated.status).toBe(404);
    expect(deactivated.body).toEqual(unknown.body);
    expect(unknown.body.message).toBe(NOT_A_STAFF_CODE_MESSAGE);
    const malformed = await lookUp('no');
    expect(malformed.status).toBe(400);
    expect(malformed.body.details.fields[0].field).toBe('code');
  });

  it(`allows ${STAFF_LOOKUPS_PER_ADDRESS} lookups per address in 10 minutes, found or not, then 429 with Retry-After`, async () => {
    const address = '198.51.100.77';
    for (let n = 0; n < STAFF_LOOKUPS_PER_ADDRESS; n++) {
      const answer = await lookUp(n % 2 === 0 ? 'TRC4821' : `GUESS${String(n).padStart(3, '0')}`, address);
      expect(answer.status).toBe(n % 2 === 0 ? 200 : 404);
    }
    const over = await lookUp('TRC4821', address);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back; the first is free again once the window has passed.
    expect((await lookUp('TRC4821')).status).toBe(200);
    t.clock.advance(10 * 60_000 + 1_000);
    expect((await lookUp('TRC4821', address)).status).toBe(200);
  });
});

describe('deactivating, reactivating and deleting', () => {
  const idOf = async (code: string) => (await viewer.request('GET', LIST, { query: { search: code } })).body.items[0].id as number;

  it('deactivates and reactivates with a reason, refusing the state it is already in with 409', async () => {
    const id = await idOf('TRC4821');
    const off = await manager.request('PATCH', `/v1/staff/${id}/status`, { body: { status: 'DEACTIVATED', reason: 'Code shared on social media' } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.staffCode).toMatchObject({ status: 'DEACTIVATED', statusReason: 'Code shared on social media', signUps: 2 });
    expect(off.body.message).toContain('2 merchants who signed up with it keep their link');
    const again = await manager.request('PATCH', `/v1/staff/${id}/status`, { body: { status: 'DEACTIVATED', reason: 'Again' } });
    expect(again.status).toBe(409);
    expect((await lookUp('TRC4821')).status).toBe(404);
    await expect(recordStaffReferral(t.db, { businessId: (await insertBusiness(t.db)).id, code: 'TRC4821', at: t.clock.now() })).rejects.toMatchObject({
      status: 400,
    });
    const on = await manager.request('PATCH', `/v1/staff/${id}/status`, { body: { status: 'ACTIVE', reason: 'New cards printed' } });
    expect(on.status, on.text).toBe(200);
    expect((await lookUp('TRC4821')).status).toBe(200);
  });

  it.each([
    ['a status that is not one', { status: 'RETIRED', reason: 'Because' }, 'status'],
    ['no reason', { status: 'DEACTIVATED' }, 'reason'],
  ])('refuses %s with 400 naming the field', async (_case, body, field) => {
    const refused = await manager.request('PATCH', `/v1/staff/${await idOf('TRC4821')}/status`, { body });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
  });

  it('refuses to delete a code merchants signed up with (409, deactivate instead), and deletes one without, with its photo', async () => {
    const id = await idOf('TRC4821');
    const refused = await manager.request('DELETE', `/v1/staff/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatchObject({ reason: 'has_sign_ups', signUps: 2 });
    expect(refused.body.message).toContain('Deactivate it instead');

    const files = storedFiles(t).length;
    const made = await createAs(manager, person({ code: 'OOPS0001', name: 'Wrong Person', email: 'wrong@traction.ng' }), {
      bytes: SAMPLE_FILES.jpeg,
      name: 'x.jpg',
    });
    expect(storedFiles(t)).toHaveLength(files + 1);
    const photo = await manager.request('GET', `/v1/staff/${made.body.staffCode.id}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const deleted = await manager.request('DELETE', `/v1/staff/${made.body.staffCode.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(storedFiles(t)).toHaveLength(files);
    expect((await manager.request('DELETE', `/v1/staff/${made.body.staffCode.id}`)).status).toBe(404);
  });

  it('refuses the changes to an admin without staff-codes.manage with 403', async () => {
    const id = await idOf('TRC4821');
    expect((await viewer.request('PATCH', `/v1/staff/${id}/status`, { body: { status: 'DEACTIVATED', reason: 'Nope' } })).status).toBe(403);
    expect((await viewer.request('DELETE', `/v1/staff/${id}`)).status).toBe(403);
  });
});
