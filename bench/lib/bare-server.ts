import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BareChildOptions {
  databaseUrl: string;
  /** The search texts it answers: their SQL is built once, at start. */
  searches: string[];
}

export interface BareServer {
  base: URL;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./bare-server-child.ts', import.meta.url));

/** Starts the bare Hono + `pg` merchant search (bare-server-child.ts) in its own process on the given database. */
export async function startBareServer(options: BareChildOptions): Promise<BareServer> {
  const extraFlags = process.env.BENCH_SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = fork(CHILD, [JSON.stringify(options)], {
    execArgv: [...process.execArgv, ...extraFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { url: string }));
    void exited.then((code) => reject(new Error(`the bare server exited with code ${code} before it was ready`)));
  });
  return {
    base: new URL(ready.url),
    close: async () => {
      if (child.connected) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
