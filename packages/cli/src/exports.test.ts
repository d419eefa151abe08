import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';
import { waitFor } from './test/wait-for';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  server = await startTestServer({ merchants: 80 });
  user = cliUser(server.url);
  await signIn(user, server);
}, 240_000);
afterAll(async () => {
  user?.remove();
  await server?.close();
});

describe('traction export --job', () => {
  it('has the server write the file, then downloads it: the same bytes as the streamed export', async () => {
    const streamed = await user.run(['export', 'merchants', '--out', 'streamed.csv']);
    expect(streamed.code, streamed.stderr).toBe(EXIT.ok);
    const job = await user.run(['export', 'merchants', '--job', '--out', 'job.csv', '--json']);
    expect(job.code, job.stderr).toBe(EXIT.ok);
    const summary = JSON.parse(job.stdout) as { rows: number; exportId: number };
    expect(summary.rows).toBe(80);
    expect(readFileSync(join(user.configDir, 'job.csv'), 'utf8')).toBe(readFileSync(join(user.configDir, 'streamed.csv'), 'utf8'));

    // It stays in Downloads, and downloads again by its id.
    const listed = await user.run(['downloads', 'list', '--json']);
    expect(listed.stdout).toContain(`"id":${summary.exportId}`);
    const again = await user.run(['downloads', 'get', '--id', String(summary.exportId), '--out', 'again.csv']);
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(readFileSync(join(user.configDir, 'again.csv'), 'utf8')).toBe(readFileSync(join(user.configDir, 'job.csv'), 'utf8'));
  }, 60_000);

  it('refuses --csv-keys with --job, saying why', async () => {
    const refused = await user.run(['export', 'merchants', '--job', '--csv-keys', '--out', 'x.csv']);
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.stderr).toContain('--csv-keys');
  });
});

describe('traction schedules', () => {
  it('creates a nightly export, lists it, runs it now and emails its link', async () => {
    const refused = await user.run([
      'schedules',
      'create',
      '--name',
      'Nightly merchants',
      '--list',
      'merchants.list',
      '--date-range',
      'NONE',
      '--time',
      '25:00',
      '--recipients',
      'ops@traction.ng',
    ]);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr).toMatch(/time/i);

    const created = await user.run([
      'schedules',
      'create',
      '--name',
      'Nightly merchants',
      '--list',
      'merchants.list',
      '--date-range',
      'NONE',
      '--time',
      '01:30',
      '--recipients',
      'ops@traction.ng',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(EXIT.ok);
    const schedule = JSON.parse(created.stdout) as { id: number; nextRunAt: string };
    expect(schedule.nextRunAt).toMatch(/T00:30:00.000Z$/);

    const listed = await user.run(['schedules', 'list']);
    expect(listed.stdout).toContain('Nightly merchants');

    const ran = await user.run(['schedules', 'run-now', '--id', String(schedule.id), '--json']);
    expect(ran.code, ran.stderr).toBe(EXIT.ok);
    const exportId = (JSON.parse(ran.stdout) as { export: { id: number } }).export.id;
    await waitFor(() => {
      if (!server.email.latest('ops@traction.ng', 'scheduled-export')) throw new Error('no scheduled-export email yet');
    }, 30_000);
    expect(server.email.latest('ops@traction.ng', 'scheduled-export')?.data.link).toContain(`/downloads?export=${exportId}`);
    const shown = await user.run(['schedules', 'show', '--id', String(schedule.id), '--json']);
    expect((JSON.parse(shown.stdout) as { runs: { status: string }[] }).runs[0]?.status).toBe('SENT');
  }, 60_000);
});
