import { createHash } from 'node:crypto';
import os from 'node:os';
import { deviceLogin, login, logout, setPassword, whoami, type DeviceInput, type SessionUser } from '@traction/core';
import { ClientError, clearSession, createClient, STORAGE_KEYS, type KeyValueStore, type TractionClient } from '@traction/core/client';
import { ConfigFile, configPath, profileIn, type Profile } from '../config/config-file';
import { profileStore } from '../config/profile-store';
import { normaliseServerUrl, sameServer as sameServerAs } from '../config/server-url';
import { CliError, notSignedIn, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { readSecretFile } from './secret-file';
import { CLI_VERSION, DEFAULT_API_URL } from '../defaults';
import { note, type Io } from '../io';

/** Options every command accepts, wherever they appear on the command line. */
export interface GlobalOptions {
  profile?: string;
  apiUrl?: string;
  json?: boolean;
  csv?: boolean;
  /** `--csv-keys`: JSON field names as CSV headers (implies --csv). */
  csvKeys?: boolean;
  /** `--bom` / `--no-bom`: CSV for spreadsheets or for programs, whatever the target. */
  bom?: boolean;
  out?: string;
  yes?: boolean;
}

/** The profile in use, its server, and a client that keeps its session in the config file. */
export interface Session {
  readonly profileName: string;
  readonly apiUrl: string;
  readonly config: ConfigFile;
  readonly store: KeyValueStore;
  readonly io: Io;
  /** A client for this profile; exports ask for a long timeout. */
  client(options?: { timeoutMs?: number }): TractionClient;
  /** `--profile NAME` when the profile is not the default one, for hints. */
  readonly profileFlag: string;
}

/**
 * Picks the profile (`--profile`, `TRACTION_PROFILE`, the config's current one, `default`) and
 * its server (`--api-url`, `TRACTION_API_URL`, the profile's, localhost:8080).
 */
export function openSession(io: Io, globals: GlobalOptions): Session {
  // A token is bound to the device it was opened on: without that device's id every call would
  // fail as "device not recognized", which says nothing about the variable that is missing.
  if (io.env.TRACTION_TOKEN && !io.env.TRACTION_DEVICE_ID) {
    throw usageError(
      'TRACTION_TOKEN is set but TRACTION_DEVICE_ID is not: a session works only from the device it was opened on. ' +
        "Set TRACTION_DEVICE_ID to that device's id (`traction auth token --json` prints both).",
    );
  }
  const config = ConfigFile.load(configPath(io.env));
  const profileName = globals.profile || io.env.TRACTION_PROFILE || config.data.currentProfile || 'default';
  const stored: Profile | undefined = config.data.profiles[profileName];
  const apiUrl = globals.apiUrl
    ? normaliseServerUrl(globals.apiUrl, '--api-url')
    : io.env.TRACTION_API_URL
      ? normaliseServerUrl(io.env.TRACTION_API_URL, 'TRACTION_API_URL')
      : stored?.apiUrl
        ? normaliseServerUrl(stored.apiUrl, `The server of profile "${profileName}" in ${config.path}`)
        : DEFAULT_API_URL;
  const profileSession = profileStore(config, profileName, io.env);
  // A profile's session belongs to the profile's server: never send its token to another server
  // (`--api-url`, `TRACTION_API_URL`), and never drop it because another server answered 401.
  // Signing in to the other server makes it the profile's server. One server under two names
  // (localhost and 127.0.0.1, a trailing slash) is the same server.
  const sameServer = () => sameServerAs(config.data.profiles[profileName]?.apiUrl ?? apiUrl, apiUrl);
  const isSessionKey = (key: string) => key === STORAGE_KEYS.token || key === STORAGE_KEYS.user || key === STORAGE_KEYS.business;
  const store: KeyValueStore = {
    get: (key) => (isSessionKey(key) && !io.env.TRACTION_TOKEN && !sameServer() ? null : profileSession.get(key)),
    set: (key, value) => profileSession.set(key, value),
    remove: (key) => {
      if (isSessionKey(key) && !sameServer()) return;
      profileSession.remove(key);
    },
  };
  const isDefault = profileName === (config.data.currentProfile ?? 'default');
  return {
    profileName,
    apiUrl,
    config,
    store,
    io,
    profileFlag: isDefault ? '' : ` --profile ${profileName}`,
    client: (options = {}) => createClient({ baseURL: apiUrl, store, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) }),
  };
}

