import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { enqueueJob } from '../jobs/index';
import { SCHEDULE_RUN_JOB } from './schedule-run-job';

let t: TestApp;
let ops: Actor;
let reader: Actor;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.actor({ permissions: ['audit.view', 'fraud.view', 'schedules.view', 'schedules.manage'] });
  reader = await t.actor({ permissions: ['schedules.view'] });
});
afterAll(() => t.close());

const nightly = (over: Record<string, unknown> = {}) => ({
  name: 'Nightly audit',
  list: 'audit.list',
  dateRange: 'YESTERDAY',
  time: '11:30',
  recipients: ['ops@traction.ng', 'Finance@Traction.ng'],
  ...over,
});

/** Runs due jobs until none is left, moving the clock past a job's short waits. */
async function settle() {
  for (let round = 0; round < 20; round += 1) {
    const ran = await t.runJobs();
    if (!ran) return;
    t.clock.advance(6_000);
  }
}

const runsOf = (scheduleId: number) =>
  t.db.selectFrom('export_schedule_runs').select(['run_day', 'status', 'export_id', 'manual']).where('schedule_id', '=', scheduleId).orderBy('id').execute();

describe('scheduled exports', () => {
  it('refuses an impossible time, no recipients, a range the list has not, and a list the admin may not read', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ time: '25:00' }, 400, 'time'],
      [{ time: '7pm' }, 400, 'time'],
      [{ recipients: [] }, 400, 'recipients'],
      [{ recipients: ['not an address'] }, 400, 'recipients.0'],
      [{ list: 'fraud.list' }, 400, 'dateRange'],
    ];
    for (const [over, status, field] of cases) {
      const res = await ops.request('POST', '/v1/export-schedules', { body: nightly(over) });
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect(res.body.details.fields[0].field).toBe(field);
    }
    const forbidden = await ops.request('POST', '/v1/export-schedules', { body: nightly({ list: 'admins.list', dateRange: 'NONE' }) });
    expect(forbidden.status).toBe(403);
    expect((await reader.request('POST', '/v1/export-schedules', { body: nightly() })).status).toBe(403);
    expect(await t.db.selectFrom('export_schedules').select('id').execute()).toHaveLength(0);
  });

  it('runs at its Lagos time for yesterday, emails the link, and runs once a day however often it is woken', async () => {
    const created = await ops.request('POST', '/v1/export-schedules', { body: nightly() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id as number;
    // 10:00 in Lagos now (09:00 UTC): the first run is 11:30 Lagos today.
    expect(created.body.nextRunAt).toBe('2026-11-21T10:30:00.000Z');
    expect(created.body.recipients).toEqual(['ops@traction.ng', 'finance@traction.ng']);
    await settle();
    expect(await runsOf(id)).toHaveLength(0);

    t.clock.advance(91 * 60_000);
    await settle();
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'SENT', manual: false });
    expect(String(runs[0]!.run_day).slice(0, 10)).toBe('2026-11-21');
    const file = await t.db.selectFrom('export_files').selectAll().where('id', '=', runs[0]!.export_id!).executeTakeFirstOrThrow();
    expect(file.status).toBe('READY');
    expect(file.filters).toMatchObject({ startdatetime: '2026-11-20T00:00:00.000', enddatetime: '2026-11-20T23:59:59.999' });
    const mail = t.email.latest('finance@traction.ng', 'scheduled-export');
    expect(mail?.data.link).toBe(`${t.deps.config.publicUrl}/downloads?export=${file.id}`);
    expect(mail?.subject).toMatch(/Nightly audit/);

    // A second process woken for the same run (the job queued twice) finds the day taken.
    const schedule = await t.db.selectFrom('export_schedules').select('next_run_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(schedule.next_run_at?.toISOString()).toBe('2026-11-22T10:30:00.000Z');
    await t.db
      .updateTable('export_schedules')
      .set({ next_run_at: new Date('2026-11-21T10:30:00.000Z') })
      .where('id', '=', id)
      .execute();
    await enqueueJob(t.db, { kind: SCHEDULE_RUN_JOB, payload: { scheduleId: id, at: '2026-11-21T10:30:00.000Z' }, now: t.clock.now() });
    await settle();
    expect(await runsOf(id)).toHaveLength(1);

    // The next day it runs again, for that day.
    t.clock.advance(86_400_000);
    await settle();
    const later = await runsOf(id);
    expect(later.map((run) => String(run.run_day).slice(0, 10))).toEqual(['2026-11-21', '2026-11-22']);
  });

  it('runs now on demand as an extra run, and a paused schedule does not run', async () => {
    const admin = await t.actor({ permissions: ['audit.view', 'schedules.view', 'schedules.manage'] });
    const created = await admin.request('POST', '/v1/export-schedules', { body: nightly({ name: 'Weekly audit', dateRange: 'LAST_7_DAYS', time: '23:00' }) });
    const id = created.body.id as number;
    const now = await admin.request('POST', `/v1/export-schedules/${id}/run`, { body: {} });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body.run.manual).toBe(true);
    expect(now.body.export.scheduleId).toBe(id);
    await settle();
    expect((await runsOf(id)).map((run) => run.status)).toEqual(['SENT']);
    // Whoever may view schedules may download what they send.
    const viewer = await t.actor({ permissions: ['schedules.view'] });
    expect((await viewer.request('GET', `/v1/exports/${now.body.export.id}/file`)).status).toBe(200);

    const paused = await admin.request('PATCH', `/v1/export-schedules/${id}`, { body: { active: false } });
    expect(paused.body.nextRunAt).toBeNull();
    t.clock.advance(86_400_000);
    await settle();
    expect(await runsOf(id)).toHaveLength(1);
    const detail = await (await t.actor({ permissions: ['schedules.view'] })).request('GET', `/v1/export-schedules/${id}`);
    expect(detail.body.runs).toHaveLength(1);
    expect(detail.body.lastRunStatus).toBe('SENT');
  });
});
