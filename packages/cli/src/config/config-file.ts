import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
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

/** The config file: read once, written whole (temporary file, then rename), readable only by its owner. */
export class ConfigFile {
  private constructor(
    readonly path: string,
    readonly data: ConfigData,
  ) {}

  static load(path: string): ConfigFile {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new ConfigFile(path, { version: 1, profiles: {} });
      throw new CliError(`Cannot read the config file ${path}: ${(error as Error).message}`);
    }
    let data: ConfigData;
    try {
      data = JSON.parse(text) as ConfigData;
    } catch {
      throw new CliError(`The config file ${path} is not valid JSON; fix or delete it.`);
    }
    data.profiles ??= {};
    // It holds session tokens: tighten it if someone loosened it.
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    return new ConfigFile(path, data);
  }

  profile(name: string): Profile {
    const profile = this.data.profiles[name] ?? {};
    this.data.profiles[name] = profile;
    return profile;
  }

  save(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.data, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, this.path);
  }
}
