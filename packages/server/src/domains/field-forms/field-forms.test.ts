import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../../test/kyc-kit';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';
import { insertFieldFormPhotos, insertFieldForms, type NewFieldForm } from './index';

const BASE = '/v1/salesagent';
const LISTS = {
  DEPLOYMENT_SUPPORT: `${BASE}/getdeployment_support`,
  VISITATION: `${BASE}/get-visitation-form`,
  RETRIEVAL: `${BASE}/getretrieval_form`,
  SIM_MANAGEMENT: `${BASE}/getsim_management`,
} as const;
const ALL = `${BASE}/field-forms`;

let t: TestApp;
let viewer: Actor;
let outsider: Actor;
const ids: Record<string, number> = {};

/** A form as the app sends it, on the given kind; the rest filled in. */
const form = (overrides: Partial<NewFieldForm> & Pick<NewFieldForm, 'kind'>): NewFieldForm => ({
  officer_name: 'Bola Adeyemi',
  officer_email: 'bola.adeyemi@traction.ng',
  officer_phone: '+2348035550101',
  officer_role: 'MSO',
  business_id: null,
  terminal_id: null,
  state_code: 'LA',
  area: 'Ikeja',
  latitude: 6.6018,
  longitude: 3.3515,
  submitted_at: new Date('2026-11-19T10:00:00.000Z'),
  answers: {},
  sim_action: null,
  sim_network: null,
  sim_serial: null,
  visit_id: null,
  ...overrides,
});

