import type { Command } from 'commander';
import { ConfigFile, configPath } from '../config/config-file';
import { DEFAULT_API_URL } from '../defaults';
import type { Io } from '../io';
import { globalsOf } from './field-options';
import { SHORT_EXIT_CODES } from './help-text';

function signedInAs(user: string | undefined, token: string | undefined): string {
  if (!token || !user) return '';
  try {
    return (JSON.parse(user) as { email?: string }).email ?? '';
  } catch {
    return '';
  }
}

/** `traction profiles` and `traction profiles use NAME`: several servers, one config file. */
export function addProfilesCommand(program: Command, io: Io): void {
  const profiles = program
    .command('profiles')
    .summary('List profiles (servers and sessions) or pick the current one')
    .description('Profiles keep one server and its session each. --profile NAME (or TRACTION_PROFILE) picks one per command; `profiles use` sets the default.')
    .addHelpText(
      'after',
      `\nExamples:\n  $ traction profiles\n  $ traction profiles use staging --api-url https://admin.staging.example.com\n  $ traction login --profile staging\n${SHORT_EXIT_CODES}\n`,
    );
  profiles
    .command('list', { isDefault: true })
    .summary('List profiles')
    .addHelpText('after', `\nExample:\n  $ traction profiles list --json\n`)
    .action(async (_local: unknown, self: Command) => {
      const globals = globalsOf(self.optsWithGlobals());
      const { chooseFormat, withSink, writeRows } = await import('../output/emit');
      const config = ConfigFile.load(configPath(io.env));
      const current = config.data.currentProfile ?? 'default';
      const names = new Set([current, ...Object.keys(config.data.profiles)]);
      const rows = [...names].map((name) => {
        const profile = config.data.profiles[name] ?? {};
        return { current: name === current ? '*' : '', name, apiUrl: profile.apiUrl ?? DEFAULT_API_URL, signedInAs: signedInAs(profile.user, profile.token) };
      });
      const columns = [
        { key: 'current', label: '', kind: 'text' as const },
        { key: 'name', label: 'Profile', kind: 'text' as const },
        { key: 'apiUrl', label: 'Server', kind: 'text' as const },
        { key: 'signedInAs', label: 'Signed in as', kind: 'email' as const },
      ];
      await withSink(io, globals.out, (sink) => writeRows(io, sink, chooseFormat(io, globals), { columns, rows, footer: `Config: ${config.path}` }));
    });
  profiles
    .command('use')
    .summary('Make a profile the default (created if new; --api-url sets its server)')
    .argument('<name>', 'profile name')
    .addHelpText('after', `\nExamples:\n  $ traction profiles use staging --api-url https://admin.staging.example.com\n  $ traction profiles use default\n`)
    .action((name: string, _local: unknown, self: Command) => {
      const globals = globalsOf(self.optsWithGlobals());
      const config = ConfigFile.load(configPath(io.env));
      const profile = config.profile(name);
      if (globals.apiUrl) profile.apiUrl = globals.apiUrl.replace(/\/+$/, '');
      config.data.currentProfile = name;
      config.save();
      io.stdout.write(`Profile "${name}" (${profile.apiUrl ?? DEFAULT_API_URL}) is now the default.\n`);
    });
}
