import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath } from '../config/config-file';
import { EXIT } from '../exit-codes';
import {
  cliUser,
  DEMO_PASSWORD,
  FakeTerminalInput,
  ROOT_EMAIL,
  ROOT_PASSWORD,
  signIn,
  startTestServer,
  stripAnsi,
  type CliUser,
  type TestServer,
} from '../test/harness';
import { startDelayProxy } from '../test/delay-proxy';
import { typeKeys, waitFor } from '../test/wait-for';

let server: TestServer;
const users: CliUser[] = [];
const newUser = () => {
  const user = cliUser(server.url);
  users.push(user);
  return user;
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const user of users) user.remove();
  await server?.close();
});

const readConfig = (user: CliUser) => JSON.parse(readFileSync(configPath(user.env), 'utf8'));

describe('traction login without a terminal', () => {
  it('signs in with the emailed device code, keeps the session in a file only its owner can read, and keeps the device id', async () => {
    const user = newUser();
    const first = await user.run(['login', '--email', ROOT_EMAIL, '--password-stdin'], { stdin: `${ROOT_PASSWORD}\n` });
    expect(first.code).toBe(EXIT.notSignedIn);
    expect(first.stderr).toContain('Enter the 4-character code sent to');
    expect(first.stderr).toContain(`traction login --email ${ROOT_EMAIL} --code <CODE>`);

    const second = await user.run(['login', '--email', ROOT_EMAIL, '--code', server.deviceCode(ROOT_EMAIL).toLowerCase()]);
    expect(second.code).toBe(EXIT.ok);
    expect(second.stdout).toContain(`Signed in to ${server.url} as Super Admin <${ROOT_EMAIL}> (super_admin); profile "default".`);

    const path = configPath(user.env);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    const config = readConfig(user);
    const deviceId = config.deviceId as string;
    expect(deviceId).toMatch(/^dev-/);
    expect(config.profiles.default).toMatchObject({ apiUrl: server.url, email: ROOT_EMAIL, token: expect.stringMatching(/^tra_/) });

    const whoami = await user.run(['whoami']);
    expect(whoami.code).toBe(EXIT.ok);
    expect(whoami.stdout).toContain(`Device id:   ${deviceId} (this machine's own;`);

    expect((await user.run(['logout'])).stdout).toContain('Signed out of');
    expect((await user.run(['whoami'])).code).toBe(EXIT.notSignedIn);
    expect(readConfig(user).deviceId).toBe(deviceId);

    // The device is approved now: the password alone signs in again.
    const again = await user.run(['login', '--email', ROOT_EMAIL, '--password-stdin'], { stdin: ROOT_PASSWORD });
    expect(again.code).toBe(EXIT.ok);
    expect(readConfig(user).deviceId).toBe(deviceId);
  });

  it('reports a wrong password as not signed in (exit 3) with the server message', async () => {
    const result = await newUser().run(['login', '--email', ROOT_EMAIL, '--password-stdin'], { stdin: 'not-the-password' });
    expect(result.code).toBe(EXIT.notSignedIn);
    expect(result.stderr).toContain('Email or password is incorrect.');
  });
});

describe('traction login on a terminal', () => {
  it('prompts with Ink for the email, the hidden password and the device code', async () => {
    const user = newUser();
    const keyboard = new FakeTerminalInput();
    const run = user.run(['login'], { stdin: keyboard, stderrTTY: true });
    const screen = () => stripAnsi(run.stderr.text);
    const type = (text: string) => typeKeys(keyboard, text);
    // Each key is pressed once the screen shows the one before it, as a person would.
    await waitFor(() => expect(screen()).toContain('Email:'));
    await type(ROOT_EMAIL);
    await waitFor(() => expect(screen()).toContain(`Email: ${ROOT_EMAIL}`));
    await type('\r');
    await waitFor(() => expect(screen()).toContain('Password:'));
    await type(ROOT_PASSWORD);
    await waitFor(() => expect(screen()).toContain(`Password: ${'*'.repeat(ROOT_PASSWORD.length)}`));
    expect(screen()).not.toContain(ROOT_PASSWORD);
    await type('\r');
    await waitFor(() => expect(screen()).toContain('Code:'));
    const code = server.deviceCode(ROOT_EMAIL);
    await type(code);
    await waitFor(() => expect(screen()).toContain(`Code: ${code}`));
    await type('\r');
    const result = await run;
    expect(result.code).toBe(EXIT.ok);
    expect(screen()).toContain(`Signed in as Super Admin <${ROOT_EMAIL}>.`);
    expect(readConfig(user).profiles.default.token).toMatch(/^tra_/);
  });
});

