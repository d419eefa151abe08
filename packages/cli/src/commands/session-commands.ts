import type { Command } from 'commander';
import type { AnyCommand } from '@traction/core';
import type { Io } from '../io';
import { globalsOf } from './field-options';
import { SHORT_EXIT_CODES } from './help-text';

const flows = () => import('../services/session-flows');

const LOGIN_HELP = `
Examples:
  $ traction login
  $ traction login --profile staging --api-url https://admin.staging.example.com
  $ printf '%s' "$PASSWORD" | traction login --email ada@traction.ng --password-stdin
  $ traction login --email ada@traction.ng --code K7PQ

From a new device the server emails a 4-character code: on a terminal you are asked for it;
without one, finish with --email and --code.
${SHORT_EXIT_CODES}
`;

function defineLogin(target: Command, name: string, io: Io): Command {
  return target
    .command(name)
    .summary('Sign in (email, password, and the emailed code on a new device)')
    .description('Sign in and keep the session in the profile (config file readable only by you).')
    .option('--email <email>', 'your email (default: the one last used with this profile)')
    .option('--password-stdin', 'read the password from standard input (for scripts)')
    .option('--code <code>', 'the 4-character code emailed for a new device')
    .addHelpText('after', LOGIN_HELP)
    .action(async (_local: unknown, self: Command) => {
      const opts = self.optsWithGlobals<Record<string, unknown>>();
      const { login, openSession } = await flows();
      const flags: import('../services/session-flows').LoginFlags = {};
      if (typeof opts.email === 'string') flags.email = opts.email;
      if (opts.passwordStdin) flags.passwordStdin = true;
      if (typeof opts.code === 'string') flags.code = opts.code;
      await login(io, openSession(io, globalsOf(opts)), flags);
    });
}

function defineLogout(target: Command, name: string, io: Io): Command {
  return target
    .command(name)
    .summary('Sign out (the device stays known)')
    .description('End the session on the server and forget it; the device id is kept, so signing in again needs no code.')
    .addHelpText('after', `\nExample:\n  $ traction logout --profile staging\n${SHORT_EXIT_CODES}\n`)
    .action(async (_local: unknown, self: Command) => {
      const { logoutAction, openSession } = await flows();
      await logoutAction(io, openSession(io, globalsOf(self.optsWithGlobals())));
    });
}

function defineWhoami(target: Command, name: string, io: Io): Command {
  return target
    .command(name)
    .summary('Show the signed-in admin, their permissions and the session')
    .description('Show the signed-in admin, their effective permissions, the session and the device (exit 3 when signed out).')
    .addHelpText('after', `\nExample:\n  $ traction whoami --json\n${SHORT_EXIT_CODES}\n`)
    .action(async (_local: unknown, self: Command) => {
      const opts = self.optsWithGlobals<Record<string, unknown>>();
      const { whoamiAction, openSession } = await flows();
      const globals = globalsOf(opts);
      await whoamiAction(io, openSession(io, globals), globals);
    });
}

const TOKEN_HELP = `
Examples:
  $ traction auth token --json      # {"token": …, "deviceId": …, "expiresAt": …}
  $ TRACTION_TOKEN=$(traction auth token) TRACTION_DEVICE_ID=… traction export audit --out audit.csv

The token is a secret: whoever holds it (with the device id) acts as you until the session ends.
Hand it to one job, never to a log or a chat; \`traction logout\` ends it. A job on another machine
needs the device id too (TRACTION_DEVICE_ID): the session works only from the device it was
opened on.
${SHORT_EXIT_CODES}
`;

/** `traction auth token`: the current session's token, for a job (not a registry command: nothing is sent but a check). */
export function addAuthTokenCommand(group: Command, io: Io): Command {
  return group
    .command('token')
    .summary('Print the session token, for handing to a job (a secret)')
    .description('Print the token of the current session (checked with the server first) on standard output, for TRACTION_TOKEN. It is a secret.')
    .addHelpText('after', TOKEN_HELP)
    .action(async (_local: unknown, self: Command) => {
      const globals = globalsOf(self.optsWithGlobals());
      const { tokenAction, openSession } = await flows();
      await tokenAction(io, openSession(io, globals), globals);
    });
}

/** `traction login`, `logout`, `whoami` at the top, where people look for them. */
export function addSessionCommands(program: Command, io: Io): void {
  defineLogin(program, 'login', io);
  defineLogout(program, 'logout', io);
  defineWhoami(program, 'whoami', io);
}

/**
 * The registry's session commands under their group (`traction auth login` …): the same flows,
 * so every command of the contract has its CLI command. Returns the ids handled here.
 */
export function addAuthSessionCommand(group: Command, command: AnyCommand, io: Io): boolean {
  switch (command.id) {
    case 'auth.login':
      defineLogin(group, command.action, io);
      return true;
    case 'auth.device-login':
      group
        .command(command.action)
        .summary(command.title)
        .description(`${command.title}: the second step of \`traction login\` from a new device, without a terminal.`)
        .requiredOption('--email <email>', 'the address the code was sent to')
        .requiredOption('--code <code>', 'the 4-character code')
        .addHelpText('after', `\nExample:\n  $ traction auth device-login --email ada@traction.ng --code K7PQ\n${SHORT_EXIT_CODES}\n`)
        .action(async (_local: unknown, self: Command) => {
          const opts = self.optsWithGlobals<Record<string, unknown>>();
          const { login, openSession } = await flows();
          await login(io, openSession(io, globalsOf(opts)), { email: String(opts.email), code: String(opts.code) });
        });
      return true;
    case 'auth.logout':
      defineLogout(group, command.action, io);
      return true;
    case 'auth.whoami':
      defineWhoami(group, command.action, io);
      return true;
    default:
      return false;
  }
}
