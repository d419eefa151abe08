import { Option, type Command } from 'commander';
import type { AnyCommand } from '@traction/core';
import { commandIndex } from '../flags/command-index';
import type { Io } from '../io';
import { outputChoice, VIEWS } from '../output/output-choice';
import { addFieldOptions, exampleOf, globalsOf } from './field-options';
import { SHORT_EXIT_CODES } from './help-text';

/** The registry's commands by group, in registry order. */
export function commandGroups(): Map<string, AnyCommand[]> {
  const groups = new Map<string, AnyCommand[]>();
  for (const command of commandIndex()) {
    const list = groups.get(command.group) ?? [];
    list.push(command);
    groups.set(command.group, list);
  }
  return groups;
}

/** What a command needs and does, after its example in `--help`. */
function commandNotes(command: AnyCommand): string {
  const notes = [`Sends ${command.method} ${command.path}.`];
  if (command.auth === 'public') notes.push('No sign-in needed.');
  else notes.push(command.permission ? `Needs the "${command.permission}" permission.` : 'Any signed-in admin may run it.');
  if (command.danger === 'confirm') notes.push('Asks for confirmation first; pass --yes to skip it (required without a terminal).');
  if (command.danger === 'money')
    notes.push(
      'Moves money: shows the transfers it will post and asks you to type its name first; pass --yes to skip it (required without a terminal). --dry-run shows them and posts nothing.',
    );
  if (command.idempotency === 'required') notes.push('Sent with a fresh Idempotency-Key unless you pass --idempotency-key.');
  if (command.list) {
    notes.push(
      'Shows one page (100 rows); --page N or --after ID for another, --limit N for N rows, --all for every row (read page by page), --csv for every matching row as CSV.',
      `Columns (--columns, in any order): ${command.list.columns.map((column) => column.key).join(', ')}.`,
    );
  }
  return notes.join('\n');
}

/**
 * `traction <group> <action>` for one registry command: flags from its input schema, then the
 * generic run (validate, confirm, call, print), loaded only when the command runs. The sign-in
 * commands have their own flow (session-commands.ts).
 */
export function addRegistryCommand(group: Command, command: AnyCommand, io: Io): Command {
  const leaf = group
    .command(command.action)
    .summary(command.title)
    .description(command.description ? `${command.title}. ${command.description}` : `${command.title}.`);
  const options = addFieldOptions(leaf, command, { omit: ['limit'] });
  if (command.list) {
    leaf.option('--all', 'every row, read page by page (one JSON object per line with --json)');
    leaf.option('--limit <n>', 'at most N rows, read page by page');
    leaf.addOption(
      new Option('-o, --output <view>', 'table: fit the terminal (the default there); wide: every column, values whole; plain: aligned text').choices(VIEWS),
    );
    leaf.option('--columns <keys>', 'these columns, in this order (keys listed below; exit 2 on an unknown one)');
    if (command.list.dateRange) {
      leaf.option(
        '--from <date>',
        `start of the range (${command.list.dateRange.from}): a date, a date-time (Lagos time), today, yesterday or Nd (N days ago)`,
      );
      leaf.option('--to <date>', `end of the range (${command.list.dateRange.to}); a bare date means the whole day`);
    }
  }
  if (command.danger === 'money') {
    leaf.option('--dry-run', 'show the transfers it would post and the balances after; post nothing');
    leaf.option('--if-match <token>', 'post only exactly what the --dry-run with this token showed (refused if the accounts moved since)');
  }
  if (command.mutates) leaf.option('--idempotency-key <key>', 'send this Idempotency-Key: repeating the call with the same key does not repeat the change');
  leaf.addHelpText('after', `\nExample:\n  $ ${exampleOf(command)}\n\n${commandNotes(command)}\n${SHORT_EXIT_CODES}\n`);
  // Not built in (README, Output): named here so `--jq` says how to pipe to jq instead of "unknown option".
  leaf.addOption(new Option('--jq <expression>').hideHelp());
  leaf.action(async (_local: unknown, self: Command) => {
    const opts = self.optsWithGlobals<Record<string, unknown>>();
    const output = outputChoice(command, opts, `traction ${command.group} ${command.action}`);
    const { inputFromFlags, runCommand } = await import('../services/run-command');
    const input = await inputFromFlags(io, command, options.fields, {
      values: options.values(opts),
      // A list's date range; a command without one may have fields of these names, read as fields.
      ...(command.list?.dateRange && typeof opts.from === 'string' ? { from: opts.from } : {}),
      ...(command.list?.dateRange && typeof opts.to === 'string' ? { to: opts.to } : {}),
    });
    await runCommand(io, command, input, {
      globals: globalsOf(opts),
      all: Boolean(opts.all),
      output,
      ...(typeof opts.idempotencyKey === 'string' ? { idempotencyKey: opts.idempotencyKey } : {}),
      // A money command's preview; another command's --dry-run is its own dryRun field, sent in the input.
      ...(opts.dryRun && command.danger === 'money' ? { dryRun: true } : {}),
      ...(typeof opts.ifMatch === 'string' ? { ifMatch: opts.ifMatch } : {}),
    });
  });
  return leaf;
}

/** A group's line in the root help: its actions. */
export const groupSummary = (commands: readonly AnyCommand[]) => commands.map((command) => command.action).join(', ');

/** Example lines for a group's `--help`. */
export function groupExamples(commands: readonly AnyCommand[]): string {
  const examples = commands.filter((command) => command.example).map((command) => command.example!);
  const lines = (examples.length ? examples : [exampleOf(commands[0]!)]).slice(0, 3);
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}
