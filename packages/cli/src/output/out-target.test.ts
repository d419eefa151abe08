import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  createReadStream,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath } from '../config/config-file';
import { EXIT } from '../exit-codes';
import { BIN, cliUser, ROOT_EMAIL, signIn, startTestServer, type CliUser, type TestServer } from '../test/harness';

let server: TestServer;
let user: CliUser;
let adminsCsv: string;

beforeAll(async () => {
  server = await startTestServer();
  user = cliUser(server.url);
  await signIn(user, server);
  expect((await user.run(['export', 'admins', '--out', 'reference.csv'])).code).toBe(EXIT.ok);
  adminsCsv = readFileSync(inFolder('reference.csv'), 'utf8');
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

const inFolder = (...names: string[]) => join(user.configDir, ...names);
const mode = (path: string) => statSync(path).mode & 0o777;
const partials = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.partial'));

describe('--out FILE', () => {
  it('replaces a regular file whole, created 0600 whatever it was before', async () => {
    writeFileSync(inFolder('open.csv'), 'old\n', { mode: 0o644 });
    const result = await user.run(['export', 'admins', '--out', 'open.csv']);
    expect(result.code).toBe(EXIT.ok);
    expect(readFileSync(inFolder('open.csv'), 'utf8')).toBe(adminsCsv);
    expect(mode(inFolder('open.csv'))).toBe(0o600);
    expect(mode(inFolder('reference.csv'))).toBe(0o600);
  });

  it('writes list output (--json) the same way: 0600, complete or not at all', async () => {
    expect((await user.run(['admins', 'list', '--out', 'admins.ndjson'])).code).toBe(EXIT.ok);
    expect(mode(inFolder('admins.ndjson'))).toBe(0o600);
    expect(readFileSync(inFolder('admins.ndjson'), 'utf8').split('\n')[0]).toMatch(/^\{"id":/);
  });

  it("follows a symbolic link: the link's target is replaced in its own folder, the link stays a link", async () => {
    mkdirSync(inFolder('exports'));
    writeFileSync(inFolder('exports', 'real.csv'), 'old\n');
    symlinkSync(join('exports', 'real.csv'), inFolder('latest.csv'));
    const result = await user.run(['export', 'admins', '--out', 'latest.csv']);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toMatch(/rows written to latest\.csv\n$/);
    expect(lstatSync(inFolder('latest.csv')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(inFolder('latest.csv'))).toBe(join('exports', 'real.csv'));
    expect(readFileSync(inFolder('exports', 'real.csv'), 'utf8')).toBe(adminsCsv);
    expect(partials(inFolder('exports'))).toEqual([]);
    expect(partials(user.configDir)).toEqual([]);
  });

  it('creates the target of a link that points at nothing yet', async () => {
    symlinkSync(join('exports', 'first.csv'), inFolder('first-link.csv'));
    expect((await user.run(['export', 'admins', '--out', 'first-link.csv'])).code).toBe(EXIT.ok);
    expect(lstatSync(inFolder('first-link.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(inFolder('exports', 'first.csv'), 'utf8')).toBe(adminsCsv);
  });

  it('streams into a FIFO, which stays a FIFO', async () => {
    execFileSync('mkfifo', [inFolder('pipe')]);
    let received = '';
    const reader = createReadStream(inFolder('pipe'), 'utf8').on('data', (chunk) => (received += chunk));
    const closed = new Promise<void>((resolve) => reader.on('close', () => resolve()));
    const result = await user.run(['export', 'admins', '--out', 'pipe']);
    await closed;
    expect(result.code).toBe(EXIT.ok);
    expect(lstatSync(inFolder('pipe')).isFIFO()).toBe(true);
    // Plain CSV for the program at the other end: no byte-order mark.
    expect(received).toBe(adminsCsv.slice(1));
  });

  it('writes through /dev/null, and never replaces it', async () => {
    const result = await user.run(['export', 'admins', '--out', '/dev/null']);
    expect(result.code).toBe(EXIT.ok);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(partials('/dev')).toEqual([]);
  });

  it('writes /dev/stdout, or a link to it, through the descriptor as the shell opened it (appending to a cron log), never renaming over it', async () => {
    const log = inFolder('cron.log');
    writeFileSync(log, 'earlier run\n');
    symlinkSync('/dev/stdout', inFolder('to-stdout.csv'));
    const { profiles, deviceId } = JSON.parse(readFileSync(configPath(user.env), 'utf8'));
    const env = { XDG_CONFIG_HOME: user.configDir, TRACTION_API_URL: server.url, TRACTION_TOKEN: profiles.default.token, TRACTION_DEVICE_ID: deviceId };
    for (const out of ['/dev/stdout', inFolder('to-stdout.csv')]) {
      const descriptor = openSync(log, 'a');
      const child = spawn(process.execPath, [BIN, 'export', 'admins', '--out', out], { env, stdio: ['ignore', descriptor, 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      closeSync(descriptor);
      expect({ code, stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/rows written to standard output\n$/) });
    }
    expect(readFileSync(log, 'utf8')).toBe(`earlier run\n${adminsCsv.slice(1)}${adminsCsv.slice(1)}`);
    expect(lstatSync('/dev/stdout').isSymbolicLink()).toBe(true);
    expect(readlinkSync(inFolder('to-stdout.csv'))).toBe('/dev/stdout');
    expect(partials('/dev')).toEqual([]);
  });

  it('says a missing folder is missing, without naming the temporary file', async () => {
    const result = await user.run(['export', 'admins', '--out', 'nowhere/audit.csv']);
    expect(result.code).toBe(EXIT.error);
    expect(result.stderr).toBe(`error: Cannot write nowhere/audit.csv: the folder ${inFolder('nowhere')} does not exist.\n`);
  });

  it('refuses a folder, and says how to name a file in it', async () => {
    const result = await user.run(['export', 'admins', '--out', 'exports']);
    expect(result.code).toBe(EXIT.error);
    expect(result.stderr).toContain('--out exports is a folder: name a file in it (--out exports/name.csv)');
    expect(statSync(inFolder('exports')).isDirectory()).toBe(true);
  });
});

describe('TRACTION_PASSWORD_FILE', () => {
  it('is refused while its group or others can read it, as psql refuses such a .pgpass', async () => {
    const job = cliUser(server.url);
    try {
      const file = join(job.configDir, 'password');
      writeFileSync(file, 'not-used\n', { mode: 0o644 });
      chmodSync(file, 0o644);
      const env = { TRACTION_EMAIL: ROOT_EMAIL, TRACTION_PASSWORD_FILE: file };
      const loose = await job.run(['export', 'admins', '--out', 'x.csv'], { env });
      expect(loose.code).toBe(EXIT.usage);
      expect(loose.stderr).toBe(
        `error: TRACTION_PASSWORD_FILE ${file} can be read by its group (mode 0644); a password file must be yours alone. Run \`chmod 600 ${file}\` and try again.\n`,
      );
      chmodSync(file, 0o600);
      // Read and used now: the password is wrong, so the server refuses the sign-in.
      const tight = await job.run(['export', 'admins', '--out', 'x.csv'], { env });
      expect(tight.code).toBe(EXIT.notSignedIn);
      expect(tight.stderr).not.toContain('chmod');
    } finally {
      job.remove();
    }
  });
});