/**
 * The short fingerprint the console's Device Authorization Request and Audit Log show for a
 * device (the first 8 hex digits of its id's SHA-256, as the server computes it): the id itself
 * is a credential and is not printed where others may read it, such as a job's log.
 */
export function deviceFingerprint(deviceId: string): string {
  return createHash('sha256').update(deviceId).digest('hex').slice(0, 8);
}

/** How this machine describes itself when it signs in; the device id is created once and kept. */
export function cliDevice(deviceId: string): DeviceInput {
  return {
    deviceId,
    deviceModel: `${os.type()} ${os.release()} (${os.hostname()})`.slice(0, 200),
    browserName: 'traction-cli',
    browserVersion: CLI_VERSION,
    deviceType: 'cli',
    whitelisted: false,
  };
}

/** The password was right but must be changed first: no session yet, a token to set a new one with. */
export interface PasswordChangeRequired {
  signedIn: false;
  next: 'change-password';
  email: string;
  /** The server's reason, to show as it is. */
  message: string;
  /** Single-use, for `auth.password.set` (15 minutes). */
  token: string;
}

export type PasswordStepResult =
  | { signedIn: true; user: SessionUser }
  | { signedIn: false; next: 'code'; email: string; message: string }
  | PasswordChangeRequired;

export type CodeStepResult = { signedIn: true; user: SessionUser } | PasswordChangeRequired;

interface SignedInAnswer {
  token: string;
  user: SessionUser;
  business: unknown;
}

function keepSession(session: Session, email: string, answer: SignedInAnswer): SessionUser {
  // One change of the file: a process reading it meanwhile never sees the new token beside the old server.
  session.config.update((data) => {
    const profile = profileIn(data, session.profileName);
    profile.token = answer.token;
    profile.user = JSON.stringify(answer.user);
    profile.business = JSON.stringify(answer.business);
    profile.email = email;
    profile.apiUrl = session.apiUrl;
  });
  return answer.user;
}

function rememberEmail(session: Session, email: string): void {
  session.config.update((data) => {
    const profile = profileIn(data, session.profileName);
    profile.email = email;
    profile.apiUrl = session.apiUrl;
  });
}

const changeRequired = (answer: { email: string; message: string; token: string }): PasswordChangeRequired => ({
  signedIn: false,
  next: 'change-password',
  email: answer.email,
  message: answer.message,
  token: answer.token,
});

/**
 * Email and password. A device the admin approved gets a session; a new one gets an emailed
 * code; a password that must be changed first (the generated first one) gets a token to change it.
 */
export async function passwordStep(session: Session, email: string, password: string): Promise<PasswordStepResult> {
  const client = session.client();
  const answer = await client.call(login, { email, password, device: cliDevice(client.deviceId) });
  if (answer.code === 200) return { signedIn: true, user: keepSession(session, email, answer) };
  rememberEmail(session, answer.email);
  if (answer.code === 'change-password') return changeRequired(answer);
  return { signedIn: false, next: 'code', email: answer.email, message: answer.message };
}

/**
 * The 4-character code emailed after the password step: approves this device and opens a
 * session, or (the password must be changed first) answers a token to change it.
 */
export async function codeStep(session: Session, email: string, code: string): Promise<CodeStepResult> {
  const client = session.client();
  const answer = await client.call(deviceLogin, { email, code: code.trim().toUpperCase(), device: cliDevice(client.deviceId) });
  if (answer.code === 'change-password') return changeRequired(answer);
  return { signedIn: true, user: keepSession(session, email, answer) };
}

