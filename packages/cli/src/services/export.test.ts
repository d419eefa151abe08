import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath } from '../config/config-file';
import { EXIT } from '../exit-codes';
import { startDelayProxy } from '../test/delay-proxy';
import { BIN, cliUser, signIn, startTestServer, stripAnsi, type CliUser, type TestServer } from '../test/harness';

let server: TestServer;
let user: CliUser;
let adminCount: number;

beforeAll(async () => {
  // A few merchants: their phone numbers (+234…) are what a spreadsheet would take for formulas.
  server = await startTestServer({ merchants: 4 });
  user = cliUser(server.url);
  await signIn(user, server);
  adminCount = (await user.run(['admins', 'list', '--json'])).stdout.trim().split('\n').length;
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

/** What the server itself streams for a list's download=csv. */
async function serverCsv(path: string): Promise<string> {
  const { deviceId, profiles } = JSON.parse(readFileSync(configPath(user.env), 'utf8'));
  const answer = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${profiles.default.token}`, 'device-id': deviceId } });
  // Bytes as sent: text() would drop the byte-order mark the server starts its CSV with.
  return Buffer.from(await answer.arrayBuffer()).toString('utf8');
}

const leftovers = () => readdirSync(user.configDir).filter((name) => name.endsWith('.partial'));
const inFolder = (name: string) => join(user.configDir, name);
const BOM = '\uFEFF';
const mode = (path: string) => statSync(path).mode & 0o777;

describe('lists', () => {
  it('print aligned plain text without a terminal', async () => {
    const result = await user.run(['admins', 'list', '--role', 'admin']);
    expect(result.code).toBe(EXIT.ok);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+First name\s+Last name\s+Email\s+Role\s+Departments\s+Status\s+Last sign-in\s+Created$/);
    expect(lines.slice(1).every((line) => /\badmin\b/.test(line))).toBe(true);
    expect(result.stdout).not.toContain('\u001B[');
  });

  it('render an Ink table on a terminal, with the page and the row count', async () => {
    const result = await user.run(['admins', 'list'], { stdoutTTY: true });
    const screen = stripAnsi(result.stdout);
    expect(screen).toMatch(/^ID\s+First name/);
    expect(screen).toContain('──');
    expect(screen).toContain(`Page 1 of 1 · ${adminCount} rows`);
  });

  it('write one JSON object per row with --json, and every page with --all', async () => {
    const result = await user.run(['audit', 'list', '--json', '--all']);
    const rows = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveProperty('commandId');
  });

  it('stream the server CSV with --csv, to --out FILE', async () => {
    const result = await user.run(['admins', 'list', '--csv', '--out', 'admins.csv']);
    expect(result.code).toBe(EXIT.ok);
    expect(readFileSync(join(user.configDir, 'admins.csv'), 'utf8')).toBe(await serverCsv('/v1/admin/list-admins?download=csv'));
  });

  it('print other answers as key: value lines, and {items} answers as tables', async () => {
    const show = await user.run(['permissions', 'show', '--id', '1']);
    expect(show.stdout).toContain('role: super_admin');
    const departments = await user.run(['departments', 'list']);
    expect(departments.stdout.split('\n')[0]).toMatch(/^Id\s+Name\s+Description\s+Permissions\s+Member count$/i);
  });
});

describe('traction export', () => {
  it('streams the whole filtered list to the file and prints the row count', async () => {
    const result = await user.run(['export', 'admins', '--role', 'staff', '--out', 'staff.csv']);
    expect(result.code).toBe(EXIT.ok);
    const written = readFileSync(join(user.configDir, 'staff.csv'), 'utf8');
    expect(written).toBe(await serverCsv('/v1/admin/list-admins?download=csv&role=staff'));
    const rows = written.trim().split('\n').length - 1;
    expect(result.stdout).toBe(`${rows} rows written to staff.csv\n`);
    expect(result.stderr).toBe('');
    expect(leftovers()).toEqual([]);
  });

  it('draws a progress bar on a terminal, and nothing at all without one (or without TERM, as under env -i)', async () => {
    const onTerminal = await user.run(['export', 'admins', '--out', 'shown.csv'], { stderrTTY: true });
    expect(stripAnsi(onTerminal.stderr)).toMatch(new RegExp(`Exporting admins .*100% ${adminCount}/${adminCount} rows · [\\d,]+ rows/s`));
    expect((await user.run(['export', 'admins', '--out', 'piped.csv'])).stderr).toBe('');
    expect((await user.run(['export', 'admins', '--out', 'bare.csv'], { stderrTTY: true, env: { TERM: undefined } })).stderr).toBe('');
  });

  it('takes --from and --to for lists with a date range (relative days are Lagos dates)', async () => {
    const result = await user.run(['export', 'audit', '--from', '7d', '--to', 'today', '--out', 'audit.csv', '--json']);
    expect(result.code).toBe(EXIT.ok);
    const summary = JSON.parse(result.stdout);
    const listed = (await user.run(['audit', 'list', '--from', '7d', '--to', 'today', '--json', '--all'])).stdout.trim().split('\n').length;
    expect(summary).toMatchObject({ list: 'audit', rows: listed, file: join(user.configDir, 'audit.csv') });
  });

  it('leaves an existing file alone and nothing half-written when the export fails', async () => {
    writeFileSync(join(user.configDir, 'kept.csv'), 'yesterday\n');
    const result = await user.run(['export', 'admins', '--out', 'kept.csv'], {
      env: { TRACTION_TOKEN: 'tra_not-a-session', TRACTION_DEVICE_ID: 'cli-test-device' },
    });
    expect(result.code).toBe(EXIT.notSignedIn);
    expect(readFileSync(join(user.configDir, 'kept.csv'), 'utf8')).toBe('yesterday\n');
    expect(leftovers()).toEqual([]);
  });

  it('stops on Ctrl+C (exit 130) and keeps nothing', async () => {
    const interrupt = new AbortController();
    interrupt.abort();
    const result = await user.run(['export', 'admins', '--out', 'stopped.csv'], { signal: interrupt.signal });
    expect(result.code).toBe(EXIT.interrupted);
    expect(readdirSync(user.configDir)).not.toContain('stopped.csv');
    expect(leftovers()).toEqual([]);
  });

  it('runs as a cron job would: its own process, an empty environment, no terminal', async () => {
    const child = spawn(process.execPath, [BIN, 'export', 'admins', '--out', join(user.configDir, 'cron.csv')], {
      // Like `env -i`: only where the config lives (cron's HOME would find ~/.config/traction).
      env: { XDG_CONFIG_HOME: user.configDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(`${adminCount} rows written to ${join(user.configDir, 'cron.csv')}\n`);
  });
});

describe('CSV for spreadsheets and for programs', () => {
  it('--csv to standard output is for programs: no byte-order mark, phone numbers as stored', async () => {
    const result = await user.run(['merchants', 'list', '--csv']);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout.startsWith('ID,Name,Email,Phone,')).toBe(true);
    expect(result.stdout).toMatch(/,\+234\d{10},/);
    expect(result.stdout).not.toContain("'");
  });

  it('--bom makes it a spreadsheet file wherever it goes: the mark, and an apostrophe before what a spreadsheet would run', async () => {
    const result = await user.run(['merchants', 'list', '--csv', '--bom']);
    expect(result.stdout.startsWith(`${BOM}ID,Name,`)).toBe(true);
    expect(result.stdout).toMatch(/,'\+234\d{10},/);
  });

  it('a file is for spreadsheets, written 0600; --no-bom makes it plain', async () => {
    expect((await user.run(['export', 'merchants', '--out', 'sheet.csv'])).code).toBe(EXIT.ok);
    const sheet = readFileSync(inFolder('sheet.csv'), 'utf8');
    expect(sheet.startsWith(`${BOM}ID,Name,`)).toBe(true);
    expect(sheet).toMatch(/,'\+234\d{10},/);
    expect(mode(inFolder('sheet.csv'))).toBe(0o600);
    expect((await user.run(['export', 'merchants', '--out', 'plain.csv', '--no-bom'])).code).toBe(EXIT.ok);
    expect(readFileSync(inFolder('plain.csv'), 'utf8')).toBe(sheet.slice(1).replace(/'\+234/g, '+234'));
  });

  it('--csv-keys heads the columns with the JSON field names (and implies --csv)', async () => {
    const result = await user.run(['admins', 'list', '--csv-keys']);
    expect(result.code).toBe(EXIT.ok);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('id,firstName,lastName,email,role,departments,status,lastLoginAt,createdAt');
    expect(lines).toHaveLength(adminCount + 1);
    const json = await user.run(['export', 'admins', '--out', 'keys.csv', '--csv-keys', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ rows: adminCount });
    expect(readFileSync(inFolder('keys.csv'), 'utf8').startsWith('id,firstName,')).toBe(true);
  });

  it('--out - streams the CSV to standard output and says how many rows on standard error', async () => {
    const result = await user.run(['export', 'admins', '--out', '-']);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout.startsWith('ID,First name,')).toBe(true);
    expect(result.stdout.trim().split('\n')).toHaveLength(adminCount + 1);
    expect(result.stderr).toBe(`${adminCount} rows written to standard output\n`);
  });
});

describe('a cut-off export', () => {
  // The session is stored for the server's own address; through the proxy it is handed over as a job's would be.
  const asJob = () => {
    const { deviceId, profiles } = JSON.parse(readFileSync(configPath(user.env), 'utf8'));
    return { TRACTION_TOKEN: profiles.default.token as string, TRACTION_DEVICE_ID: deviceId as string };
  };

  it('passes through a proxy that forwards the whole answer with its row count', async () => {
    const proxy = await startDelayProxy(server.url, 0);
    try {
      const result = await user.run(['export', 'admins', '--out', 'proxied.csv'], { env: { TRACTION_API_URL: proxy.url, ...asJob() } });
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
      expect(readFileSync(inFolder('proxied.csv'), 'utf8')).toBe(await serverCsv('/v1/admin/list-admins?download=csv'));
    } finally {
      await proxy.close();
    }
  });

  it.each([
    ['ended early by a proxy', 'end', /The answer ended after \d+ rows without the server's row count, so it may have been cut short on the way/],
    ['reset', 'reset', /The connection to http:\/\/127\.0\.0\.1:\d+ was cut after \d+ rows \(ECONNRESET\): the export is incomplete/],
  ] as const)('fails when %s, keeping the old file', async (_what, how, message) => {
    writeFileSync(inFolder('cut.csv'), 'the last good export\n');
    const proxy = await startDelayProxy(server.url, 0, { cutCsv: { afterBytes: 700, how } });
    try {
      const result = await user.run(['export', 'admins', '--out', 'cut.csv'], { env: { TRACTION_API_URL: proxy.url, ...asJob() } });
      expect(result.code).toBe(EXIT.error);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('cut.csv was left as it was.');
      expect(result.stderr).not.toContain('terminated');
    } finally {
      await proxy.close();
    }
    expect(readFileSync(inFolder('cut.csv'), 'utf8')).toBe('the last good export\n');
    expect(leftovers()).toEqual([]);
  });

  it('fails on standard output too, saying the rows already written are not the whole list', async () => {
    const proxy = await startDelayProxy(server.url, 0, { cutCsv: { afterBytes: 700, how: 'end' } });
    try {
      const result = await user.run(['admins', 'list', '--csv'], { env: { TRACTION_API_URL: proxy.url, ...asJob() } });
      expect(result.code).toBe(EXIT.error);
      expect(result.stdout.length).toBe(700);
      expect(result.stderr).toMatch(/The \d+ rows already written to standard output are not the whole list\./);
    } finally {
      await proxy.close();
    }
  });
});
