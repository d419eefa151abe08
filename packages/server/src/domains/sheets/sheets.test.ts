import { utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type LooseBody, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';
import { auditRows } from '../../test/merchant-rows';

const MASTER = '/v1/merchantvisitation/terminal-mastersheet';
const LOCATION = '/v1/merchantvisitation/terminal-location-sheet';
const WEEKLY = '/v1/merchantvisitation/terminal-weekly-visitation-sheet';

let t: TestApp;
let uploader: Actor;
let viewer: Actor;
let stranger: Actor;
let ada: { id: number; name: string };
let bola: { id: number; name: string };
let mappedTerminal: number;

type Loose = LooseBody;

beforeAll(async () => {
  t = await createTestApp();
  uploader = await t.actor({ role: 'staff', permissions: ['sheets.view', 'sheets.upload'] });
  viewer = await t.actor({ role: 'staff', permissions: ['sheets.view'] });
  stranger = await t.actor({ role: 'staff', permissions: [] });
  ada = await insertBusiness(t.db, { name: 'Ada Stores' });
  bola = await insertBusiness(t.db, { name: 'Bola Pharmacy' });
  const terminal = (serial: string, tid: string, businessId: number | null) =>
    t.db
      .insertInto('terminals')
      .values({
        serial_no: serial,
        terminal_id: tid,
        provider: 'Accelerex',
        model: 'A920',
        bank_code: '058',
        business_id: businessId,
        state: businessId === null ? 'IN_STOCK' : 'DEPLOYED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  mappedTerminal = (await terminal('ACX-1', '2ACX0001', ada.id)).id;
  await terminal('ACX-2', '2ACX0002', bola.id);
  await terminal('ACX-3', '2ACX0003', null);
});
afterAll(() => t.close());

async function upload(path: string, as: Actor, file: { bytes: Uint8Array; name: string }, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  const response = await t.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${as.token}`, 'device-id': as.deviceId }, body: form });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Loose, text };
}

const csv = (rows: (string | number)[][]) => ({ bytes: new TextEncoder().encode(rows.map((row) => row.join(',')).join('\n')), name: 'sheet.csv' });
const xlsx = (rows: unknown[][]) => {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Sheet1');
  return { bytes: new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer), name: 'mastersheet.xlsx' };
};
const versionCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sheet_versions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const MASTER_HEADER = ['Serial No', 'TID', 'Merchant ID', 'Merchant Name', 'State', 'Address', 'Status'];
const SMALL_MASTER = [MASTER_HEADER, ['ACX-1', '2ACX0001', '', 'Ada Stores', 'Lagos', '12 Allen Avenue', 'Deployed']];

describe('uploading the terminal mastersheet', () => {
  it('checks an XLSX without keeping anything, then keeps it as version 1 with links and flags', async () => {
    const rows = [
      MASTER_HEADER,
      ['ACX-1', '2ACX0001', ada.id, 'Ada Stores', 'Lagos', '12 Allen Avenue', 'Deployed'],
      ['ACX-2', '2acx0002', '', 'Bola Pharmacy', 'Oyo', '3 Ring Road', 'Deployed'],
      ['ACX-9', '2ACX0009', '', 'Chika Foods', 'Enugu', '4 Ogui Road', 'In stock'],
      ['ACX-3', '2ACX0003', bola.id, 'Bola Pharmacy', 'Oyo', '5 Ring Road', 'Deployed'], // in stock in the system, not at Bola
    ];
    const file = xlsx(rows);
    const checked = await upload(MASTER, uploader, file, { check: 'true' });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toMatchObject({ checked: true, version: null, rows: 4, good: 4, flagged: 1, problems: [] });
    expect(checked.body.message).toMatch(/^All 4 rows are good: save the file as Terminal Mastersheet version 1\. 1 row contradicts the system/);
    expect(await versionCount()).toBe(0);

    const saved = await upload(MASTER, uploader, file, { tag: 'October audit', version: '1' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.version).toMatchObject({
      source: 'terminal-mastersheet',
      version: 1,
      tag: 'October audit',
      rowCount: 4,
      flaggedCount: 1,
      linkedCount: 3,
    });
    expect((await auditRows(t.db, 'sheets.upload')).length).toBeGreaterThan(0);

    const list = await viewer.request('GET', MASTER);
    expect(list.status, list.text).toBe(200);
    expect(list.body.total).toBe(4);
    const [first, second, third, fourth] = list.body.items;
    expect(first).toMatchObject({
      version: 1,
      rowNumber: 1,
      key: '2ACX0001',
      terminalId: mappedTerminal,
      businessId: ada.id,
      businessName: 'Ada Stores',
      flag: null,
    });
    expect(first.details).toBe(`Serial No: ACX-1 · Merchant ID: ${ada.id} · State: Lagos · Address: 12 Allen Avenue · Status: Deployed`);
    expect(second).toMatchObject({ key: '2ACX0002', businessId: bola.id, flag: null });
    expect(third).toMatchObject({ key: '2ACX0009', terminalId: null, businessId: null, flag: null });
    expect(fourth.flag).toBe(`terminal 2ACX0003 is at no merchant in the system, not #${bola.id} Bola Pharmacy`);

    const flagged = await viewer.request('GET', MASTER, { query: { flagged: 'true' } });
    expect(flagged.body.items.map((row: Loose) => row.key)).toEqual(['2ACX0003']);
  });

  it('refuses a file with bad rows whole, naming every one, and keeps nothing', async () => {
    const before = await versionCount();
    const file = csv([
      MASTER_HEADER,
      ['ACX-1', '2ACX0001', '', 'Ada Stores', 'Lagos', '', ''],
      ['ACX-5', '', '', 'No TID', 'Lagos', '', ''],
      ['ACX-6', '2ACX00X', 'twelve', 'Bad', 'Lagos', '', ''],
      ['ACX-7', '2acx0001', '', 'Again', 'Lagos', '', ''],
    ]);
    const refused = await upload(MASTER, uploader, file);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toMatch(/^3 rows are bad: nothing was saved/);
    expect(refused.body.details.fields[0].field).toBe('file');
    expect(refused.body.details.problems.map((problem: Loose) => `${problem.row} ${problem.field}: ${problem.message}`)).toEqual([
      '2 tid: is empty',
      '3 tid: must be 8 digits or capital letters',
      '3 merchant_id: must be a whole number',
      '4 tid: appears again in the file (first at row 1)',
    ]);
    expect(await versionCount()).toBe(before);
  });

  it('keeps a CSV as the next version, refuses a taken version with 409 and a skipped one with 400', async () => {
    const file = csv([
      MASTER_HEADER,
      ['ACX-1', '2ACX0001', String(ada.id), 'Ada Stores', 'Lagos', '14 Allen Avenue', 'Deployed'], // address changed
      ['ACX-2', '2ACX0002', String(bola.id), 'Bola Pharmacy', 'Oyo', '3 Ring Road', 'Deployed'], // merchant ID added
      ['ACX-4', '2ACX0004', '', 'Dayo Ventures', 'Lagos', '1 Marina', 'Deployed'], // new
      ['ACX-3', '2ACX0003', '', '', 'Oyo', '5 Ring Road', 'In stock'], // flag gone: no merchant named
    ]);
    const taken = await upload(MASTER, uploader, file, { version: '1' });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.body.details).toMatchObject({ reason: 'version_taken', latest: 1 });
    const skipped = await upload(MASTER, uploader, file, { version: '5' });
    expect(skipped.status).toBe(400);
    expect(skipped.body.details.fields[0]).toMatchObject({ field: 'version', message: 'must be 2, the next version' });
    const saved = await upload(MASTER, uploader, file, { tag: 'November audit' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.version).toMatchObject({ version: 2, tag: 'November audit', flaggedCount: 0 });
    expect(saved.body.message).toBe('Terminal Mastersheet version 2 saved: 4 rows.');

    const versions = await viewer.request('GET', `${MASTER}/versions`);
    expect(versions.body.items.map((row: Loose) => [row.version, row.tag])).toEqual([
      [2, 'November audit'],
      [1, 'October audit'],
    ]);
    const tagged = await viewer.request('GET', `${MASTER}/versions`, { query: { search: 'octo' } });
    expect(tagged.body.items.map((row: Loose) => row.version)).toEqual([1]);
    const future = await viewer.request('GET', `${MASTER}/versions`, { query: { startdatetime: '2999-01-01' } });
    expect(future.body.total).toBe(0);

    // The latest version unless another is asked for.
    expect((await viewer.request('GET', MASTER)).body.items.map((row: Loose) => row.key)).toEqual(['2ACX0001', '2ACX0002', '2ACX0004', '2ACX0003']);
    expect((await viewer.request('GET', MASTER, { query: { version: '1' } })).body.total).toBe(4);
    expect((await viewer.request('GET', MASTER, { query: { version: '9' } })).status).toBe(404);
  });

  it('compares two versions exactly: rows added, removed and changed with the changed cells', async () => {
    const compared = await viewer.request('GET', `${MASTER}/compare`, { query: { from: '1', to: '2' } });
    expect(compared.status, compared.text).toBe(200);
    const body = compared.body;
    expect(body.added.map((row: Loose) => row.key)).toEqual(['2ACX0004']);
    expect(body.removed.map((row: Loose) => row.key)).toEqual(['2ACX0009']);
    expect(body.changed.map((row: Loose) => [row.key, row.changedColumns])).toEqual([
      ['2ACX0001', ['address']],
      ['2ACX0002', ['merchant_id']],
      ['2ACX0003', ['merchant_id', 'merchant_name', 'status']],
    ]);
    expect(body.changed[0].before.cells.address).toBe('12 Allen Avenue');
    expect(body.changed[0].after.cells.address).toBe('14 Allen Avenue');
    expect(body.unchanged).toBe(0);
    expect(body.message).toBe('Terminal Mastersheet version 2 against version 1: 1 row added, 1 removed, 3 changed, 0 the same.');
    // By default the latest against the one before it.
    const latest = await viewer.request('GET', `${MASTER}/compare`);
    expect(latest.body.changed.length).toBe(3);
    expect((await viewer.request('GET', `${MASTER}/compare`, { query: { from: '2', to: '2' } })).status).toBe(400);
    expect((await viewer.request('GET', `${MASTER}/compare`, { query: { from: '7' } })).status).toBe(404);
  });

  it('searches by TID prefix, serial number and merchant name start, and shows what each version logged for a terminal', async () => {
    const search = async (text: string) => (await viewer.request('GET', MASTER, { query: { search: text } })).body.items.map((row: Loose) => row.key);
    expect(await search('2acx000')).toEqual(['2ACX0001', '2ACX0002', '2ACX0004', '2ACX0003']);
    expect(await search('acx-4')).toEqual(['2ACX0004']);
    expect(await search('bola')).toEqual(['2ACX0002']);
    expect(await search('pharm')).toEqual([]);
    const logged = await viewer.request('GET', `${MASTER}/logged`, { query: { terminal: 'ACX-1' } });
    expect(logged.status, logged.text).toBe(200);
    expect(logged.body.items.map((row: Loose) => [row.version, row.cells.address])).toEqual([
      [2, '14 Allen Avenue'],
      [1, '12 Allen Avenue'],
    ]);
  });
});