/**
 * Sets the admin's own password with the token of a `change-password` answer, then signs in with
 * it from this device (approved by then, so no code is asked for) and keeps the session.
 */
export async function changePasswordStep(session: Session, change: Pick<PasswordChangeRequired, 'email' | 'token'>, newPassword: string): Promise<SessionUser> {
  await session.client().call(setPassword, { token: change.token, password: newPassword });
  const result = await passwordStep(session, change.email, newPassword);
  if (result.signedIn) return result.user;
  // Not expected: the device was approved on the way here and the new password needs no change.
  throw notSignedIn(
    `Your password was changed, but signing in with it did not open a session: ${result.message} Run \`traction login${session.profileFlag}\` again.`,
  );
}

/** Whether a refused password change means its token is spent or expired, so the sign-in must start over. */
export function changeTokenGone(error: unknown): boolean {
  if (!(error instanceof ClientError)) return false;
  return error.status === 410 || (error.status === 400 && (error.details?.fields ?? []).some((issue) => issue.field === 'token'));
}

/** Why a sign-in without a terminal stops at a password that must be changed, and where to change it. */
export function mustChangePasswordError(session: Pick<Session, 'apiUrl' | 'profileFlag'>, change: Pick<PasswordChangeRequired, 'email' | 'message'>): CliError {
  return notSignedIn(
    `${change.message}
The password of ${change.email} must be changed before it signs in: ` +
      `run \`traction login${session.profileFlag}\` on a terminal (it asks for a new one), or sign in to the console at ${session.apiUrl}.`,
  );
}

/** Ends the session on the server (if it is still alive) and forgets it; the device id stays. */
export async function endSession(session: Session): Promise<boolean> {
  const { store } = session;
  if (!store.get(STORAGE_KEYS.token)) return false;
  const result = await session.client().attempt(logout, {});
  clearSession(store);
  if (!result.ok && result.error.kind !== 'session-expired' && result.error.kind !== 'device-not-recognized') {
    throw toCliError(result.error, session);
  }
  return true;
}

export async function currentAdmin(session: Session) {
  await requireSignedIn(session);
  return callWithSession(session, (client) => client.call(whoami, {}));
}

interface JobCredentials {
  email: string;
  password: string;
  /** Where the password came from, for the log line. */
  source: 'TRACTION_PASSWORD' | 'TRACTION_PASSWORD_FILE';
}

/** Credentials a scheduled job may sign in with (`TRACTION_EMAIL` and `TRACTION_PASSWORD` or `TRACTION_PASSWORD_FILE`). */
function jobCredentials(io: Io): JobCredentials | undefined {
  const email = io.env.TRACTION_EMAIL;
  if (!email) return undefined;
  if (io.env.TRACTION_PASSWORD) return { email, password: io.env.TRACTION_PASSWORD, source: 'TRACTION_PASSWORD' };
  if (io.env.TRACTION_PASSWORD_FILE) {
    try {
      return { email, password: readSecretFile(io.env.TRACTION_PASSWORD_FILE).replace(/\r?\n$/, ''), source: 'TRACTION_PASSWORD_FILE' };
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(`Cannot read TRACTION_PASSWORD_FILE: ${(error as Error).message}`);
    }
  }
  return undefined;
}

/**
 * Signs a job in with its environment credentials. Only works from a device an admin has already
 * approved (a code cannot be typed in cron), which is the point: the password alone is not enough.
 */
async function signInForJob(session: Session, credentials: JobCredentials, why: 'not signed in' | 'the session ended'): Promise<void> {
  let result: PasswordStepResult;
  try {
    result = await passwordStep(session, credentials.email, credentials.password);
  } catch (error) {
    throw signInError(error, session);
  }
  if (!result.signedIn && result.next === 'change-password') throw mustChangePasswordError(session, result);
  if (!result.signedIn) {
    throw notSignedIn(
      `This device (fingerprint ${deviceFingerprint(session.store.get(STORAGE_KEYS.deviceId) ?? '')}) is not approved for ${credentials.email} yet: ` +
        `sign in once with \`traction login${session.profileFlag}\` on a terminal, or have an admin approve it under Device Authorization Request.`,
    );
  }
  // A job's log should show when and why it opened a session of its own.
  note(
    session.io,
    `traction: ${why} on ${session.apiUrl} (profile "${session.profileName}"); signed in ${why === 'not signed in' ? '' : 'again '}as ${credentials.email} ` +
      `with TRACTION_EMAIL and ${credentials.source}.`,
  );
}

