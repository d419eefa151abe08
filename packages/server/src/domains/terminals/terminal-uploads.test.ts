import { utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type LooseBody, type TestApp } from '../../test/harness';

const STOCK = '/v1/admin/addaccelerexterminals';
const TIDS = '/v1/admin/addtractionterminalids';
const UPLOADS = '/v1/terminal-uploads';
const LIST = '/v1/stores/admin/terminal/list';
const ADD = '/v1/stores/admin/addterminal';

let t: TestApp;
let manager: Actor;
let viewer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
});
afterAll(() => t.close());

type Loose = LooseBody;

async function upload(path: string, as: Actor, file: { bytes: Uint8Array; name: string }, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  const response = await t.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${as.token}`, 'device-id': as.deviceId }, body: form });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Loose, text };
}

const workbook = (rows: unknown[][], bookType: 'xlsx' | 'xls') => {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Terminals');
  return new Uint8Array(write(book, { type: 'array', bookType }) as ArrayBuffer);
};
const csv = (rows: string[][]) => new TextEncoder().encode(rows.map((row) => row.join(',')).join('\n'));
const count = async (query: Record<string, string> = {}) => (await viewer.request('GET', LIST, { query })).body.total as number;

describe('terminal stock uploads', () => {
  it('answers every bad row of an XLSX before saving anything, then saves the good rows only when told to skip the bad', async () => {
    await manager.request('POST', ADD, { body: { serialNo: 'ACX-STORED-1', terminalId: '2ACX9999', provider: 'Accelerex', model: 'A920', bankCode: '058' } });
    const rows = [
      ['Serial Number', 'TID', 'Provider', 'Model', 'Bank'],
      ['ACX-A920-000101', '2ACX0101', '', 'A920', '058'],
      ['acx-a920-000102', '2acx0102', 'accelerex', 'a930', 58], // lower case, a bank code that lost its zero
      [7, '2ACX0107', 'PAX', 'S90', '044'], // a bare number: serial 007
      ['ACX-A920-000101', '2ACX0103', '', 'A920', '058'], // serial again in the file
      ['ACX-A920-000104', '2ACX0101', '', 'A920', '058'], // TID again in the file
      ['ACX-STORED-1', '2ACX0105', '', 'A920', '058'], // serial already stored
      ['ACX-A920-000106', '2ACX9999', '', 'A920', '058'], // TID already stored
      ['ACX-A920-000107', '2ACX0107X', 'Acme', 'Z1', '999'], // bad TID, unknown provider, unknown bank
      ['ACX-A920-000108', '2ACX0108', 'PAX', 'A930', '058'], // not a PAX model
      [],
    ];
    const file = { bytes: workbook(rows, 'xlsx'), name: 'delivery-note.xlsx' };
    const before = await count();

    const checked = await upload(STOCK, manager, file, { check: 'true' });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toMatchObject({ checked: true, upload: null, rows: 9, good: 3 });
    const said = checked.body.problems.map((problem: Loose) => `${problem.row} ${problem.field}: ${problem.message}`);
    expect(said).toEqual([
      '4 serial_no: appears again in the file (first at row 1)',
      '5 terminal_id: appears again in the file (first at row 1)',
      expect.stringMatching(/^6 serial_no: is already terminal #\d+'s serial number$/),
      '7 terminal_id: is already the terminal ID of ACX-STORED-1',
      '8 terminal_id: must be 8 digits or capital letters',
      expect.stringMatching(/^8 provider: is not a provider we stock \(Accelerex, PAX/),
      '8 bank_code: is not a CBN bank code we know',
      '9 model: is not a model PAX makes (S90, A80, A920 Pro)',
    ]);
    expect(checked.body.message).toBe('3 rows of 9 are good; 6 rows are bad. Nothing was saved.');
    expect(await count()).toBe(before);

    const refused = await upload(STOCK, manager, file);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^6 rows are bad: nothing was saved/);
    expect(refused.body.details.fields[0].field).toBe('file');
    expect(refused.body.details.problems).toHaveLength(8);
    expect(await count()).toBe(before);
    expect((await viewer.request('GET', UPLOADS)).body.total).toBe(0);

    const saved = await upload(STOCK, manager, file, { skipBadRows: 'true' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.message).toMatch(/^Upload #\d+: 3 rows saved; 6 bad rows skipped\.$/);
    expect(saved.body.upload).toMatchObject({ kind: 'STOCK', fileName: 'delivery-note.xlsx', format: 'xlsx', rows: 9, saved: 3, skipped: 6 });
    expect(await count()).toBe(before + 3);
    const padded = await viewer.request('GET', LIST, { query: { search: '007' } });
    expect(padded.body.items[0]).toMatchObject({ serialNo: '007', terminalId: '2ACX0107', provider: 'PAX', model: 'S90', state: 'IN_STOCK' });
    const lower = await viewer.request('GET', LIST, { query: { search: 'ACX-A920-000102' } });
    expect(lower.body.items[0]).toMatchObject({ terminalId: '2ACX0102', provider: 'Accelerex', model: 'A930', bankCode: '058' });
    const history = await viewer.request('GET', `/v1/admin/terminal/terminal-history/${lower.body.items[0].id}`);
    expect(history.body.items[0]).toMatchObject({ type: 'state', summary: `Added to stock by upload #${saved.body.upload.id}`, toState: 'IN_STOCK' });

    const listed = await viewer.request('GET', UPLOADS);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: saved.body.upload.id, saved: 3, skipped: 6, adminName: expect.any(String) })]);
    const one = await viewer.request('GET', `${UPLOADS}/${saved.body.upload.id}`);
    expect(one.body.problems).toHaveLength(8);
    expect(one.body.problems[0]).toEqual({ row: 4, field: 'serial_no', value: 'ACX-A920-000101', message: 'appears again in the file (first at row 1)' });

    // The same file again: every row is now stored.
    const again = await upload(STOCK, manager, file, { check: 'true' });
    expect(again.body.good).toBe(0);
  });

  it('reads the old binary XLS and a CSV, and refuses what is neither or lacks a column', async () => {
    const xls = await upload(STOCK, manager, {
      bytes: workbook(
        [
          ['serial_no', 'terminal_id', 'model', 'bank_code'],
          ['ACX-XLS-1', '2XLS0001', 'A920', '033'],
        ],
        'xls',
      ),
      name: 'old.xls',
    });
    expect(xls.status, xls.text).toBe(200);
    expect(xls.body.upload).toMatchObject({ format: 'xls', saved: 1 });
    const fromCsv = await upload(STOCK, manager, {
      bytes: csv([
        ['serial_no', 'terminal_id', 'provider', 'model', 'bank_code'],
        ['NEX-CSV-1', '2CSV0001', 'Nexgo', 'N86', '011'],
      ]),
      name: 'nexgo.csv',
    });
    expect(fromCsv.body.upload).toMatchObject({ format: 'csv', saved: 1 });
    const binary = await upload(STOCK, manager, { bytes: new Uint8Array([1, 0, 2, 0, 3]), name: 'photo.png' });
    expect(binary.status).toBe(415);
    expect(binary.body.details.fields[0]).toEqual({ field: 'file', message: 'must be a CSV, XLS or XLSX file' });
    const noTid = await upload(STOCK, manager, {
      bytes: csv([
        ['serial_no', 'model', 'bank_code'],
        ['X-1', 'A920', '058'],
      ]),
      name: 'x.csv',
    });
    expect(noTid.status).toBe(400);
    expect(noTid.body.details.fields[0].message).toMatch(/^has no terminal_id column/);
  });

  it('offers a template that uploads cleanly, and keeps uploads to those who manage terminals', async () => {
    const template = await t.app.request(`${UPLOADS}/template?kind=STOCK`, {
      headers: { authorization: `Bearer ${viewer.token}`, 'device-id': viewer.deviceId },
    });
    expect(template.status).toBe(200);
    const bytes = new Uint8Array(await template.arrayBuffer());
    expect(new TextDecoder().decode(bytes).split('\n')[0]).toBe('serial_no,terminal_id,provider,model,bank_code');
    const checked = await upload(STOCK, manager, { bytes, name: 'template.csv' }, { check: 'true' });
    expect(checked.body).toMatchObject({ rows: 1, good: 1, problems: [] });
    const refused = await upload(STOCK, viewer, { bytes, name: 'template.csv' });
    expect(refused.status).toBe(403);
  });
});