async function insertTerminal(tid: string, serial: string, businessId: number): Promise<number> {
  const row = await t.db
    .insertInto('terminals')
    .values({ serial_no: serial, terminal_id: tid, provider: 'NEXGO', model: 'N86', bank_code: '058', state: 'DEPLOYED', business_id: businessId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = await t.actor({ role: 'staff', permissions: ['field-forms.view'] });
  outsider = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
  ids.shop = (await insertBusiness(t.db, { name: 'Mama Nkechi Provisions' })).id;
  ids.pharmacy = (await insertBusiness(t.db, { name: 'Zenith Pharmacy Kano' })).id;
  ids.terminalA = await insertTerminal('2058ABCD', 'N86-00412', ids.shop);
  ids.terminalB = await insertTerminal('2058WXYZ', 'N86-00977', ids.pharmacy);
  const [support, visit, retrievalA, retrievalB, sim, lateNight, earlyMorning] = await insertFieldForms(t.db, [
    form({
      kind: 'DEPLOYMENT_SUPPORT',
      business_id: ids.shop,
      terminal_id: ids.terminalA,
      summary: 'Training',
      answers: { supportType: 'Training', terminalWorking: 'Yes', comment: 'Showed the cashier how to reprint', oldQuestion: 'kept' },
    }),
    form({
      kind: 'VISITATION',
      business_id: ids.pharmacy,
      terminal_id: ids.terminalB,
      state_code: 'KN',
      area: 'Nassarawa',
      officer_name: 'Halima Musa',
      officer_email: 'halima.musa@traction.ng',
      officer_phone: '+2348025550103',
      summary: 'Routine check',
      answers: { purpose: 'Routine check', merchantPresent: 'Yes' },
      visit_id: 77,
    }),
    form({ kind: 'RETRIEVAL', business_id: ids.shop, terminal_id: ids.terminalA, summary: 'Inactivity', answers: { reason: 'Inactivity' } }),
    form({
      kind: 'RETRIEVAL',
      business_id: ids.pharmacy,
      terminal_id: ids.terminalB,
      state_code: 'KN',
      officer_name: 'Ibrahim Sani',
      officer_email: 'ibrahim.sani@traction.ng',
      officer_phone: '+2347035550107',
      officer_role: 'DSR',
      summary: 'Faulty',
      answers: { reason: 'Faulty' },
      latitude: null,
      longitude: null,
    }),
    form({
      kind: 'SIM_MANAGEMENT',
      terminal_id: ids.terminalA,
      business_id: ids.shop,
      summary: 'Swap',
      sim_action: 'SWAP',
      sim_network: 'MTN',
      sim_serial: '8923401000000000123',
      answers: { action: 'SWAP', network: 'MTN', simSerial: '8923401000000000123' },
    }),
    // 23:30 on 20 November in Lagos (22:30 UTC), and 00:30 on 21 November in Lagos (23:30 UTC on the 20th).
    form({ kind: 'RETRIEVAL', submitted_at: new Date('2026-11-20T22:30:00.000Z'), summary: 'Late', answers: { reason: 'Merchant request' } }),
    form({ kind: 'RETRIEVAL', submitted_at: new Date('2026-11-20T23:30:00.000Z'), summary: 'Early', answers: { reason: 'Merchant request' } }),
  ]);
  Object.assign(ids, { support, visit, retrievalA, retrievalB, sim, lateNight, earlyMorning });
  await t.files.put('a'.repeat(64), SAMPLE_FILES.png);
  await insertFieldFormPhotos(t.db, [
    {
      form_id: ids.retrievalA!,
      caption: 'Terminal at the counter',
      file_key: 'a'.repeat(64),
      content_type: 'image/png',
      size_bytes: SAMPLE_FILES.png.byteLength,
      sha256: createHash('sha256').update(SAMPLE_FILES.png).digest('hex'),
    },
  ]);
  ids.photo = (await t.db.selectFrom('field_form_photos').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

type Rows = { items: { id: number; kind: string; summary: string }[] };
const list = async (path: string, query: Record<string, string> = {}) => {
  const response = await viewer.request<Rows>('GET', path, { query });
  expect(response.status, response.text).toBe(200);
  return response.body.items.map((row) => row.id);
};

describe('the lists of forms', () => {
  it.each([
    ['DEPLOYMENT_SUPPORT', ['support']],
    ['VISITATION', ['visit']],
    ['RETRIEVAL', ['earlyMorning', 'lateNight', 'retrievalB', 'retrievalA']],
    ['SIM_MANAGEMENT', ['sim']],
  ] as const)('lists the %s forms only, newest first', async (kind, expected) => {
    expect(await list(LISTS[kind])).toEqual(expected.map((name) => ids[name]));
  });

  it('lists every kind on Form Responses, and one kind when asked', async () => {
    expect(await list(ALL)).toHaveLength(7);
    expect(await list(ALL, { kind: 'VISITATION' })).toEqual([ids.visit]);
  });

  it('finds the retrieval form of a terminal by its TID or serial exactly, in any case', async () => {
    expect(await list(LISTS.RETRIEVAL, { search: '2058abcd' })).toEqual([ids.retrievalA]);
    expect(await list(LISTS.RETRIEVAL, { search: 'N86-00977' })).toEqual([ids.retrievalB]);
    expect(await list(LISTS.RETRIEVAL, { search: '2058AB' })).toEqual([]);
  });

  it.each([
    ['the start of an officer’s name', { search: 'ibra' }, [() => ids.retrievalB]],
    ['the start of a later word of an officer’s name', { search: 'sani' }, [() => ids.retrievalB]],
    ['the start of a merchant’s name', { search: 'zenith' }, [() => ids.retrievalB]],
    ['a merchant', { businessId: 'shop' }, [() => ids.retrievalA]],
    ['a terminal', { terminal: 'terminalB' }, [() => ids.retrievalB]],
    ['a state', { stateCode: 'KN' }, [() => ids.retrievalB]],
  ] as const)('filters retrievals by %s', async (_case, query, expected) => {
    const resolved = Object.fromEntries(
      Object.entries(query).map(([key, value]) => [key, key === 'businessId' || key === 'terminal' ? String(ids[value]) : value]),
    );
    expect(await list(LISTS.RETRIEVAL, resolved)).toEqual(expected.map((id) => id()));
  });

  it('filters SIM forms by action and network, and finds one by its SIM serial', async () => {
    expect(await list(LISTS.SIM_MANAGEMENT, { simAction: 'SWAP', simNetwork: 'MTN' })).toEqual([ids.sim]);
    expect(await list(LISTS.SIM_MANAGEMENT, { simAction: 'TOP_UP' })).toEqual([]);
    expect(await list(LISTS.SIM_MANAGEMENT, { simNetwork: 'GLO' })).toEqual([]);
    expect(await list(LISTS.SIM_MANAGEMENT, { search: '8923401000000000123' })).toEqual([ids.sim]);
  });

  it('bounds the date range by whole days in Lagos', async () => {
    expect(await list(LISTS.RETRIEVAL, { startdatetime: '2026-11-21' })).toEqual([ids.earlyMorning]);
    expect(await list(LISTS.RETRIEVAL, { startdatetime: '2026-11-20', enddatetime: '2026-11-20' })).toEqual([ids.lateNight]);
    expect(await list(LISTS.RETRIEVAL, { enddatetime: '2026-11-19' })).toEqual([ids.retrievalB, ids.retrievalA]);
  });

  it('answers the row of a form with its merchant, terminal, place and photos', async () => {
    const response = await viewer.request<{ items: Record<string, unknown>[] }>('GET', LISTS.RETRIEVAL, { query: { search: '2058ABCD' } });
    expect(response.body.items[0]).toMatchObject({
      kind: 'RETRIEVAL',
      officerName: 'Bola Adeyemi',
      officerRole: 'MSO',
      businessId: ids.shop,
      businessName: 'Mama Nkechi Provisions',
      terminal: ids.terminalA,
      terminalId: '2058ABCD',
      serialNo: 'N86-00412',
      stateCode: 'LA',
      state: 'Lagos',
      area: 'Ikeja',
      summary: 'Inactivity',
      photos: 1,
      submittedAt: '2026-11-19T10:00:00.000Z',
    });
  });

  it('writes the list as CSV', async () => {
    const csv = await viewer.request('GET', LISTS.RETRIEVAL, { query: { download: 'csv', search: '2058ABCD' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Mama Nkechi Provisions');
    expect(csv.text).toContain('2058ABCD');
    expect(csv.text).not.toContain('Zenith');
  });
});

describe('one form', () => {
  it('shows every answer labelled with its question, in the question order, and its photos', async () => {
    const detail = await viewer.request('GET', `${ALL}/${ids.support}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.answers).toEqual([
      { key: 'supportType', question: 'What support was given?', answer: 'Training' },
      { key: 'terminalWorking', question: 'Is the terminal working after the visit?', answer: 'Yes' },
      { key: 'comment', question: 'Comment', answer: 'Showed the cashier how to reprint' },
      { key: 'oldQuestion', question: 'oldQuestion', answer: 'kept' },
    ]);
    expect(detail.body).toMatchObject({ terminalId: '2058ABCD', terminalState: 'DEPLOYED', photoList: [] });
    const retrieval = await viewer.request('GET', `${ALL}/${ids.retrievalA}`);
    expect(retrieval.body.photoList).toEqual([
      { id: ids.photo, caption: 'Terminal at the counter', contentType: 'image/png', sizeBytes: SAMPLE_FILES.png.byteLength },
    ]);
    const visit = await viewer.request('GET', `${ALL}/${ids.visit}`);
    expect(visit.body).toMatchObject({ visitId: 77, state: 'Kano' });
  });

  it('serves a photo with its content type', async () => {
    const photo = await viewer.request('GET', `${ALL}/${ids.retrievalA}/photos/${ids.photo}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
  });

  it('answers 404 for an unknown form or photo, and a photo of another form', async () => {
    expect((await viewer.request('GET', `${ALL}/999999`)).status).toBe(404);
    expect((await viewer.request('GET', `${ALL}/${ids.retrievalA}/photos/999999`)).status).toBe(404);
    expect((await viewer.request('GET', `${ALL}/${ids.support}/photos/${ids.photo}`)).status).toBe(404);
  });
});

describe('refusals', () => {
  it.each([...Object.values(LISTS), ALL])('refuses %s to an admin without field-forms.view with 403', async (path) => {
    expect((await outsider.request('GET', path)).status).toBe(403);
  });

  it('refuses the detail and the photo without field-forms.view with 403', async () => {
    expect((await outsider.request('GET', `${ALL}/${ids.support}`)).status).toBe(403);
    expect((await outsider.request('GET', `${ALL}/${ids.retrievalA}/photos/${ids.photo}`)).status).toBe(403);
  });

  it.each([
    [LISTS.RETRIEVAL, { stateCode: 'XX' }, 'stateCode'],
    [LISTS.RETRIEVAL, { startdatetime: 'yesterday' }, 'startdatetime'],
    [LISTS.SIM_MANAGEMENT, { simAction: 'BURN' }, 'simAction'],
    [ALL, { kind: 'COMPLAINT' }, 'kind'],
    [ALL, { terminal: 'abc' }, 'terminal'],
  ] as const)('refuses %s with %o with 400 naming the field', async (path, query, field) => {
    const refused = await viewer.request('GET', path, { query });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
  });
});
