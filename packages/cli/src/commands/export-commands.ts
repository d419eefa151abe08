import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { AnyCommand } from '@traction/core';
import { commandIndex, LIST_PAGING_FIELDS } from '../flags/command-index';
import { usageError } from '../errors';
import { exportName } from '../services/export-name';
import type { Io } from '../io';
import { formatCount } from '../ui/progress-stats';
import { addFieldOptions, globalsOf } from './field-options';
import { SHORT_EXIT_CODES } from './help-text';

/** Lists that stream CSV, by the name `traction export` knows them by. */
export function exportableLists(): Map<string, AnyCommand> {
  const lists = commandIndex().filter((command) => command.list?.csv);
  return new Map(lists.map((list) => [exportName(list), list]));
}

/** `traction export <list> [filters] --from --to --out FILE`. */
export function addExportCommands(program: Command, io: Io): void {
  const lists = exportableLists();
  const parent = program
    .command('export')
    .summary('Stream a whole filtered list to a CSV file (for cron jobs)')
    .description(
      'Stream every row of a list matching the filters into a CSV file, with constant memory. The file is written under a temporary name ' +
        'and renamed into place only when complete, so a failed or interrupted export leaves nothing half-written. Prints the row count.',
    )
    .addHelpText(
      'after',
      `\nExamples:\n  $ traction export audit --from yesterday --to yesterday --out /var/exports/audit.csv\n  $ traction export admins --role staff --out staff.csv\n\nLists: ${[...lists.keys()].join(', ')}\n${SHORT_EXIT_CODES}\n`,
    );
  for (const [name, command] of lists) {
    const leaf = parent.command(name).summary(`${command.title} → CSV`).description(`${command.title}: every matching row as CSV, written to --out FILE.`);
    const options = addFieldOptions(leaf, command, {
      omit: [...LIST_PAGING_FIELDS, ...(command.list?.dateRange ? [command.list.dateRange.from, command.list.dateRange.to] : [])],
    });
    if (command.list?.dateRange) {
      leaf.option('--from <date>', 'start: a date, a date-time (Lagos time), today, yesterday or Nd (N days ago)');
      leaf.option('--to <date>', 'end: same forms; a bare date means the whole day');
    }
    const example = command.list?.dateRange
      ? `traction export ${name} --from 7d --to yesterday --out ${name}.csv`
      : `traction export ${name} --out ${name}.csv`;
    leaf.addHelpText('after', `\n--out FILE is required.\n\nExample:\n  $ ${example}\n\nNeeds the "${command.permission}" permission.\n${SHORT_EXIT_CODES}\n`);
    leaf.action(async (_local: unknown, self: Command) => {
      const opts = self.optsWithGlobals<Record<string, unknown>>();
      const globals = globalsOf(opts);
      if (!globals.out || globals.out === '-')
        throw usageError(`traction export ${name} needs --out FILE (the file is replaced only once the export is complete)`);
      const [{ exportToFile }, { inputFromFlags }, { openSession }] = await Promise.all([
        import('../services/export'),
        import('../services/run-command'),
        import('../services/session'),
      ]);
      const input = await inputFromFlags(io, command, options.fields, {
        values: options.values(opts),
        ...(typeof opts.from === 'string' ? { from: opts.from } : {}),
        ...(typeof opts.to === 'string' ? { to: opts.to } : {}),
      });
      const file = resolve(io.cwd, globals.out);
      const result = await exportToFile(openSession(io, globals), command, input, file, command.title.replace(/^(List|Read) /, '').toLowerCase());
      io.stdout.write(
        globals.json
          ? `${JSON.stringify({ list: name, rows: result.rows, bytes: result.bytes, file })}\n`
          : `${formatCount(result.rows)} rows written to ${globals.out}\n`,
      );
    });
  }
}