describe('the other sheets', () => {
  it('takes a location sheet with checked coordinates and a weekly visitation sheet keyed by week and TID', async () => {
    const badLocation = await upload(
      LOCATION,
      uploader,
      csv([
        ['TID', 'State', 'LGA', 'Address', 'Lat', 'Lng'],
        ['2ACX0001', 'Lagos', 'Ikeja', 'x', '96.1', '3.3'],
      ]),
    );
    expect(badLocation.status).toBe(400);
    expect(badLocation.body.details.problems[0]).toMatchObject({ row: 1, field: 'latitude', message: 'must be decimal degrees between -90 and 90' });
    const location = await upload(
      LOCATION,
      uploader,
      csv([
        ['TID', 'State', 'LGA', 'Address', 'Latitude', 'Longitude'],
        ['2ACX0001', 'Lagos', 'Ikeja', 'x', '6.6', '3.35'],
      ]),
    );
    expect(location.status, location.text).toBe(200);
    expect(location.body.version.version).toBe(1);

    const weekly = await upload(
      WEEKLY,
      uploader,
      csv([
        ['Week starting', 'TID', 'Merchant Name', 'Officer', 'Visited (Y/N)', 'Notes'],
        ['2026-11-16', '2ACX0001', 'Ada Stores', 'Adaeze', 'yes', ''],
        ['2026-11-23', '2ACX0001', 'Bola Pharmacy', 'Adaeze', 'N', 'closed'],
        ['2026-11-31', '2ACX0002', 'Bola Pharmacy', 'Adaeze', 'maybe', ''],
      ]),
    );
    expect(weekly.status).toBe(400);
    expect(weekly.body.details.problems.map((problem: Loose) => `${problem.row} ${problem.field}`)).toEqual(['3 week_starting', '3 visited']);
    const good = await upload(
      WEEKLY,
      uploader,
      csv([
        ['Week starting', 'TID', 'Merchant Name', 'Officer', 'Visited (Y/N)', 'Notes'],
        ['2026-11-16', '2ACX0001', 'Ada Stores', 'Adaeze', 'yes', ''],
        ['2026-11-23', '2ACX0001', 'Bola Pharmacy', 'Adaeze', 'N', 'closed'],
      ]),
    );
    expect(good.status, good.text).toBe(200);
    const rows = (await viewer.request('GET', WEEKLY)).body.items;
    expect(rows.map((row: Loose) => [row.key, row.cells.visited, row.flag])).toEqual([
      ['2026-11-16 / 2ACX0001', 'Y', null],
      ['2026-11-23 / 2ACX0001', 'N', `terminal 2ACX0001 is at merchant #${ada.id} Ada Stores in the system, not Bola Pharmacy`],
    ]);
  });
});

describe('who may, and bad input', () => {
  it('needs sheets.upload to upload and sheets.view to read', async () => {
    expect((await upload(MASTER, viewer, csv(SMALL_MASTER))).status).toBe(403);
    expect((await stranger.request('GET', MASTER)).status).toBe(403);
    expect((await stranger.request('GET', `${MASTER}/versions`)).status).toBe(403);
  });

  it('answers 400 naming the field for an unknown source, a bad version, a file without the key column', async () => {
    const unknown = await viewer.request('GET', '/v1/merchantvisitation/terminal-fruit-sheet');
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.fields[0].field).toBe('source');
    expect((await viewer.request('GET', MASTER, { query: { version: 'two' } })).status).toBe(400);
    const noTid = await upload(
      MASTER,
      uploader,
      csv([
        ['Serial No', 'Merchant Name'],
        ['ACX-1', 'Ada'],
      ]),
    );
    expect(noTid.status).toBe(400);
    expect(noTid.body.details.fields[0].field).toBe('file');
    const template = await viewer.request('GET', `${LOCATION}/template`);
    expect(template.status).toBe(200);
    expect(template.text.split('\n')[0]).toBe('TID,State,LGA,Address,Latitude,Longitude');
  });
});
