import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath } from '../config/config-file';
import { EXIT } from '../exit-codes';
import { BIN, cliUser, FakeTerminalInput, ROOT_EMAIL, ROOT_PASSWORD, signIn, startTestServer, stripAnsi, type CliUser, type TestServer } from '../test/harness';
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

/** `traction …` as its own process (the bin), as a second shell would run it. */
async function runBin(user: CliUser, argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...argv], {
      env: { PATH: process.env.PATH, XDG_CONFIG_HOME: user.configDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('traction profiles', () => {
  it('refuses to switch to a profile that does not exist (exit 2), naming those that do; --api-url makes one', async () => {
    const user = newUser();
    expect((await user.run(['profiles', 'use', 'staging', '--api-url', 'https://Staging.Example.com/'])).code).toBe(EXIT.ok);
    expect((await user.run(['profiles', 'use', 'default'])).code).toBe(EXIT.ok);

    const typo = await user.run(['profiles', 'use', 'stagng']);
    expect(typo.code).toBe(EXIT.usage);
    expect(typo.stderr).toContain('There is no profile "stagng". Profiles: default, staging.');
    expect(typo.stderr).toContain('traction profiles use stagng --api-url');
    expect(readConfig(user).currentProfile).toBe('default');
    expect(readConfig(user).profiles.staging.apiUrl).toBe('https://staging.example.com');

    const bad = await user.run(['profiles', 'use', 'qa', '--api-url', 'qa.example.com']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr).toContain('--api-url "qa.example.com" is not a URL');
  });

  it('deletes a profile: signs its session out on the server, forgets it, and falls back to the default profile', async () => {
    const user = newUser();
    await signIn(user, server);
    const signedIn = await user.run(['login', '--profile', 'ops', '--api-url', server.url, '--email', ROOT_EMAIL, '--password-stdin'], {
      stdin: ROOT_PASSWORD,
    });
    expect(signedIn.code).toBe(EXIT.ok);
    expect((await user.run(['profiles', 'use', 'ops'])).code).toBe(EXIT.ok);
    const { deviceId, profiles } = readConfig(user);
    const token = profiles.ops.token as string;

    const deleted = await user.run(['profiles', 'delete', 'ops']);
    expect(deleted.code).toBe(EXIT.ok);
    expect(deleted.stdout).toBe(`Deleted profile "ops" and signed out of ${server.url}. The default profile is now "default".\n`);
    const config = readConfig(user);
    expect(config.profiles.ops).toBeUndefined();
    expect(config.currentProfile).toBeUndefined();
    expect(config.deviceId).toBe(deviceId);
    // The token no longer opens anything on the server.
    const me = await fetch(`${server.url}/v1/auth/admin/me`, { headers: { authorization: `Bearer ${token}`, 'device-id': deviceId } });
    expect(me.status).toBe(401);
    // The other profile's session is untouched.
    expect((await user.run(['whoami'])).code).toBe(EXIT.ok);

    const again = await user.run(['profiles', 'delete', 'ops']);
    expect(again.code).toBe(EXIT.usage);
    expect(again.stderr).toContain('There is no profile "ops" to delete. Profiles: default.');
  });

  it('keeps a profile switched in another shell while `traction login` waits for its code', async () => {
    const user = newUser();
    const keyboard = new FakeTerminalInput();
    const login = user.run(['login'], { stdin: keyboard, stderrTTY: true });
    const screen = () => stripAnsi(login.stderr.text);
    await waitFor(() => expect(screen()).toContain('Email:'));
    await typeKeys(keyboard, `${ROOT_EMAIL}\r`);
    await waitFor(() => expect(screen()).toContain('Password:'));
    await typeKeys(keyboard, `${ROOT_PASSWORD}\r`);
    await waitFor(() => expect(screen()).toContain('Code:'));

    // Meanwhile, a second process.
    const other = await runBin(user, ['profiles', 'use', 'staging', '--api-url', 'https://admin.staging.example.com']);
    expect(other).toMatchObject({ code: 0 });

    await typeKeys(keyboard, `${server.deviceCode(ROOT_EMAIL)}\r`);
    expect((await login).code).toBe(EXIT.ok);
    const config = readConfig(user);
    expect(config.currentProfile).toBe('staging');
    expect(config.profiles.staging.apiUrl).toBe('https://admin.staging.example.com');
    expect(config.profiles.default.token).toMatch(/^tra_/);
  });

  it('loses no change when several processes change the file at once', async () => {
    const user = newUser();
    const names = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    const results = await Promise.all(names.map((name) => runBin(user, ['profiles', 'use', name, '--api-url', `https://${name}.example.com`])));
    expect(results.map((result) => result.code)).toEqual(names.map(() => 0));
    const config = readConfig(user);
    expect(Object.keys(config.profiles).sort()).toEqual(names);
    expect(names).toContain(config.currentProfile);
  });
});

describe('one server under several names', () => {
  it('uses a session kept for 127.0.0.1 under localhost, with a trailing slash', async () => {
    const user = newUser();
    await signIn(user, server);
    const port = new URL(server.url).port;
    const result = await user.run(['whoami', '--json'], { env: { TRACTION_API_URL: `http://LOCALHOST:${port}/` } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(EXIT.ok);
    expect(JSON.parse(result.stdout)).toMatchObject({ apiUrl: `http://localhost:${port}`, user: { email: ROOT_EMAIL } });
  });
});