describe('profiles and job credentials', () => {
  it('keeps one session per profile', async () => {
    const user = newUser();
    await signIn(user, server);
    const staging = await user.run(['login', '--profile', 'staging', '--api-url', server.url, '--email', ROOT_EMAIL, '--password-stdin'], {
      stdin: ROOT_PASSWORD,
      env: { TRACTION_API_URL: undefined },
    });
    expect(staging.code).toBe(EXIT.ok);
    const list = await user.run(['profiles', '--json']);
    const rows = list.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows).toEqual([
      { current: '*', name: 'default', apiUrl: server.url, signedInAs: ROOT_EMAIL },
      { current: '', name: 'staging', apiUrl: server.url, signedInAs: ROOT_EMAIL },
    ]);
    expect((await user.run(['whoami', '--profile', 'staging'], { env: { TRACTION_API_URL: undefined } })).code).toBe(EXIT.ok);
    expect((await user.run(['profiles', 'use', 'staging'])).stdout).toContain('Profile "staging"');
    expect(readConfig(user).currentProfile).toBe('staging');
  });

  it('uses TRACTION_TOKEN and TRACTION_DEVICE_ID instead of a stored session', async () => {
    const owner = newUser();
    await signIn(owner, server);
    const { deviceId, profiles } = readConfig(owner);
    const job = newUser();
    const result = await job.run(['whoami', '--json'], { env: { TRACTION_TOKEN: profiles.default.token, TRACTION_DEVICE_ID: deviceId } });
    expect(result.code).toBe(EXIT.ok);
    expect(JSON.parse(result.stdout).user.email).toBe(ROOT_EMAIL);
  });

  it('lets a job sign itself in again with TRACTION_EMAIL and TRACTION_PASSWORD from an approved device, and says so on stderr', async () => {
    const user = newUser();
    await signIn(user, server);
    await user.run(['logout']);
    const env = { TRACTION_EMAIL: ROOT_EMAIL, TRACTION_PASSWORD: ROOT_PASSWORD };
    const result = await user.run(['admins', 'list', '--json'], { env });
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout.trim().split('\n').length).toBeGreaterThan(1);
    expect(result.stderr).toBe(
      `traction: not signed in on ${server.url} (profile "default"); signed in as ${ROOT_EMAIL} with TRACTION_EMAIL and TRACTION_PASSWORD.\n`,
    );

    // The session ends on the server while the job still holds it: the job signs in again, and its log says why.
    const { deviceId, profiles } = readConfig(user);
    await fetch(`${server.url}/v1/auth/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${profiles.default.token}`, 'device-id': deviceId },
    });
    const again = await user.run(['admins', 'list', '--json'], { env });
    expect(again.code).toBe(EXIT.ok);
    expect(again.stderr).toBe(
      `traction: the session ended on ${server.url} (profile "default"); signed in again as ${ROOT_EMAIL} with TRACTION_EMAIL and TRACTION_PASSWORD.\n`,
    );
    expect(again.stderr).not.toContain(ROOT_PASSWORD);
  });

  it('prints the session token for a job (auth token), which then works as TRACTION_TOKEN with the device id', async () => {
    const owner = newUser();
    await signIn(owner, server);
    const { deviceId, profiles } = readConfig(owner);
    const plain = await owner.run(['auth', 'token']);
    expect(plain).toMatchObject({ code: EXIT.ok, stdout: `${profiles.default.token}\n`, stderr: '' });
    // On a terminal too, as `gh auth token` prints: asking for it is the point.
    expect((await owner.run(['auth', 'token'], { stdoutTTY: true })).stdout).toBe(`${profiles.default.token}\n`);
    const json = JSON.parse((await owner.run(['auth', 'token', '--json'])).stdout);
    expect(json).toMatchObject({ token: profiles.default.token, deviceId, apiUrl: server.url, profile: 'default', email: ROOT_EMAIL });

    const job = newUser();
    const result = await job.run(['whoami', '--json'], { env: { TRACTION_TOKEN: json.token, TRACTION_DEVICE_ID: json.deviceId } });
    expect(result.code).toBe(EXIT.ok);

    await owner.run(['logout']);
    const ended = await owner.run(['auth', 'token']);
    expect(ended.code).toBe(EXIT.notSignedIn);
    expect(ended.stdout).toBe('');
  });

  it('refuses job credentials from a device nobody has approved (exit 3), naming it by the fingerprint the console shows, not its id', async () => {
    const user = newUser();
    const result = await user.run(['admins', 'list'], { env: { TRACTION_EMAIL: ROOT_EMAIL, TRACTION_PASSWORD: ROOT_PASSWORD } });
    expect(result.code).toBe(EXIT.notSignedIn);
    const fingerprint = /This device \(fingerprint ([0-9a-f]{8})\) is not approved for/.exec(result.stderr)?.[1];
    expect(fingerprint).toBeDefined();
    expect(result.stderr).not.toContain(readConfig(user).deviceId);
    // The same fingerprint an approver finds the request by.
    const approver = newUser();
    await signIn(approver, server);
    const requests = await approver.run(['devices', 'list', '--json']);
    const rows = requests.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { deviceFingerprint: string; adminEmail: string });
    expect(rows).toContainEqual(expect.objectContaining({ deviceFingerprint: fingerprint, adminEmail: ROOT_EMAIL }));
  });
});

