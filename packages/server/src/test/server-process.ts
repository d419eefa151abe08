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
