import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { homedir, hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from '../errors';

/** One server the CLI talks to, and the session held on it. */
export interface Profile {
  /** Origin of the API, e.g. `https://admin.traction.ng`. */
  apiUrl?: string;
  /** The email last signed in with, offered at the next `traction login`. */
  email?: string;
  /** Bearer token of the current session. */
  token?: string;
  /** The signed-in admin (JSON, as the client stores it). */
  user?: string;
  /** The operator business (JSON, as the client stores it). */
  business?: string;
  /** Other client keys. */
  values?: Record<string, string>;
}

export interface ConfigData {
  version: 1;
  /** This machine's device id: created once, sent with every call, kept across sign-outs. */
  deviceId?: string;
  /** The profile used when neither `--profile` nor `TRACTION_PROFILE` names one. */
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

/**
 * `$TRACTION_CONFIG`, else `$XDG_CONFIG_HOME/traction/config.json`, else
 * `~/.config/traction/config.json`. The home folder comes from the password database when HOME
 * is unset (`env -i` in cron), so scheduled jobs find the same file as the person who signed in.
 */
export function configPath(env: Readonly<Record<string, string | undefined>>): string {
  if (env.TRACTION_CONFIG) return env.TRACTION_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'traction', 'config.json');
}

/** The named profile in `data`, added empty if it is not there yet: for changes made in `update`. */
export function profileIn(data: ConfigData, name: string): Profile {
  const existing = data.profiles[name];
  if (existing) return existing;
  const created: Profile = {};
  data.profiles[name] = created;
  return created;
}

/** How long a change waits for another process's lock before giving up; a change holds it for milliseconds. */
const LOCK_WAIT_MS = 10_000;
/** A lock older than this belongs to a process that died mid-change (nothing holds it this long). */
const LOCK_STALE_MS = 30_000;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function readData(path: string): ConfigData | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(`Cannot read the config file ${path}: ${(error as Error).message}`);
  }
  let data: ConfigData;
  try {
    data = JSON.parse(text) as ConfigData;
  } catch {
    throw new CliError(`The config file ${path} is not valid JSON; fix or delete it.`);
  }
  data.version ??= 1;
  data.profiles ??= {};
  return data;
}

/**
 * The config file. Reads see the file as it was last read or written by this process. Every
 * change is made by `update`: under a lock file beside it, the file is read again, the change is
 * applied to what is there now and the result written atomically (temporary file, then rename),
 * readable only by its owner. So two `traction` processes changing it at once — a `profiles use`
 * while a `login` waits for its code, two cron jobs renewing their sessions — keep both changes.
 */
export class ConfigFile {
  private constructor(
    readonly path: string,
    private current: ConfigData,
  ) {}

  static load(path: string): ConfigFile {
    const data = readData(path);
    // It holds session tokens: tighten it if someone loosened it.
    if (data && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    return new ConfigFile(path, data ?? { version: 1, profiles: {} });
  }

  /** The file as this process last read or wrote it. Change it only through `update`. */
  get data(): Readonly<ConfigData> {
    return this.current;
  }

  /**
   * Applies `change` to the file as it is on disk now, under the lock, and writes it back.
   * `waitMs`: how long to wait for another process's lock (default 10 s).
   */
  update(change: (data: ConfigData) => void, options: { waitMs?: number } = {}): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const release = this.lock(options.waitMs ?? LOCK_WAIT_MS);
    try {
      const data = readData(this.path) ?? { version: 1, profiles: {} };
      change(data);
      const temporary = `${this.path}.${process.pid}.tmp`;
      const fd = openSync(temporary, 'w', 0o600);
      try {
        writeSync(fd, `${JSON.stringify(data, null, 2)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.path);
      this.current = data;
    } finally {
      release();
    }
  }

  /**
   * Takes `config.json.lock` (created exclusively, holding this process's id), waiting while
   * another process holds it. A lock whose process is gone, or that is far older than any change
   * takes, was left by a process killed mid-change and is removed.
   */
  private lock(waitMs: number): () => void {
    const lockPath = `${this.path}.lock`;
    const owner = `${process.pid}@${hostname()}`;
    const started = Date.now();
    for (;;) {
      try {
        const fd = openSync(lockPath, 'wx', 0o600);
        writeSync(fd, owner);
        closeSync(fd);
        return () => unlinkSync(lockPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new CliError(`Cannot lock the config file (${lockPath}): ${(error as Error).message}`);
        }
      }
      const holder = readLock(lockPath);
      if (holder && (holder.stale || holderIsGone(holder.owner))) {
        try {
          unlinkSync(lockPath);
        } catch {
          // Another process removed it first.
        }
        continue;
      }
      if (Date.now() - started > waitMs) {
        throw new CliError(
          `The config file ${this.path} is locked by another traction process (${holder?.owner ?? 'unknown'}). ` + `If none is running, delete ${lockPath}.`,
        );
      }
      sleep(5 + Math.random() * 20);
    }
  }
}

function readLock(lockPath: string): { owner: string; stale: boolean } | undefined {
  try {
    const owner = readFileSync(lockPath, 'utf8');
    return { owner, stale: Date.now() - statSync(lockPath).mtimeMs > LOCK_STALE_MS };
  } catch {
    // Released between our attempt and this read: try again.
    return undefined;
  }
}

/** Whether the process named by a lock (`pid@host`) has ended; only a process on this machine can be asked. */
function holderIsGone(owner: string): boolean {
  const [pid, host] = owner.split('@');
  if (host !== hostname() || !pid || !/^\d+$/.test(pid)) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
