import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A server in a process of its own (test/crash-child.ts), for tests that kill it and start another on the same database. */
export interface ServerProcess {
  url: string;
  process: ChildProcess;
}

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));

/** Starts a server on `location` (a PGlite folder, or a PostgreSQL URL) with `env`; resolves once it listens. */
export function startServerProcess(location: { dataDir: string; databaseUrl?: string }, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify({ ...location, env })], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, process: child });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
}

/** `kill -9`, and waits until the process is gone. */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}

/** The device a test signs in from. */
export interface TestDevice {
  deviceId: string;
  deviceModel: string;
  browserName: string;
  browserVersion: string;
  deviceType: string;
}

/** What a server process answered: the status, whether it replayed a stored answer, the JSON body. */
export interface ServerAnswer<T> {
  status: number;
  replayed: boolean;
  body: T;
}

/** One JSON call to a server process, as the device, with a bearer token and an Idempotency-Key when given. */
export async function callServer<T>(
  url: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; key?: string; deviceId: string },
): Promise<ServerAnswer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'device-id': options.deviceId };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  const response = await fetch(`${url}${path}`, { method, headers, ...(options.body ? { body: JSON.stringify(options.body) } : {}) });
  return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', body: (await response.json()) as T };
}

/** Signs in to a server process, with the newest device code its sandbox mailbox holds when the device is new; answers the token. */
export async function signInToServer(url: string, email: string, password: string, device: TestDevice): Promise<string> {
  const first = await callServer<{ code: number | string; token: string }>(url, 'POST', '/v1/auth/admin/login', {
    body: { email, password, device },
    deviceId: device.deviceId,
  });
  if (first.body.code === 200) return first.body.token;
  const mail = (await (await fetch(`${url}/sandbox/mailbox?to=${email}`)).json()) as { items: { kind: string; data: { code: string } }[] };
  const code = mail.items.filter((message) => message.kind === 'device-code').at(-1)!.data.code;
  return (await callServer<{ token: string }>(url, 'POST', '/v1/auth/admin/device-login', { body: { email, code, device }, deviceId: device.deviceId })).body
    .token;
}
