import type { Command } from 'commander';
import type { AnyCommand } from '@traction/core';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { describeColumns, inputFields } from '../flags/input-fields';
import type { Io } from '../io';
import type { BulkSummary } from '../services/bulk-run';
import { bulkExampleLines } from './bulk-example';
import { addBulkTransfersCreate } from './bulk-transfers-create';
import { globalsOf } from './field-options';
import { SHORT_EXIT_CODES } from './help-text';
import { commandGroups } from './registry-commands';

/** Session commands are not for bulk runs; reads (lists, lookups) change nothing worth a row each. */
const NOT_BULK = new Set(['auth.login', 'auth.device-login', 'auth.logout']);
/** The one bulk run that is not this runner's: `traction bulk transfers create` uploads the file to the server's bulk job. */
const SERVER_SIDE_BULK = 'transfers.create';
/**
 * A command a file of rows can drive: an admin's, that changes something, and takes something a
 * row can say. One without input (a sync of everything) is run once; public ones are what
 * terminals and the public call, not admins.
 */
export const bulkCapable = (command: AnyCommand) =>
  command.mutates && command.auth !== 'public' && !NOT_BULK.has(command.id) && command.id !== SERVER_SIDE_BULK && inputFields(command).length > 0;

function summaryText(summary: BulkSummary): string {
  const parts = [`${summary.ok} ok`];
  // Already as the row asked: nothing was done and nothing needs doing, so these are not failures.
  if (summary.unchanged) parts.push(`${summary.unchanged} unchanged (already so)`);
  parts.push(`${summary.failed} failed`);
  if (summary.alreadyDone) parts.push(`${summary.alreadyDone} already done in an earlier run`);
  if (summary.notRun) parts.push(`${summary.notRun} not run`);
  return `${summary.rows} rows: ${parts.join(', ')}.${summary.results ? `\nResults: ${summary.results}` : ''}\n`;
}

/** `traction bulk <group> <action> --file rows.csv`: the generic runner, one subcommand per command. */
export function addBulkCommands(program: Command, io: Io): void {
  const bulk = program
    .command('bulk')
    .summary('Run a command once per row of a CSV file (dry runs, resumable, exactly once)')
    .description(
      "Run a command once per row of a CSV file whose header names the command's input fields. Every row is checked before anything is sent; " +
        'a journal beside the file (FILE.journal) records each outcome, and each row carries an Idempotency-Key derived from the file and the row, ' +
        "so running the same command again after a crash or Ctrl+C resumes without repeating a finished row. A results CSV lists every row's outcome.",
    )
    .addHelpText(
      'after',
      `\nExamples:\n  $ traction bulk permissions grant --file grants.csv --dry-run\n  $ traction bulk permissions grant --file grants.csv --concurrency 8 --yes\n\n${SHORT_EXIT_CODES}\n`,
    );
  for (const [groupName, commands] of commandGroups()) {
    const capable = commands.filter(bulkCapable);
    if (!capable.length) continue;
    const group = bulk
      .command(groupName)
      .summary(capable.map((command) => command.action).join(', '))
      .description(`Bulk runs of ${groupName} commands.`)
      .addHelpText('after', `\nExample:\n  $ traction bulk ${groupName} ${capable[0]!.action} --file rows.csv --dry-run\n${SHORT_EXIT_CODES}\n`);
    // A file of transfers is the server's bulk job (checked, approved, run and resumed there), not one call per row.
    if (commands.some((command) => command.id === SERVER_SIDE_BULK)) addBulkTransfersCreate(group, io);
    for (const command of capable) {
      const fields = inputFields(command);
      group
        .command(command.action)
        .summary(command.title)
        .description(`${command.title}, once per row of --file. Columns: ${describeColumns(fields)}.`)
        .requiredOption('--file <csv>', 'the rows: a header naming input fields (user_id, user-id or userId), then one row per call')
        .option('--dry-run', 'check every row and show what would be sent; send nothing')
        .option('--concurrency <n>', 'rows in flight at once (1-32)', '4')
        .option('--results <csv>', 'where to write the outcome of each row (default: FILE.results.csv beside the input)')
        .option('--new-batch', 'run the file again as a new batch even though its journal says rows are done (the old journal is kept aside)')
        // Made when the help is shown, not for every command at each start.
        .addHelpText(
          'after',
          () =>
            `\nExample file (rows.csv):\n${bulkExampleLines(command)
              .map((line) => `  ${line}`)
              .join('\n')}\n\nExample:\n  $ traction bulk ${command.group} ${command.action} --file rows.csv --dry-run\n\n` +
            `Lists in a cell are comma-separated (quote the cell); empty cells are left out.\n${SHORT_EXIT_CODES}\n`,
        )
        .action(async (_local: unknown, self: Command) => {
          const opts = self.optsWithGlobals<Record<string, unknown>>();
          const globals = globalsOf(opts);
          const { runBulk } = await import('../services/bulk-run');
          const summary = await runBulk(io, command, fields, {
            file: String(opts.file),
            dryRun: Boolean(opts.dryRun),
            concurrency: Number(opts.concurrency),
            ...(typeof opts.results === 'string' ? { results: opts.results } : {}),
            newBatch: Boolean(opts.newBatch),
            globals: { ...globals, out: opts.dryRun ? globals.out : undefined },
          });
          if (summary.dryRun) return;
          io.stdout.write(globals.json ? `${JSON.stringify(summary)}\n` : summaryText(summary));
          if (summary.failed > 0)
            throw new CliError(
              `${summary.failed} of ${summary.rows} rows failed; see ${summary.results}. Run the same command again to retry them.`,
              EXIT.rowsFailed,
            );
        });
    }
  }
}
