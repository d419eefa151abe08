import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { SandboxEmailProvider, startServer, type RunningServer } from '@traction/server';
import { openTestDatabase } from '@traction/server/testing';
import type { Io } from '../io';
import { runCli } from '../run-cli';

// These tests play a person at a terminal. Ink renders only its last frame when it believes it
// runs in CI (is-in-ci reads CI when Ink is first imported, which the CLI does lazily), so a
// screen a person would see never appears. Each test file runs in its own process.
process.env.CI = 'false';

export const ROOT_EMAIL = 'root@traction.ng';
export const ROOT_PASSWORD = 'cli-test-root-password';
/** Demo admins sign in with this (seed-demo.ts). */
export const DEMO_PASSWORD = 'demo-password-2026';

/** The `traction` bin, for tests that run the CLI as its own process. */
export const BIN = fileURLToPath(new URL('../../bin/traction.js', import.meta.url));

/** Collects what the program writes; `isTTY` makes it pass for a terminal. */
export class Capture extends Writable {
  text = '';
  columns = 120;
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

/** A terminal's keyboard for Ink: raw mode accepted, keys delivered through `readable` (as ink-testing-library does). */
export class FakeTerminalInput extends EventEmitter {
  readonly isTTY = true;
  private pending: string | null = null;
  write(data: string): void {
    this.pending = data;
    this.emit('readable');
    this.emit('data', data);
  }
  read(): string | null {
    const data = this.pending;
    this.pending = null;
    return data;
  }
  setRawMode(): this {
    return this;
  }
  setEncoding(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC and BEL are what ANSI escape sequences are made of.
const ANSI = /\u001B\[[0-9;?]*[A-Za-z]|\u001B\][^\u0007]*\u0007/g;
export const stripAnsi = (text: string) => text.replace(ANSI, '');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Standard input: text for a pipe, or a fake terminal keyboard. */
  stdin?: string | FakeTerminalInput;
  /** Whether stdout / stderr pass for a terminal. */
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  signal?: AbortSignal;
  cwd?: string;
  env?: Record<string, string | undefined>;
}

/** A test's view of the CLI: a config folder of its own, pointed at a server. */
export interface CliUser {
  configDir: string;
  env: Record<string, string>;
  /** Runs `traction …` in this process and returns its exit code and output. */
  run(argv: readonly string[], options?: RunOptions): Promise<RunResult> & { stdout: Capture; stderr: Capture };
  remove(): void;
}

export function cliUser(apiUrl: string): CliUser {
  const configDir = mkdtempSync(join(tmpdir(), 'traction-cli-test-'));
  // TERM as a terminal would set it: without one the CLI treats even a TTY as a script's.
  const env = { XDG_CONFIG_HOME: configDir, TRACTION_API_URL: apiUrl, TERM: 'xterm-256color' };
  return {
    configDir,
    env,
    run(argv, options = {}) {
      const stdout = new Capture(options.stdoutTTY ?? false);
      const stderr = new Capture(options.stderrTTY ?? false);
      const stdin =
        options.stdin instanceof FakeTerminalInput
          ? (options.stdin as unknown as NodeJS.ReadStream)
          : (Object.assign(Readable.from(options.stdin === undefined ? [] : [options.stdin]), { isTTY: false }) as unknown as NodeJS.ReadStream);
      const io: Io = {
        stdout,
        stderr,
        stdin,
        env: { ...env, ...options.env },
        cwd: options.cwd ?? configDir,
        signal: options.signal ?? new AbortController().signal,
      };
      const done = runCli(argv, io).then((code) => ({ code, stdout: stdout.text, stderr: stderr.text }));
      return Object.assign(done, { stdout, stderr });
    },
    remove: () => rmSync(configDir, { recursive: true, force: true }),
  };
}

export interface TestServer {
  url: string;
  server: RunningServer;
  /** The super admin's one-time password, when the server was started without TRACTION_ADMIN_PASSWORD. */
  generatedPassword: string | undefined;
  email: SandboxEmailProvider;
  /** The newest device code mailed to an address. */
  deviceCode(address: string): string;
  close(): Promise<void>;
}

/**
 * The real server with the demo data, on a fresh database (PGlite, or PostgreSQL when DATABASE_URL
 * is set). Demo merchants only when asked for: most CLI tests need the admins alone.
 * `generatedPassword: true` starts it as a first `npm start` does, without TRACTION_ADMIN_PASSWORD:
 * the super admin gets a one-time password that must be changed at the first sign-in.
 */
export async function startTestServer(
  options: { merchants?: number; payments?: number; terminals?: number; generatedPassword?: boolean } = {},
): Promise<TestServer> {
  const email = new SandboxEmailProvider();
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    database: await openTestDatabase(),
    demo: true,
    demoMerchants: options.merchants ?? 0,
    demoPayments: options.payments ?? 0,
    demoTerminals: options.terminals ?? 0,
    // LOG_LEVEL here rather than a logger of our own: the server builds its pino logger from it.
    env: { TRACTION_ADMIN_EMAIL: ROOT_EMAIL, ...(options.generatedPassword ? {} : { TRACTION_ADMIN_PASSWORD: ROOT_PASSWORD }), LOG_LEVEL: 'silent' },
    config: { scryptLogN: 10 },
    providers: { email },
  });
  const url = `http://127.0.0.1:${new URL(server.url).port}`;
  return {
    url,
    server,
    generatedPassword: server.bootstrap.generatedPassword,
    email,
    deviceCode(address) {
      const code = email.latest(address, 'device-code')?.data.code;
      if (typeof code !== 'string') throw new Error(`no device code mailed to ${address}`);
      return code;
    },
    close: () => server.close(),
  };
}

/** Signs a CLI user in without a terminal: password on stdin, then the emailed code. */
export async function signIn(user: CliUser, server: TestServer, email = ROOT_EMAIL, password = ROOT_PASSWORD): Promise<void> {
  const first = await user.run(['login', '--email', email, '--password-stdin'], { stdin: password });
  if (first.code === 0) return;
  const second = await user.run(['login', '--email', email, '--code', server.deviceCode(email)]);
  if (second.code !== 0) throw new Error(`sign-in failed: ${second.stderr}`);
}
