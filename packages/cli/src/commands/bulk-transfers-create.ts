import { type Command, Option } from 'commander';
import { inputFields } from '../flags/input-fields';
import type { Io } from '../io';
import { globalsOf } from './field-options';
import { SHORT_EXIT_CODES } from './help-text';

/**
 * `traction bulk transfers create`: unlike the other `traction bulk <group> <action>` commands,
 * which send one call per row from this machine, a bulk of transfers goes to the server whole:
 * it is checked there, approved by a second admin and sent by the server's own job, which
 * survives this command, the network and a restart. The command uploads, submits and follows.
 */
export function addBulkTransfersCreate(group: Command, io: Io): void {
  // From the command index, as every flag's choices: the tree is built without loading core's schemas.
  const companyAccounts = inputFields({ id: 'bulk-transfers.upload' }).find((field) => field.name === 'companyAccount')?.choices ?? [];
  group
    .command('create')
    .summary('Upload a file of transfers to the server, have it approved, and follow it (server-side bulk job)')
    .description(
      'Uploads a CSV or XLSX of transfers (at most 10,000 rows; columns bank_code, account_number, amount, narration, and optionally reference and account_name: ' +
        '`traction bulk-transfers template --out payouts.csv`) and has the server check every row. Bad rows are listed and nothing is sent unless --exclude-bad-rows. ' +
        'The upload is then submitted for another admin’s approval (--reason), and, when following (the default at a terminal), waited for and followed with a progress bar until every row is final. ' +
        'Running the same command on the same file again resumes the same upload (a journal beside the file, FILE.upload.json, and the file’s SHA-256 on the server). ' +
        'Failed rows are written to FILE.results.csv and the command exits 5.',
    )
    .requiredOption('--file <csv|xlsx>', 'the transfers: CSV or XLSX (first sheet) with a header row')
    .option('--business <id|email>', 'pay from this business’s wallet')
    .addOption(new Option('--company-account <account>', 'pay from a company account').choices([...companyAccounts]))
    .option('--exclude-bad-rows', 'send the good rows and leave the bad ones out (they are listed either way)')
    .option('--reason <text>', 'what the payments are, for the approver (needed to submit)')
    .option('--follow', 'wait for the approval and follow the run (default at a terminal)')
    .option('--no-follow', 'submit and stop; run the command again later to follow it')
    .option('--results <csv>', 'where to write the failed rows (default: FILE.results.csv beside the file)')
    .option('--new-upload', 'upload the file again as a new upload, even though an upload of it from this source stands')
    .addHelpText(
      'after',
      `\nExamples:\n  $ traction bulk transfers create --file payouts.csv --business 42 --reason "November salaries"\n` +
        `  $ traction bulk transfers create --file refunds.xlsx --company-account fee-income --exclude-bad-rows --reason "Refunds, ticket 4411" --no-follow --yes\n\n${SHORT_EXIT_CODES}\n`,
    )
    .action(async (_local: unknown, self: Command) => {
      const opts = self.optsWithGlobals<Record<string, unknown>>();
      const { runBulkTransfers } = await import('../services/bulk-transfer-upload');
      await runBulkTransfers(io, {
        file: String(opts.file),
        business: typeof opts.business === 'string' ? opts.business : undefined,
        companyAccount: opts.companyAccount as 'fee-income' | 'adjustments' | undefined,
        excludeBadRows: Boolean(opts.excludeBadRows),
        reason: typeof opts.reason === 'string' ? opts.reason : undefined,
        follow: typeof opts.follow === 'boolean' ? opts.follow : undefined,
        results: typeof opts.results === 'string' ? opts.results : undefined,
        newUpload: Boolean(opts.newUpload),
        ...(io.env.TRACTION_POLL_MS ? { intervalMs: Number(io.env.TRACTION_POLL_MS) } : {}),
        globals: globalsOf(opts),
      });
    });
}