describe('terminal ID uploads', () => {
  it('gives stored terminals new IDs, each in its history, and names every row it cannot apply', async () => {
    const made: Loose[] = [];
    for (const [serialNo, terminalId] of [
      ['TID-UP-1', '2OLD0001'],
      ['TID-UP-2', '2OLD0002'],
      ['TID-UP-3', '2OLD0003'],
    ] as const) {
      const answer = await manager.request('POST', ADD, { body: { serialNo, terminalId, provider: 'Topwise', model: 'T1', bankCode: '058' } });
      made.push(answer.body);
    }
    const retired = made[2] as Loose;
    await manager.request('POST', `/v1/stores/admin/terminal/${retired.id}/state`, { body: { state: 'DECOMMISSIONED', note: 'Water damage' } });
    const file = {
      bytes: csv([
        ['serial_no', 'tid'],
        ['TID-UP-1', '2TRC0001'],
        ['TID-UP-2', '2OLD0002'], // already its ID
        ['TID-UP-3', '2TRC0003'], // decommissioned
        ['NOPE-404', '2TRC0004'], // no such terminal
        ['TID-UP-2', '2OLD0001'], // serial again, and another terminal's ID
      ]),
      name: 'tids.csv',
    };
    const checked = await upload(TIDS, manager, file, { check: 'true' });
    expect(checked.body.problems.map((problem: Loose) => `${problem.row} ${problem.field}: ${problem.message}`)).toEqual([
      '2 terminal_id: is already this terminal’s ID',
      '3 serial_no: is a decommissioned terminal: it keeps its terminal ID',
      '4 serial_no: is not the serial number of any terminal: add it as stock first',
      '5 serial_no: appears again in the file (first at row 2)',
      '5 terminal_id: is already the terminal ID of TID-UP-1',
    ]);
    const saved = await upload(TIDS, manager, file, { skipBadRows: 'true' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.upload).toMatchObject({ kind: 'TIDS', saved: 1, skipped: 4 });
    const first = await viewer.request('GET', `/v1/stores/getterminal/${made[0]?.id}`);
    expect(first.body.terminalId).toBe('2TRC0001');
    const history = await viewer.request('GET', `/v1/admin/terminal/terminal-history/${made[0]?.id}`, { query: { terminalHistoryType: 'details' } });
    expect(history.body.items.map((event: Loose) => event.summary)).toEqual([`Terminal ID 2OLD0001 → 2TRC0001 (upload #${saved.body.upload.id})`]);
  });

  it('puts a terminal ID or bank changed by hand in the history too', async () => {
    const made = await manager.request('POST', ADD, { body: { serialNo: 'HAND-1', terminalId: '2HND0001', provider: 'PAX', model: 'S90', bankCode: '058' } });
    await manager.request('PATCH', `/v1/stores/admin/terminal/${made.body.id}`, { body: { terminalId: '2HND0002', bankCode: '033' } });
    const history = await viewer.request('GET', `/v1/admin/terminal/terminal-history/${made.body.id}`, { query: { terminalHistoryType: 'details' } });
    expect(history.body.items.map((event: Loose) => event.summary)).toEqual([
      'Terminal ID 2HND0001 → 2HND0002; Acquiring bank Guaranty Trust Bank → United Bank for Africa',
    ]);
  });
});
