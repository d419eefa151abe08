import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';
import { writeExportPartly } from '../../test/export-kit';

let t: TestApp;
let analyst: Actor;
let other: Actor;
let boss: Actor;

beforeAll(async () => {
  t = await createTestApp();
  analyst = await t.actor({ permissions: ['fraud.view', 'admins.view'] });
  other = await t.actor({ permissions: ['fraud.view'] });
  boss = await t.actor({ permissions: ['fraud.view', 'downloads.view-all', 'schedules.view', 'schedules.manage'] });
  for (let i = 0; i < 45; i += 1) await insertBusiness(t.db, { name: `Export Shop ${String(i).padStart(2, '0')}`, is_fraud: i % 3 === 0 });
  // Text that trips CSV writers: quotes, commas, a line break, a formula, an empty-looking name.
  for (const name of ['Ada, "Lagos"\nBranch', '=HYPERLINK("http://evil.example","x")', '+2348031234567 Stores', ' Spaced ', 'Naïra & Co – ₦']) {
    await insertBusiness(t.db, { name, is_fraud: true });
  }
});
afterAll(() => t.close());

async function start(actor: Actor, list: string, filters: Record<string, unknown> = {}) {
  const res = await actor.request('POST', '/v1/exports', { body: { list, filters } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; status: string; filterWords: string };
}

const file = (actor: Actor, id: number) => actor.request('GET', `/v1/exports/${id}/file`);

/** The same list's CSV as the browser download streams it now. */
async function directCsv(actor: Actor, path: string, query: Record<string, string>) {
  const res = await actor.request('GET', path, { query: { ...query, download: 'csv' } });
  expect(res.status).toBe(200);
  return res.text;
}

describe('export jobs', () => {
  it('writes the whole filtered list, byte for byte what the direct download gives, frozen at the start', async () => {
    const expected = await directCsv(analyst, '/v1/businesses/admin/getallbusinessesforfraud', { is_fraud: 'true' });
    const started = await start(analyst, 'fraud.list', { is_fraud: true });
    expect(started.status).toBe('QUEUED');
    expect(started.filterWords).toMatch(/true|yes/i);
    // Not ready before the job runs: a sentence, not a half file.
    const early = await file(analyst, started.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not ready/);
    await t.runJobs();
    const ready = await analyst.request('GET', `/v1/exports/${started.id}`);
    expect(ready.body.status).toBe('READY');
    expect(ready.body.rowsTotal).toBe(20);
    const res = await file(analyst, started.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/fraud-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.text).toBe(expected);
    expect(res.text).toContain('"Ada, ""Lagos""\nBranch"');
  });

  it('keeps to the rows of its start: rows added or changed after the freeze are not in it, even across a restart', async () => {
    const started = await start(analyst, 'fraud.list', { is_fraud: true });
    // A first run freezes the rows and is stopped right after (as a killed server would be).
    await writeExportPartly(t.deps, started.id);
    const frozen = await t.db.selectFrom('export_files').select(['status', 'rows_total', 'rows_done']).where('id', '=', started.id).executeTakeFirstOrThrow();
    expect({ ...frozen, rows_total: Number(frozen.rows_total), rows_done: Number(frozen.rows_done) }).toEqual({
      status: 'RUNNING',
      rows_total: 20,
      rows_done: 0,
    });
    await insertBusiness(t.db, { name: 'Late Fraud Shop', is_fraud: true });
    await t.db.updateTable('businesses').set({ name: 'Renamed While Exporting' }).where('name', '=', 'Export Shop 03').execute();
    // The queued job carries on from the frozen rows.
    await t.runJobs();
    const text = (await file(analyst, started.id)).text;
    expect(text.match(/Export Shop/g)).toHaveLength(15);
    expect(text).toContain('Export Shop 03');
    expect(text).not.toContain('Late Fraud Shop');
    expect(text).not.toContain('Renamed While Exporting');
    await t.db.updateTable('businesses').set({ name: 'Export Shop 03' }).where('name', '=', 'Renamed While Exporting').execute();
    await t.db.deleteFrom('businesses').where('name', '=', 'Late Fraud Shop').execute();
  });

  it('exports a list the database does not format (mapped rows) the same way', async () => {
    const expected = await directCsv(analyst, '/v1/admin/list-admins', {});
    const started = await start(analyst, 'admins.list');
    await t.runJobs();
    expect((await file(analyst, started.id)).text).toBe(expected);
  });

  it('is private to its admin unless another may see everyone’s', async () => {
    const started = await start(analyst, 'fraud.list');
    await t.runJobs();
    expect((await other.request('GET', `/v1/exports/${started.id}`)).status).toBe(404);
    expect((await file(other, started.id)).status).toBe(404);
    expect((await file(boss, started.id)).status).toBe(200);
    const mine = await other.request('GET', '/v1/exports');
    expect(mine.body.items.map((row: { id: number }) => row.id)).not.toContain(started.id);
    expect((await other.request('GET', '/v1/exports', { query: { mine: 'false' } })).status).toBe(403);
    const everyone = await boss.request('GET', '/v1/exports', { query: { mine: 'false' } });
    expect(everyone.body.items.map((row: { id: number }) => row.id)).toContain(started.id);
  });

  it('refuses a list the admin may not read, one that does not exist, and filters the list refuses', async () => {
    const forbidden = await other.request('POST', '/v1/exports', { body: { list: 'admins.list', filters: {} } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toMatch(/admins\.view/);
    const unknown = await analyst.request('POST', '/v1/exports', { body: { list: 'nothing.list', filters: {} } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.fields[0].field).toBe('list');
    // The export files themselves are not exported by a job.
    expect((await analyst.request('POST', '/v1/exports', { body: { list: 'exports.list', filters: {} } })).status).toBe(400);
    const bad = await analyst.request('POST', '/v1/exports', { body: { list: 'fraud.list', filters: { is_fraud: 'maybe' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.map((f: { field: string }) => f.field)).toContain('filters.is_fraud');
    const unknownFilter = await analyst.request('POST', '/v1/exports', { body: { list: 'fraud.list', filters: { colour: 'red' } } });
    expect(unknownFilter.status).toBe(400);
    expect(unknownFilter.body.details.fields[0].field).toBe('filters.colour');
    expect(await t.db.selectFrom('export_files').select('id').where('command_id', '=', 'nothing.list').execute()).toHaveLength(0);
  });

  it('deletes a file, and a file past its keeping date is gone', async () => {
    const started = await start(analyst, 'fraud.list');
    await t.runJobs();
    const deleted = await analyst.request('DELETE', `/v1/exports/${started.id}`);
    expect(deleted.status).toBe(200);
    expect((await file(analyst, started.id)).status).toBe(404);
    const kept = await start(analyst, 'fraud.list');
    await t.runJobs();
    await t.db
      .updateTable('export_files')
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
      .where('id', '=', kept.id)
      .execute();
    const expired = await file(analyst, kept.id);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toMatch(/expired/);
  });
});
