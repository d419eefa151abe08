import { Argument, type Command } from 'commander';
import { completeWith } from '../completion/completion-values';
import type { Io } from '../io';
import { globalsOf } from './field-options';
import { SHORT_EXIT_CODES } from './help-text';

const profiles = () => import('../services/session-profiles');

/** `traction profiles`, `profiles use NAME` and `profiles delete NAME`: several servers, one config file. */
export function addProfilesCommand(program: Command, io: Io): void {
  const group = program
    .command('profiles')
    .summary('List profiles (servers and sessions), pick the current one, delete one')
    .description('Profiles keep one server and its session each. --profile NAME (or TRACTION_PROFILE) picks one per command; `profiles use` sets the default.')
    .addHelpText(
      'after',
      `\nExamples:\n  $ traction profiles\n  $ traction profiles use staging --api-url https://admin.staging.example.com\n  $ traction login --profile staging\n  $ traction profiles delete staging\n${SHORT_EXIT_CODES}\n`,
    );
  group
    .command('list', { isDefault: true })
    .summary('List profiles')
    .addHelpText('after', `\nExample:\n  $ traction profiles list --json\n`)
    .action(async (_local: unknown, self: Command) => {
      const { listProfiles } = await profiles();
      await listProfiles(io, globalsOf(self.optsWithGlobals()));
    });
  group
    .command('use')
    .summary('Make a profile the default (a new one needs --api-url)')
    .description(
      'Make a profile the default. A profile that does not exist yet is made only when --api-url names its server; otherwise the name is refused (exit 2).',
    )
    .addArgument(completeWith(new Argument('<name>', 'profile name'), { dynamic: 'profiles' }))
    .addHelpText(
      'after',
      `\nExamples:\n  $ traction profiles use staging --api-url https://admin.staging.example.com\n  $ traction profiles use default\n${SHORT_EXIT_CODES}\n`,
    )
    .action(async (name: string, _local: unknown, self: Command) => {
      const { useProfile } = await profiles();
      useProfile(io, name, globalsOf(self.optsWithGlobals()));
    });
  group
    .command('delete')
    .summary('Sign a profile out and delete it')
    .description('Sign the profile out on its server and remove it from the config file. The device id stays: this machine stays known.')
    .addArgument(completeWith(new Argument('<name>', 'profile name'), { dynamic: 'profiles' }))
    .addHelpText('after', `\nExample:\n  $ traction profiles delete staging\n${SHORT_EXIT_CODES}\n`)
    .action(async (name: string) => {
      const { deleteProfile } = await profiles();
      await deleteProfile(io, name);
    });
}
