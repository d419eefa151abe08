import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Db } from './db/connect';
import type { SessionByToken, SessionCache } from './domains/auth/index';
import type { CsvCopier } from './db/csv-copy';
import type { Providers } from './providers/providers';

/** What the app is built from. No globals: tests build one per database. */
export interface AppDeps {
  db: Db;
  /** The database writing list exports as CSV itself; without it they are written in JavaScript. */
  copier?: CsvCopier;
  config: ServerConfig;
  providers: Providers;
  clock: Clock;
  logger: Logger;
  /** Sessions as last read, for a moment (`config.sessionCacheMs`); without it every request reads its session. */
  sessions?: SessionCache<SessionByToken>;
  /** This process's job worker, when it runs one: `ctx.afterCommit(() => ctx.deps.jobs?.nudge())` starts enqueued work now. */
  jobs?: { nudge(): void };
}