/** Fails with exit 3 unless there is a session (or a job can open one from its environment). */
export async function requireSignedIn(session: Session): Promise<void> {
  if (session.store.get(STORAGE_KEYS.token)) return;
  const credentials = jobCredentials(session.io);
  if (credentials) return signInForJob(session, credentials, 'not signed in');
  throw notSignedIn(`Not signed in to ${session.apiUrl} (profile "${session.profileName}"). Run \`traction login${session.profileFlag}\`.`);
}

/**
 * Runs calls with the profile's client. When the session has ended and the job has environment
 * credentials, signs in again once and repeats the work.
 */
export async function callWithSession<T>(session: Session, work: (client: TractionClient) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
  try {
    return await work(session.client(options));
  } catch (error) {
    const credentials = jobCredentials(session.io);
    if (error instanceof ClientError && error.kind === 'session-expired' && credentials) {
      await signInForJob(session, credentials, 'the session ended');
      try {
        return await work(session.client(options));
      } catch (again) {
        throw toCliError(again, session);
      }
    }
    throw toCliError(error, session);
  }
}

/** A refused sign-in: the server's message (wrong password, expired code), exit 3. */
export function signInError(error: unknown, session: Pick<Session, 'apiUrl' | 'profileFlag'>): unknown {
  if (error instanceof ClientError && (error.kind === 'session-expired' || error.kind === 'rejected' || error.kind === 'rate-limited')) {
    return new CliError(error.userMessage, EXIT.notSignedIn, { cause: error });
  }
  return toCliError(error, session);
}

/** A failed call as a message and an exit code (spec §8's catalogue, in a shell). */
/** Rows of an uploaded file a refusal names (`details.problems`: row, field, message), one per line, the first 50. */
function rowProblemLines(problems: unknown): string {
  if (!Array.isArray(problems)) return '';
  const rows = problems.filter(
    (problem): problem is { row: number; field: string; message: string } =>
      typeof problem === 'object' && problem !== null && 'row' in problem && 'field' in problem && 'message' in problem,
  );
  if (rows.length === 0) return '';
  const shown = rows.slice(0, 50).map((problem) => `\n  row ${problem.row}, ${problem.field}: ${problem.message}`);
  return `${shown.join('')}${rows.length > 50 ? `\n  … and ${rows.length - 50} more` : ''}`;
}

export function toCliError(error: unknown, session: Pick<Session, 'apiUrl' | 'profileFlag'>): unknown {
  if (!(error instanceof ClientError)) return error;
  switch (error.kind) {
    case 'session-expired':
      return new CliError(`${error.userMessage} Run \`traction login${session.profileFlag}\`.`, EXIT.notSignedIn, { cause: error });
    case 'device-not-recognized':
      return new CliError(`${error.userMessage} (run \`traction login${session.profileFlag}\`).`, EXIT.notSignedIn, { cause: error });
    case 'no-permission':
      return new CliError(error.userMessage, EXIT.permissionDenied, { cause: error });
    case 'network': {
      const cause = (error.cause as Error | undefined)?.message ?? 'no answer';
      return new CliError(`Cannot reach ${session.apiUrl}: ${cause}.`, EXIT.error, { cause: error });
    }
    default: {
      const fields = error.details?.fields;
      const extra = fields?.length && !error.userMessage.includes(fields[0]!.field) ? ` (${fields.map((f) => `${f.field} ${f.message}`).join('; ')})` : '';
      return new CliError(`${error.userMessage}${extra}${rowProblemLines(error.details?.problems)}`, EXIT.error, { cause: error });
    }
  }
}
