import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes';
import { cliUser, FakeTerminalInput, ROOT_EMAIL, startTestServer, stripAnsi, type CliUser, type TestServer } from '../test/harness';
import { typeKeys, waitFor } from '../test/wait-for';

// A first start without TRACTION_ADMIN_PASSWORD: the super admin's password is generated, printed
// once, and must be replaced at the first sign-in. The tests run in order: the first ones sign in
// with the generated password, the last one replaces it.
let server: TestServer;
let generated: string;
const users: CliUser[] = [];
const newUser = () => {
  const user = cliUser(server.url);
  users.push(user);
  return user;
};

beforeAll(async () => {
  server = await startTestServer({ generatedPassword: true });
  generated = server.generatedPassword!;
  expect(generated).toBeTruthy();
});
afterAll(async () => {
  for (const user of users) user.remove();
  await server?.close();
});

const MUST_CHANGE = `The password of ${ROOT_EMAIL} must be changed before it signs in: run \`traction login\` on a terminal (it asks for a new one), or sign in to the console at`;

describe('a generated first password, without a terminal', () => {
  it('stops --password-stdin, --code and job credentials with exit 3, saying where to change it', async () => {
    const user = newUser();
    // A new device: the code first.
    const first = await user.run(['login', '--email', ROOT_EMAIL, '--password-stdin'], { stdin: generated });
    expect(first.code).toBe(EXIT.notSignedIn);
    expect(first.stderr).toContain('--code <CODE>');

    const code = await user.run(['login', '--email', ROOT_EMAIL, '--code', server.deviceCode(ROOT_EMAIL)]);
    expect(code.code).toBe(EXIT.notSignedIn);
    expect(code.stderr).toContain('Choose your own password before you go on');
    expect(code.stderr).toContain(MUST_CHANGE);
    expect(code.stdout).toBe('');

    // The code approved the device, so the password step now answers with the change, not a code.
    const again = await user.run(['login', '--email', ROOT_EMAIL, '--password-stdin'], { stdin: generated });
    expect(again.code).toBe(EXIT.notSignedIn);
    expect(again.stderr).toContain(MUST_CHANGE);

    const passwordFile = join(user.configDir, 'password');
    writeFileSync(passwordFile, `${generated}\n`, { mode: 0o600 });
    const job = await user.run(['admins', 'list', '--json'], { env: { TRACTION_EMAIL: ROOT_EMAIL, TRACTION_PASSWORD_FILE: passwordFile } });
    expect(job.code).toBe(EXIT.notSignedIn);
    expect(job.stderr).toContain(MUST_CHANGE);
    expect(job.stdout).toBe('');

    expect((await user.run(['whoami'])).code).toBe(EXIT.notSignedIn);
  });
});

describe('a generated first password, on a terminal', () => {
  it('asks for a new password twice after the code, sets it, signs in with it and keeps the session', async () => {
    const user = newUser();
    const keyboard = new FakeTerminalInput();
    const run = user.run(['login'], { stdin: keyboard, stderrTTY: true });
    const screen = () => stripAnsi(run.stderr.text);
    const type = (text: string) => typeKeys(keyboard, text);
    const chosen = 'a passphrase of my own choosing';

    await waitFor(() => expect(screen()).toContain('Email:'));
    await type(ROOT_EMAIL);
    await waitFor(() => expect(screen()).toContain(`Email: ${ROOT_EMAIL}`));
    await type('\r');
    await waitFor(() => expect(screen()).toContain('Password:'));
    await type(generated);
    await waitFor(() => expect(screen()).toContain(`Password: ${'*'.repeat(generated.length)}`));
    await type('\r');
    await waitFor(() => expect(screen()).toContain('Code:'));
    const code = server.deviceCode(ROOT_EMAIL);
    await type(code);
    await waitFor(() => expect(screen()).toContain(`Code: ${code}`));
    await type('\r');

    await waitFor(() => expect(screen()).toContain('Choose your own password before you go on'));
    await waitFor(() => expect(screen()).toContain('New password (12+ characters):'));
    // The server's rules come back as they are: this one contains the email's name.
    const withName = 'root-and-more-characters';
    await type(withName);
    await waitFor(() => expect(screen()).toContain(`New password (12+ characters): ${'*'.repeat(withName.length)}`));
    await type('\r');
    await waitFor(() => expect(screen()).toContain('Repeat the new password:'));
    await type(`${withName}\r`);
    await waitFor(() => expect(screen()).toContain('does not contain your email name'));

    await type(chosen);
    await waitFor(() => expect(screen()).toContain(`New password (12+ characters): ${'*'.repeat(chosen.length)}`));
    await type('\r');
    await waitFor(() => expect(screen()).toMatch(/Repeat the new password: *$/m));
    await type(`${chosen}\r`);

    const result = await run;
    expect(result.code).toBe(EXIT.ok);
    expect(screen()).toContain('Password changed.');
    expect(screen()).toContain(`Signed in as Super Admin <${ROOT_EMAIL}>.`);
    expect(screen()).not.toContain(chosen);
    expect(screen()).not.toContain(generated);

    const whoami = await user.run(['whoami']);
    expect(whoami.code).toBe(EXIT.ok);
    expect(whoami.stdout).toContain(`Super Admin <${ROOT_EMAIL}>, super_admin`);

    // The generated password signs in no more; the chosen one does, from this approved device, without a code.
    await user.run(['logout']);
    const old = await user.run(['login', '--email', ROOT_EMAIL, '--password-stdin'], { stdin: generated });
    expect(old.code).toBe(EXIT.notSignedIn);
    expect(old.stderr).toContain('Email or password is incorrect.');
    const next = await user.run(['login', '--email', ROOT_EMAIL, '--password-stdin'], { stdin: chosen });
    expect(next.code).toBe(EXIT.ok);
    expect(next.stdout).toContain(`Signed in to ${server.url} as Super Admin <${ROOT_EMAIL}>`);
  });
});
