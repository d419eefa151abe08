import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemo } from './seed-demo';
import { seedExportSchedules } from './seed-export-schedules';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { scryptLogN: 10 });
});
afterAll(() => t.close());

describe('demo scheduled exports', () => {
  it('makes schedules of lists their Operations author may read, queues the active ones, and runs once', async () => {
    const made = await seedExportSchedules(t.deps);
    expect(made.schedules).toBeGreaterThanOrEqual(2);
    const schedules = await t.db.selectFrom('export_schedules').select(['id', 'name', 'active', 'next_run_at']).orderBy('id').execute();
    expect(schedules.map((schedule) => schedule.name)).toContain('Nightly sales');
    for (const schedule of schedules) expect(schedule.next_run_at !== null).toBe(schedule.active);
    const queued = await t.db.selectFrom('jobs').select('payload').where('kind', '=', 'schedules.run').execute();
    expect(queued).toHaveLength(schedules.filter((schedule) => schedule.active).length);
    expect(await seedExportSchedules(t.deps)).toEqual({ schedules: 0 });
  });
});
