import type { SessionUser } from '@traction/core';
import { STORAGE_KEYS, type ClientError } from '@traction/core/client';
import { CliError, notSignedIn, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { canPrompt, note, type Io } from '../io';
import { chooseFormat, withSink, writeValue } from '../output/emit';
import { lagosDateTime } from '@traction/core/format';
import {
  changePasswordStep,
  changeTokenGone,
  codeStep,
  currentAdmin,
  endSession,
  mustChangePasswordError,
  openSession,
  passwordStep,
  signInError,
  type GlobalOptions,
  type PasswordChangeRequired,
  type Session,
} from './session';

export { openSession };

async function readStdin(io: Io): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const nameOf = (user: SessionUser) => `${user.firstName} ${user.lastName} <${user.email}>`;

function signedInLine(session: Session, user: SessionUser): string {
  return `Signed in to ${session.apiUrl} as ${nameOf(user)} (${user.role}); profile "${session.profileName}".`;
}

export interface LoginFlags {
  email?: string;
  passwordStdin?: boolean;
  code?: string;
}

/** A change-password token can no longer be used; the sign-in starts over from the password. */
const STARTED_OVER = 'The time to choose a new password ran out. Sign in again with your current password.';

/**
 * `traction login`. On a terminal: Ink prompts for the email, the hidden password and, from a
 * new device, the emailed code; when the password must be changed first (the generated first
 * one), a new password twice. Without one: `--email` and `--password-stdin`, then `--email` and
 * `--code` once the code has arrived; a password that must be changed stops there (exit 3),
 * since a new one is not something to choose on standard input.
 */
export async function login(io: Io, session: Session, flags: LoginFlags): Promise<void> {
  const email = flags.email ?? session.config.data.profiles[session.profileName]?.email;
  const finishHint = (address: string) => `traction login${session.profileFlag} --email ${address} --code <CODE>`;
  try {
    if (flags.code) {
      if (!email) throw usageError('--code needs --email (the address the code was sent to)');
      const result = await codeStep(session, email, flags.code);
      if (!result.signedIn) throw mustChangePasswordError(session, result);
      io.stdout.write(`${signedInLine(session, result.user)}\n`);
      return;
    }
    if (flags.passwordStdin) {
      if (!email) throw usageError('--password-stdin needs --email');
      const password = await readStdin(io);
      if (!password) throw usageError('--password-stdin: standard input was empty');
      const result = await passwordStep(session, email, password);
      if (result.signedIn) {
        io.stdout.write(`${signedInLine(session, result.user)}\n`);
        return;
      }
      if (result.next === 'change-password') throw mustChangePasswordError(session, result);
      throw notSignedIn(`${result.message}\nThis device is new: finish with \`${finishHint(result.email)}\`.`);
    }
  } catch (error) {
    throw signInError(error, session);
  }
  if (!canPrompt(io)) {
    throw usageError(
      '`traction login` asks for your password on a terminal. Without one, pass --email and --password-stdin ' +
        '(the password on standard input); jobs can use TRACTION_TOKEN, or TRACTION_EMAIL with TRACTION_PASSWORD_FILE.',
    );
  }
  const { promptLogin } = await import('../ui/screens');
  let signedIn: SessionUser | undefined;
  let change: PasswordChangeRequired | undefined;
  const outcome = await promptLogin(io, {
    ...(email ? { initialEmail: email } : {}),
    server: session.apiUrl,
    async onPassword(address, password) {
      try {
        const result = await passwordStep(session, address, password);
        if (result.signedIn) {
          signedIn = result.user;
          return { signedIn: true, name: nameOf(result.user) };
        }
        if (result.next === 'change-password') {
          change = result;
          return { signedIn: false, mustChangePassword: true, message: result.message };
        }
        return { signedIn: false, message: result.message };
      } catch (error) {
        throw signInError(error, session);
      }
    },
    async onCode(address, code) {
      try {
        const result = await codeStep(session, address, code);
        if (!result.signedIn) {
          change = result;
          return { mustChangePassword: true, message: result.message };
        }
        signedIn = result.user;
        return { name: nameOf(signedIn) };
      } catch (error) {
        throw signInError(error, session);
      }
    },
    async onNewPassword(address, password) {
      if (!change) return { signedIn: false, message: STARTED_OVER };
      try {
        signedIn = await changePasswordStep(session, { email: address, token: change.token }, password);
        return { signedIn: true, name: nameOf(signedIn) };
      } catch (error) {
        if (changeTokenGone(error)) {
          change = undefined;
          return { signedIn: false, message: (error as ClientError).status === 410 ? (error as ClientError).userMessage : STARTED_OVER };
        }
        throw signInError(error, session);
      }
    },
  });
  // Esc or Ctrl+C: the form has said "Sign-in cancelled."; exit as an interrupted command, quietly.
  if (!outcome.signedIn || !signedIn) throw new CliError('', EXIT.interrupted);
  note(io, `Session kept in profile "${session.profileName}" (${session.config.path}).`);
}

export async function logoutAction(io: Io, session: Session): Promise<void> {
  const ended = await endSession(session);
  io.stdout.write(ended ? `Signed out of ${session.apiUrl} (profile "${session.profileName}").\n` : `Not signed in to ${session.apiUrl}.\n`);
}

/**
 * `traction auth token`: the session's token, for handing to a job as TRACTION_TOKEN (with
 * --json, the device id it is bound to as well). Printed as `gh auth token` prints its own —
 * on a terminal too, since asking for it is the point — and written nowhere else. The session is
 * checked first, so a job is never handed a token that has already ended.
 */
export async function tokenAction(io: Io, session: Session, globals: GlobalOptions): Promise<void> {
  const me = await currentAdmin(session);
  const token = session.store.get(STORAGE_KEYS.token);
  if (!token) throw notSignedIn(`Not signed in to ${session.apiUrl} (profile "${session.profileName}"). Run \`traction login${session.profileFlag}\`.`);
  await withSink(io, globals.out, async (sink) => {
    if (!globals.json) return void sink.write(`${token}\n`);
    const { deviceId, expiresAt, idleExpiresAt } = me.session;
    sink.write(
      `${JSON.stringify({ token, deviceId, apiUrl: session.apiUrl, profile: session.profileName, email: me.user.email, expiresAt, idleExpiresAt })}\n`,
    );
  });
}

export async function whoamiAction(io: Io, session: Session, globals: GlobalOptions): Promise<void> {
  const me = await currentAdmin(session);
  const format = chooseFormat(io, globals);
  await withSink(io, globals.out, async (sink) => {
    if (format === 'json' || format === 'csv') return writeValue(sink, format, { ...me, profile: session.profileName, apiUrl: session.apiUrl });
    const { user } = me;
    sink.write(
      [
        `${nameOf(user)}, ${user.role}`,
        `Server:      ${session.apiUrl} (profile "${session.profileName}")`,
        // The admin's own device id, which jobs pass as TRACTION_DEVICE_ID; nobody else is ever shown it.
        `Device id:   ${me.session.deviceId} (this machine's own; with your password it signs in without a code, so keep it private)`,
        `Session:     ends ${lagosDateTime(me.session.idleExpiresAt)} if idle, ${lagosDateTime(me.session.expiresAt)} at the latest (Lagos time)`,
        `Permissions: ${user.permissions.join(', ') || '(none)'}`,
        '',
      ].join('\n'),
    );
  });
}
