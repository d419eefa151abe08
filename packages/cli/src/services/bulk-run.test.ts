import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath } from '../config/config-file';
import { EXIT } from '../exit-codes';
import { startDelayProxy } from '../test/delay-proxy';
import { BIN, cliUser, signIn, startTestServer, type CliUser, type TestServer } from '../test/harness';
import { waitFor } from '../test/wait-for';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  server = await startTestServer();
  user = cliUser(server.url);
  await signIn(user, server);
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

/** Successful `permissions.grant` calls the server audited: each row that really ran, once. */
async function grantsAudited(): Promise<number> {
  const result = await user.run(['audit', 'list', '--command', 'permissions.grant', '--outcome', 'ok', '--json', '--all']);
  return result.stdout.trim() === '' ? 0 : result.stdout.trim().split('\n').length;
}

/** A grants file: one row per demo admin (ids 2…41), each row distinct. */
function writeGrants(name: string, permission: string, rows = 40): string {
  const lines = ['user_id,permissions', ...Array.from({ length: rows }, (_, i) => `${2 + i},${permission}`)];
  const path = join(user.configDir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const journalRows = (file: string) =>
  existsSync(`${file}.journal`)
    ? readFileSync(`${file}.journal`, 'utf8')
        .trim()
        .split('\n')
        .filter((line) => line.includes('"type":"row"')).length
    : 0;

const resultsPath = (file: string) => file.replace(/\.csv$/, '.results.csv');
const results = (file: string) => parse(readFileSync(resultsPath(file), 'utf8'), { columns: true }) as Record<string, string>[];
/** Temporary files beside the input: a killed run's unfinished results. */
const partials = (file: string) => readdirSync(dirname(file)).filter((name) => name.endsWith('.partial'));
/** Who may read or write a file: 0o600 is its owner alone. */
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('traction bulk', () => {
  it('checks every row before sending anything and reports each bad row with its line number', async () => {
    const file = join(user.configDir, 'bad.csv');
    writeFileSync(file, 'user_id,permissions\n2,audit.view\nseven,audit.view\n4,admins.fly\n5,"audit.view,admins.view"\n');
    const before = await grantsAudited();
    const result = await user.run(['bulk', 'permissions', 'grant', '--file', file]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('2 of 4 rows are not valid; nothing was sent.');
    expect(result.stderr).toContain('line 3: user_id: Invalid input: expected number, received string');
    expect(result.stderr).toContain('line 4: permissions (item 1): Invalid option');
    expect(await grantsAudited()).toBe(before);
    expect(existsSync(`${file}.journal`)).toBe(false);
  });

  it('refuses a header that names no input field, or lacks a required one', async () => {
    const file = join(user.configDir, 'header.csv');
    writeFileSync(file, 'admin,permissions\n2,audit.view\n');
    const result = await user.run(['bulk', 'permissions', 'grant', '--file', file]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('column "admin" is not an input of this command');
    expect(result.stderr).toContain('column user_id is missing (required)');
  });

  it('shows what a dry run would send, with the totals, and sends nothing', async () => {
    const file = writeGrants('dry.csv', 'audit.view', 3);
    const before = await grantsAudited();
    const result = await user.run(['bulk', 'permissions', 'grant', '--file', file, '--dry-run']);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toMatch(/^2\s+send\s+POST \/v1\/admin\/grant-permission\s+\{"user_id":2,"permissions":\["audit.view"\]\}$/m);
    expect(result.stdout).toContain('3 valid rows; 3 would be sent, 0 already done. Nothing was sent.');
    expect(await grantsAudited()).toBe(before);
    expect(existsSync(`${file}.journal`)).toBe(false);
  });

  it('asks for --yes without a terminal when the command asks for confirmation', async () => {
    const file = join(user.configDir, 'bulk-grant.csv');
    writeFileSync(file, 'ids,permissions\n"2,3",audit.view\n');
    const result = await user.run(['bulk', 'permissions', 'grant-bulk', '--file', file]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('pass --yes');
  });

  it('writes the outcome of each row, exits 5 when some failed, and on a re-run retries only those', async () => {
    const file = join(user.configDir, 'mixed.csv');
    writeFileSync(file, 'user_id,permissions\n2,permissions.view\n99999,permissions.view\n3,permissions.view\n');
    const before = await grantsAudited();
    const first = await user.run(['bulk', 'permissions', 'grant', '--file', file, '--concurrency', '2']);
    expect(first.code).toBe(EXIT.rowsFailed);
    expect(first.stdout).toContain('3 rows: 2 ok, 1 failed.');
    expect(results(file).map((row) => [row.line, row.user_id, row.outcome, row.status])).toEqual([
      ['2', '2', 'ok', '200'],
      ['3', '99999', 'failed', '404'],
      ['4', '3', 'ok', '200'],
    ]);
    expect(results(file)[1]!.message).toContain('does not exist');
    expect(await grantsAudited()).toBe(before + 2);
    // They name people and what was done to them: the owner's alone.
    expect(modeOf(resultsPath(file))).toBe(0o600);
    expect(modeOf(`${file}.journal`)).toBe(0o600);

    const again = await user.run(['bulk', 'permissions', 'grant', '--file', file]);
    expect(again.code).toBe(EXIT.rowsFailed);
    expect(again.stdout).toContain('3 rows: 0 ok, 1 failed, 2 already done in an earlier run.');
    expect(await grantsAudited()).toBe(before + 2);
  });

  it('resumes after a crash in the middle without repeating a row', async () => {
    const file = writeGrants('crash.csv', 'devices.authorize');
    const before = await grantsAudited();
    // A slow network so the run is still going when it is killed.
    const proxy = await startDelayProxy(server.url, 40);
    try {
      const child = runChild(['bulk', 'permissions', 'grant', '--file', file, '--concurrency', '3'], proxy.url);
      await waitFor(() => expect(journalRows(file)).toBeGreaterThanOrEqual(6), 30_000);
      child.process.kill('SIGKILL');
      await child.exited;
    } finally {
      await proxy.close();
    }
    const recorded = journalRows(file);
    expect(recorded).toBeLessThan(40);

    const resumed = await user.run(['bulk', 'permissions', 'grant', '--file', file, '--json']);
    expect(resumed.code).toBe(EXIT.ok);
    const summary = JSON.parse(resumed.stdout);
    expect(summary).toMatchObject({ rows: 40, failed: 0, alreadyDone: recorded, ok: 40 - recorded, notRun: 0 });
    // Rows in flight at the crash ran on the server but were not journaled: the resumed run sent
    // them again with the same Idempotency-Key and got the stored answer, so each grant ran once.
    expect(await grantsAudited()).toBe(before + 40);
    expect(results(file).every((row) => row.outcome === 'ok')).toBe(true);
  });

  it.each([
    ['Ctrl+C (SIGINT)', 'SIGINT', 'admins.create'],
    ['SIGTERM', 'SIGTERM', 'kyc.view'],
  ] as const)('stops cleanly on %s (exit 130, results so far, no temporary file) and resumes where it stopped', async (_name, signal, permission) => {
    const file = writeGrants(`stopped-${signal}.csv`, permission);
    const before = await grantsAudited();
    const proxy = await startDelayProxy(server.url, 40);
    let outcome: { code: number | null; stderr: string };
    try {
      const child = runChild(['bulk', 'permissions', 'grant', '--file', file, '--concurrency', '2'], proxy.url);
      await waitFor(() => expect(journalRows(file)).toBeGreaterThanOrEqual(4), 30_000);
      child.process.kill(signal);
      outcome = { code: await child.exited, stderr: child.stderr() };
    } finally {
      await proxy.close();
    }
    expect(outcome.code).toBe(EXIT.interrupted);
    expect(outcome.stderr).toContain('Stopped: ');
    expect(partials(file)).toEqual([]);
    const partial = results(file);
    expect(partial.some((row) => row.outcome === 'not run')).toBe(true);
    expect(partial.filter((row) => row.outcome === 'ok')).toHaveLength(journalRows(file));

    const resumed = await user.run(['bulk', 'permissions', 'grant', '--file', file]);
    expect(resumed.code).toBe(EXIT.ok);
    expect(await grantsAudited()).toBe(before + 40);
  });

  it('after a hard abort (SIGKILL) leaves no temporary file; one left by a run killed while writing its results is removed, never read as results', async () => {
    const file = writeGrants('killed.csv', 'fraud.view');
    const before = await grantsAudited();
    const proxy = await startDelayProxy(server.url, 40);
    try {
      const child = runChild(['bulk', 'permissions', 'grant', '--file', file, '--concurrency', '3'], proxy.url);
      await waitFor(() => expect(journalRows(file)).toBeGreaterThanOrEqual(6), 30_000);
      child.process.kill('SIGKILL');
      await child.exited;
    } finally {
      await proxy.close();
    }
    expect(partials(file)).toEqual([]);
    expect(existsSync(resultsPath(file))).toBe(false);
    // What a run killed while writing its results leaves: half a file under a temporary name.
    writeFileSync(join(dirname(file), '.killed.results.csv.2147483646-0badc0de.partial'), 'line,user_id,permissions,outcome\n2,2,fraud.view,o');

    const resumed = await user.run(['bulk', 'permissions', 'grant', '--file', file]);
    expect(resumed.code, resumed.stderr).toBe(EXIT.ok);
    expect(resumed.stderr).toContain('Removed 1 unfinished results file left by a run that was killed');
    expect(partials(file)).toEqual([]);
    expect(results(file)).toHaveLength(40);
    expect(results(file).every((row) => row.outcome === 'ok')).toBe(true);
    expect(await grantsAudited()).toBe(before + 40);
  });
});

/**
 * The CLI as its own process, talking to the server through `viaUrl` (a slow proxy). A profile's
 * session is only sent to the profile's own server, so the child is handed the token as a job is.
 */
function runChild(argv: readonly string[], viaUrl: string): { process: ChildProcess; exited: Promise<number | null>; stderr: () => string } {
  const config = JSON.parse(readFileSync(configPath(user.env), 'utf8')) as { deviceId?: string; profiles: Record<string, { token?: string }> };
  const env = {
    ...user.env,
    PATH: process.env.PATH,
    TRACTION_API_URL: viaUrl,
    TRACTION_TOKEN: config.profiles.default!.token,
    TRACTION_DEVICE_ID: config.deviceId,
  };
  const child = spawn(process.execPath, [BIN, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stdout!.resume();
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? null : code))));
  return { process: child, exited, stderr: () => stderr };
}