describe('a password an administrator reset', () => {
  it('no longer signs in: exit 3 with the server message, not an ended session', async () => {
    const owner = newUser();
    await signIn(owner, server);
    const admins = await owner.run(['admins', 'list', '--json']);
    // An active demo admin no other test signs in as.
    const target = admins.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; email: string; status: string })
      .find((row) => row.status === 'active' && row.email !== ROOT_EMAIL && row.email !== 'babatunde.nwosu@traction.ng')!;
    const reset = await owner.run(['admins', 'reset-password', '--admin-id', String(target.id), '--yes']);
    expect(reset.code).toBe(EXIT.ok);

    const user = newUser();
    const result = await user.run(['login', '--email', target.email, '--password-stdin'], { stdin: DEMO_PASSWORD });
    expect(result.code).toBe(EXIT.notSignedIn);
    expect(result.stderr).toContain('An administrator reset your password, so it no longer signs in.');
    expect(result.stderr).not.toContain('Run `traction login`');
  });
});

describe('exit codes from the server', () => {
  it('is 3 when the session has ended on the server', async () => {
    const user = newUser();
    await signIn(user, server);
    const { deviceId, profiles } = readConfig(user);
    await fetch(`${server.url}/v1/auth/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${profiles.default.token}`, 'device-id': deviceId },
    });
    const result = await user.run(['admins', 'list']);
    expect(result.code).toBe(EXIT.notSignedIn);
    expect(result.stderr).toContain('Run `traction login`.');
    expect(readConfig(user).profiles.default.token).toBeUndefined();
  });

  it('is 4 when the admin lacks the permission', async () => {
    const user = newUser();
    // A demo staff member (Risk & Compliance: admins.view and audit.view only).
    await signIn(user, server, 'babatunde.nwosu@traction.ng', DEMO_PASSWORD);
    const result = await user.run(['permissions', 'grant', '--user-id', '3', '--permissions', 'audit.view']);
    expect(result.code).toBe(EXIT.permissionDenied);
    expect(result.stderr).toContain('permissions.manage');
  });

  it('is 1 when the server refuses the input, with its message', async () => {
    const user = newUser();
    await signIn(user, server);
    const result = await user.run(['permissions', 'grant', '--user-id', '99999', '--permissions', 'audit.view']);
    expect(result.code).toBe(EXIT.error);
    expect(result.stderr).toContain('does not exist');
  });
});

describe('a session and its server', () => {
  it('never sends a profile token to another server, nor drops it because that server refused', async () => {
    const user = newUser();
    await signIn(user, server);
    const token = readConfig(user).profiles.default.token;
    // The same server behind another address stands in for "another server": it would accept the token.
    const elsewhere = await startDelayProxy(server.url, 0);
    try {
      const other = await user.run(['whoami', '--api-url', elsewhere.url]);
      expect(other.code).toBe(EXIT.notSignedIn);
      expect(other.stderr).toContain(`Not signed in to ${elsewhere.url}`);
    } finally {
      await elsewhere.close();
    }
    expect(readConfig(user).profiles.default.token).toBe(token);
    expect((await user.run(['whoami'])).code).toBe(EXIT.ok);
  });
});
