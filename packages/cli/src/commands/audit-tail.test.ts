import { spawn } from 'node:child_process';
import { LIST_PAGING_FIELDS } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes';
import { BIN, cliUser, signIn, startTestServer, type CliUser, type TestServer } from '../test/harness';
import { waitFor } from '../test/wait-for';
import { PAGING_FLAGS } from './audit-tail';

// `traction audit tail` in a pipe (stdout is no terminal), against a real server.
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

/** A refused deletion: one audit entry, "… tried to remove admin #N from the admins and was refused: …". */
const refuse = async (id: number) => expect((await user.run(['admins', 'delete', '--id', String(id), '--yes'])).code).not.toBe(EXIT.ok);
const LINE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} {2}\S.*$/;

describe('traction audit tail', () => {
  it('prints the latest entries, then each new one as its sentence once, and ends on Ctrl+C with exit 130', async () => {
    await refuse(990_001);
    const stop = new AbortController();
    const tail = user.run(['audit', 'tail', '--interval', '0.1'], { signal: stop.signal });
    await waitFor(() => expect(tail.stdout.text).toMatch(/tried to remove admin #990001 from the admins and was refused/));
    await refuse(990_002);
    await refuse(990_003);
    await waitFor(() => expect(tail.stdout.text).toMatch(/#990003/), 10_000);
    stop.abort();
    const result = await tail;
    expect(result.code).toBe(EXIT.interrupted);
    expect(result.stderr).toBe('');
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(12);
    for (const line of lines) expect(line).toMatch(LINE);
    const ours = lines.filter((line) => /#99000\d/.test(line)).map((line) => /#(99000\d)/.exec(line)![1]);
    expect(ours).toEqual(['990001', '990002', '990003']);
  });

  it('prints every entry since --since, oldest first, across pages, as JSON with the fields named', async () => {
    for (let id = 991_000; id < 991_105; id++) await refuse(id);
    const listed = (await user.run(['audit', 'list', '--from', 'today', '--json', 'id', '--all'])).stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id)
      .sort((a, b) => a - b);
    expect(listed.length).toBeGreaterThan(100);
    const stop = new AbortController();
    const tail = user.run(['audit', 'tail', '--since', 'today', '--json', 'id,summary', '--interval', '0.1'], { signal: stop.signal });
    await waitFor(() => expect(tail.stdout.text).toContain('#991104'), 10_000);
    stop.abort();
    const result = await tail;
    expect(result.code).toBe(EXIT.interrupted);
    const entries = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; summary: string });
    for (const entry of entries) expect(Object.keys(entry)).toEqual(['id', 'summary']);
    expect(entries.map((entry) => entry.id)).toEqual(listed);
  });

  it('runs as its own process in a pipe: lines as they come, SIGINT ends it with 130 and no message', async () => {
    await refuse(992_001);
    const child = spawn(process.execPath, [BIN, 'audit', 'tail', '--interval', '0.2'], {
      env: { PATH: process.env.PATH ?? '', ...user.env, TERM: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitFor(() => expect(stdout).toContain('#992001'), 30_000);
    await refuse(992_002);
    await waitFor(() => expect(stdout).toContain('#992002'), 10_000);
    child.kill('SIGINT');
    expect(await exited).toBe(EXIT.interrupted);
    expect(stderr).toBe('');
    for (const line of stdout.trimEnd().split('\n')) expect(line).toMatch(LINE);
  }, 60_000);

  it('ends quietly (exit 0) when the reader of its pipe has all it wants, as `| head -1` does', async () => {
    const child = spawn(process.execPath, [BIN, 'audit', 'tail', '--interval', '0.2'], {
      env: { PATH: process.env.PATH ?? '', ...user.env, TERM: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    await refuse(993_001);
    expect(await exited).toBe(EXIT.ok);
    expect(stderr).toBe('');
  }, 60_000);

  it("offers the audit list's filters, not its paging", async () => {
    expect([...PAGING_FLAGS, 'download'].sort()).toEqual([...LIST_PAGING_FIELDS].sort());
    const help = (await user.run(['audit', 'tail', '--help'])).stdout;
    expect(help).toContain('--outcome <outcome>');
    expect(help).not.toMatch(/--(page|after|limit)\b/);
  });

  it('refuses a --since it cannot read and an interval out of range (exit 2)', async () => {
    const since = await user.run(['audit', 'tail', '--since', 'last tuesday']);
    expect(since.code).toBe(EXIT.usage);
    expect(since.stderr).toContain('--since: "last tuesday" is not a time');
    const interval = await user.run(['audit', 'tail', '--interval', '0']);
    expect(interval.code).toBe(EXIT.usage);
    expect(interval.stderr).toContain('--interval must be a number of seconds');
  });
});
