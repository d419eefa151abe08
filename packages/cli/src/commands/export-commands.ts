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
      'Stream every row of a list matching the filters as CSV, with constant memory. A file is written under a temporary name (mode 0600) and ' +
        "renamed into place only once the server's row count matches, so a failed or interrupted export leaves the old file; --out - (or " +
        'a FIFO, /dev/stdout) streams instead. Files get a byte-order mark for spreadsheets; standard output gets plain CSV. Prints the row count.',
    )
    .addHelpText(
      'after',
      `\nExamples:\n  $ traction export audit --from yesterday --to yesterday --out /var/exports/audit.csv\n  $ traction export admins --role staff --out staff.csv\n  $ traction export merchants --out - --csv-keys | mlr --icsv --ojson cat\n\nLists: ${[...lists.keys()].join(', ')}\n${SHORT_EXIT_CODES}\n`,
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
    if (command.list?.exportJobs !== false)
      leaf.option(
        '--job',
        'run it as an export job on the server: rows frozen at the start, written there (surviving a server restart), kept in Downloads, then downloaded to --out; for exports too large to stream',
      );
    const example = command.list?.dateRange
      ? `traction export ${name} --from 7d --to yesterday --out ${name}.csv`
      : `traction export ${name} --out ${name}.csv`;
    leaf.addHelpText(
      'after',
      `\n--out FILE is required (--out - for standard output).\n\nExample:\n  $ ${example}\n\nNeeds the "${command.permission}" permission.\n${SHORT_EXIT_CODES}\n`,
    );
    leaf.action(async (_local: unknown, self: Command) => {
      const opts = self.optsWithGlobals<Record<string, unknown>>();
      const globals = globalsOf(opts);
      if (!globals.out)
        throw usageError(`traction export ${name} needs --out FILE (replaced only once the export is complete), or --out - for standard output`);
      const [{ exportCsv }, { inputFromFlags }, { openSession }] = await Promise.all([
        import('../services/export'),
        import('../services/run-command'),
        import('../services/session'),
      ]);
      const input = await inputFromFlags(io, command, options.fields, {
        values: options.values(opts),
        ...(typeof opts.from === 'string' ? { from: opts.from } : {}),
        ...(typeof opts.to === 'string' ? { to: opts.to } : {}),
      });
      const progress = command.title.replace(/^(List|Read) /, '').toLowerCase();
      let result: Awaited<ReturnType<typeof exportCsv>> & { exportId?: number };
      if (opts.job) {
        // The server writes the job's file once, for spreadsheets: labels as headers.
        if (globals.csvKeys) throw usageError('--csv-keys cannot be used with --job: an export job writes the columns’ labels as headers');
        const { exportAsJob } = await import('../services/export-job');
        result = await exportAsJob(openSession(io, globals), command, input, { out: globals.out, progress });
      } else {
        result = await exportCsv(openSession(io, globals), command, input, {
          out: globals.out,
          ...(globals.bom !== undefined ? { bom: globals.bom } : {}),
          ...(globals.csvKeys ? { keys: true } : {}),
          progress,
        });
      }
      // The summary never goes where the rows went: a program reading standard output gets CSV alone.
      const summaryTo = result.target.kind === 'stdout' ? io.stderr : io.stdout;
      summaryTo.write(
        globals.json
          ? `${JSON.stringify({ list: name, rows: result.rows, bytes: result.bytes, file: result.target.path ?? (result.target.kind === 'stdout' ? '-' : globals.out), ...(result.exportId ? { exportId: result.exportId } : {}) })}\n`
          : `${formatCount(result.rows)} rows written to ${result.target.label}${result.exportId ? ` (export #${result.exportId}, kept in Downloads)` : ''}\n`,
      );
    });
  }
}
