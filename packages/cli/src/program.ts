import { Argument, Command, Option } from 'commander';
import type { Io } from './io';
import { completionScript, SHELLS, type Shell } from './completion/completion';
import { completeWith, DYNAMIC_VALUES, type DynamicValues } from './completion/completion-values';
import { addApiCommand } from './commands/api-command';
import { addAuditTail } from './commands/audit-tail';
import { addBulkCommands } from './commands/bulk-commands';
import { addExportCommands } from './commands/export-commands';
import { SHORT_EXIT_CODES, ROOT_HELP_AFTER } from './commands/help-text';
import { addProfilesCommand } from './commands/profiles-command';
import { addSweepViews } from './commands/sweep-commands';
import { addRegistryCommand, commandGroups, groupExamples, groupSummary } from './commands/registry-commands';
import { addAuthSessionCommand, addAuthTokenCommand, addSessionCommands } from './commands/session-commands';
import { CLI_VERSION } from './defaults';
import { jsonFieldsArgument } from './output/json-fields';
import { usageError } from './errors';
import { loadCommandSchemas } from './flags/command-index';

/** Commands that run without any command's schemas: they do not pay for loading zod and the registry. */
const SCHEMALESS = new Set(['help', 'completion', '__complete', 'profiles']);

/** The command under the program that `command` belongs to (`admins` for `admins list`). */
function topLevelOf(command: Command): Command {
  let current = command;
  while (current.parent?.parent) current = current.parent;
  return current;
}

/** Other names of a registry command's action, as the issues name them (`traction ledger verify`). */
const CLI_ALIASES: Record<string, string[]> = { 'ledger.check': ['verify'] };

/**
 * The `traction` command tree. Every registry command becomes `traction <group> <action>` with
 * flags from its input schema; around them sit the session commands, `export`, `bulk`, `api`,
 * `profiles` and `completion`.
 */
export function buildProgram(io: Io): Command {
  const program = new Command('traction')
    .description('Traction Admin from a shell: every command of the back office, CSV exports for cron, and bulk runs from CSV files.')
    .version(CLI_VERSION, '-V, --version')
    .addOption(completeWith(new Option('--profile <name>', 'profile (server and session) to use'), { dynamic: 'profiles' }))
    .option('--api-url <url>', "server, e.g. https://admin.example.com (default: the profile's, or http://localhost:8080)")
    .addOption(
      new Option('--json [fields]', 'JSON output; lists as one JSON object per line; --json id,email keeps those fields').argParser(jsonFieldsArgument),
    )
    .option('--csv', 'CSV output (lists)')
    .option('--csv-keys', 'CSV with the JSON field names as headers (firstName), for programs')
    .option('--bom', 'CSV for spreadsheets: byte-order mark, formulas neutralised (the default for files)')
    .option('--no-bom', 'CSV for programs: no byte-order mark, cells as stored (the default elsewhere)')
    .option('--out <file>', 'write the output to FILE (whole, or not at all), or - for standard output')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
      getOutHelpWidth: () => (io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : 80),
      getErrHelpWidth: () => (io.stderr.isTTY && io.stderr.columns ? io.stderr.columns : 80),
    })
    .showSuggestionAfterError()
    .helpCommand(false)
    .exitOverride()
    .addHelpText('after', ROOT_HELP_AFTER)
    // The tree is built from the command index; a command's schemas load only when it runs.
    .hook('preAction', async (_program, action) => {
      if (!SCHEMALESS.has(topLevelOf(action).name())) await loadCommandSchemas();
    });

  program.commandsGroup('Session:');
  addSessionCommands(program, io);
  addProfilesCommand(program, io);

  program.commandsGroup('Commands (traction <group> <action>):');
  for (const [groupName, commands] of commandGroups()) {
    const group = program
      .command(groupName)
      .summary(groupSummary(commands))
      .description(`${groupName} commands: ${commands.map((command) => command.title.toLowerCase()).join('; ')}.`)
      .addHelpText('after', `${groupExamples(commands)}${SHORT_EXIT_CODES}\n`);
    for (const command of commands) {
      if (!addAuthSessionCommand(group, command, io)) addRegistryCommand(group, command, io).aliases(CLI_ALIASES[command.id] ?? []);
    }
    const auditList = commands.find((command) => command.id === 'audit.list');
    if (auditList) addAuditTail(group, auditList, io);
    if (groupName === 'auth') addAuthTokenCommand(group, io);
    if (groupName === 'sweeps') addSweepViews(group, commands, io);
  }

  program.commandsGroup('Scripts:');
  addExportCommands(program, io);
  addBulkCommands(program, io);
  addApiCommand(program, io);
  program
    .command('completion')
    .summary('Print a shell completion script (bash, zsh, fish)')
    .description('Print a completion script for your shell, generated from the command tree.')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText(
      'after',
      `\nExamples:\n  $ traction completion bash > ~/.local/share/bash-completion/completions/traction\n  $ traction completion zsh > "\${fpath[1]}/_traction"\n  $ traction completion fish > ~/.config/fish/completions/traction.fish\n  $ source <(traction completion bash)    # this shell only\n`,
    )
    .action((shell: Shell) => void io.stdout.write(completionScript(shell, program)));
  program
    .command('help')
    .summary('Show the help of a command (traction help admins list)')
    .description('Show the help of a command, as `traction <command> --help` does.')
    .argument('[command...]', 'the command, e.g. admins list')
    .addHelpText('after', `\nExamples:\n  $ traction help\n  $ traction help admins list\n`)
    .action((words: string[]) => {
      let target = program;
      for (const [index, word] of words.entries()) {
        const next = target.commands.find((command) => command.name() === word || command.aliases().includes(word));
        if (!next) throw usageError(`unknown command '${words.slice(0, index + 1).join(' ')}'. See \`traction --help\`.`);
        target = next;
      }
      target.outputHelp();
    });
  // Values completion can only know when TAB is pressed; the completion scripts ask for them.
  program
    .command('__complete', { hidden: true })
    .addArgument(new Argument('<kind>').choices(DYNAMIC_VALUES))
    .action(async (kind: DynamicValues) => {
      const { dynamicValues } = await import('./completion/dynamic-values');
      for (const value of dynamicValues(io, kind)) io.stdout.write(`${value}\n`);
    });
  return program;
}
