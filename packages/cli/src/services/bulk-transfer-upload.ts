import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BulkRowProblem,
  type BulkUpload,
  formatNaira,
  getBulkTransfers,
  lagosDateTime,
  listBulkTransferRows,
  submitBulkTransfers,
  uploadBulkTransfers,
} from '@traction/core';
import { ClientError, type TractionClient } from '@traction/core/client';
import { sameServer } from '../config/server-url';
import { CliError, interrupted, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { canAnimate, note, type Io } from '../io';
import { chooseFormat, withSink, writeRows, writeValue } from '../output/emit';
import { writeTextAtomically } from './atomic-file';
import { resultsPathOf } from './bulk-run';
import { confirmDanger } from './confirm-danger';
import { callWithSession, type GlobalOptions, openSession, requireSignedIn, type Session } from './session';

export interface BulkTransferOptions {
  file: string;
  business?: string | undefined;
  companyAccount?: 'fee-income' | 'adjustments' | undefined;
  excludeBadRows: boolean;
  reason?: string | undefined;
  /** Wait for the approval and follow the run; default: when a person watches (a terminal). */
  follow?: boolean | undefined;
  /** Where the failed rows go; default `<file>.results.csv` beside the file. */
  results?: string | undefined;
  /** Upload the file again even though an upload of it from this source stands. */
  newUpload: boolean;
  /** Milliseconds between looks at the upload while following (default 1,000). */
  intervalMs?: number;
  globals: GlobalOptions;
}

/** What the command ends with: the upload as it last stood, and the results file if failed rows were written. */
export interface BulkTransferOutcome {
  upload: BulkUpload;
  results: string | null;
}

const INVOCATION = 'traction bulk transfers create';

/** The file beside the payouts that remembers which upload they became, so a re-run resumes it. */
export const uploadJournalOf = (file: string) => `${file}.upload.json`;

interface UploadJournal {
  apiUrl: string;
  sha256: string;
  source: string;
  uploadId: number;
}

async function readJournal(path: string): Promise<UploadJournal | null> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<UploadJournal>;
    if (typeof parsed.uploadId !== 'number' || typeof parsed.sha256 !== 'string' || typeof parsed.apiUrl !== 'string' || typeof parsed.source !== 'string')
      return null;
    return parsed as UploadJournal;
  } catch {
    return null;
  }
}

const plural = (count: number, one: string, other = `${one}s`) => `${count.toLocaleString('en-NG')} ${count === 1 ? one : other}`;

/** Whether waiting may go on: no answer, or the server failing for now (restarting mid-run). */
const passing = (error: unknown) =>
  error instanceof ClientError && (error.kind === 'network' || error.kind === 'server-error' || error.kind === 'rate-limited');

/** The upload as the server has it now, a passing failure waited out for up to five minutes. */
async function lookAt(client: TractionClient, id: number, io: Io, intervalMs: number): Promise<BulkUpload> {
  const giveUpAt = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      return (await client.call(getBulkTransfers, { id }, { signal: io.signal })).upload;
    } catch (error) {
      if (io.signal.aborted || !passing(error) || Date.now() > giveUpAt) throw error;
    }
    await sleep(intervalMs, undefined, { signal: io.signal }).catch(() => undefined);
  }
}

const stopped = (id: number) =>
  interrupted(`Stopped following upload #${id}; the server carries on. Run the same command again to follow it (traction bulk-transfers get --id ${id}).`);

/** Every problem of the upload's bad rows, read page by page (a resumed upload has no upload answer to take them from). */
async function badRowProblems(client: TractionClient, id: number): Promise<BulkRowProblem[]> {
  const problems: BulkRowProblem[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await client.call(listBulkTransferRows, { id, outcome: 'bad', ...(after === undefined ? {} : { after }) });
    for (const row of page.items) {
      for (const part of row.problems.split('; ')) {
        const at = part.indexOf(': ');
        problems.push({ row: row.row, field: at > 0 ? part.slice(0, at) : 'row', message: at > 0 ? part.slice(at + 2) : part });
      }
    }
    if (!page.hasMore || page.next === null || page.next === undefined) return problems;
    after = page.next;
  }
}

const PROBLEM_COLUMNS = [
  { key: 'row', label: 'Row', kind: 'number' },
  { key: 'field', label: 'Column', kind: 'text' },
  { key: 'message', label: 'Problem', kind: 'sentence' },
] as const;

/** Follows a running upload until every row is final, with a bar on stderr when a person watches. */
async function followRun(io: Io, client: TractionClient, start: BulkUpload, intervalMs: number): Promise<BulkUpload> {
  let upload = start;
  const view = canAnimate(io)
    ? (await import('../ui/screens')).showProgress(io, { label: `Upload #${upload.id} (${upload.fileName})`, total: upload.progress.rows, unit: 'rows' })
    : undefined;
  try {
    for (;;) {
      const { progress } = upload;
      view?.update(
        progress.done,
        `${progress.succeeded.toLocaleString('en-NG')} paid · ${progress.failed.toLocaleString('en-NG')} failed · ${progress.pending.toLocaleString('en-NG')} pending${progress.held ? ` (${progress.held} held)` : ''} · ${formatNaira(progress.amountMoved)} moved`,
      );
      if (upload.status === 'DONE' || (progress.rows > 0 && progress.pending === 0)) return upload;
      await sleep(intervalMs, undefined, { signal: io.signal }).catch(() => undefined);
      if (io.signal.aborted) throw stopped(upload.id);
      upload = await lookAt(client, upload.id, io, intervalMs);
    }
  } finally {
    await view?.stop();
  }
}

/** Waits while the upload waits for its approval; answers it once decided (or as it stands). */
async function awaitApproval(io: Io, client: TractionClient, start: BulkUpload, intervalMs: number): Promise<BulkUpload> {
  let upload = start;
  while (upload.status === 'AWAITING_APPROVAL') {
    await sleep(intervalMs, undefined, { signal: io.signal }).catch(() => undefined);
    if (io.signal.aborted) throw stopped(upload.id);
    upload = await lookAt(client, upload.id, io, intervalMs);
  }
  return upload;
}

/** The upload in a few lines: what a terminal shows at the end. */
export function uploadSummary(upload: BulkUpload): string {
  const { progress } = upload;
  const lines = [
    `Upload #${upload.id} · ${upload.fileName} · ${upload.status.replace('_', ' ')} · from ${upload.source}`,
    `  Rows      ${plural(upload.rowCount, 'row')}: ${upload.validRows} good, ${upload.badRows} bad${upload.excludedRows ? ` (${upload.excludedRows} excluded)` : ''}`,
    `  Total     ${formatNaira(upload.total)}${upload.fees ? ` and ${formatNaira(upload.fees)} of fees` : ''}`,
  ];
  if (upload.status === 'RUNNING' || upload.status === 'DONE') {
    lines.push(
      `  Progress  ${progress.done} of ${progress.rows} final: ${progress.succeeded} paid, ${progress.failed} failed${progress.refused ? ` (${progress.refused} refused)` : ''}, ${progress.pending} pending${progress.held ? ` (${progress.held} held for review)` : ''}`,
      `  Moved     ${formatNaira(progress.amountMoved)}`,
    );
  }
  if (upload.approvalRequestId !== null) {
    const by = upload.approvedByName ? `, approved by ${upload.approvedByName}${upload.approvedAt ? ` at ${lagosDateTime(upload.approvedAt)}` : ''}` : '';
    lines.push(`  Approval  request #${upload.approvalRequestId}${by}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `traction bulk transfers create --file payouts.csv`: the server's bulk upload, start to end.
 *
 * 1. The file (CSV or XLSX) is uploaded and checked by the server. A journal beside it
 *    (`payouts.csv.upload.json`) remembers the upload, and the server is asked to reuse a
 *    standing upload of the same file and source: running the command again resumes, never
 *    uploads (or pays) the file twice. `--new-upload` uploads it afresh.
 * 2. Bad rows are listed and stop it (exit 2) unless `--exclude-bad-rows`.
 * 3. It is submitted for another admin's approval, with `--reason`, after a confirmation.
 * 4. Following (by default at a terminal), it waits for the approval, then follows the run
 *    with a bar until every row is final; the failed rows go to `payouts.results.csv` and
 *    the command exits 5.
 */
export async function runBulkTransfers(io: Io, options: BulkTransferOptions): Promise<BulkTransferOutcome> {
  if (Boolean(options.business) === Boolean(options.companyAccount)) {
    throw usageError(`Name who pays: --business <id or email>, or --company-account fee-income (one of them). See \`${INVOCATION} --help\`.`);
  }
  const file = resolve(io.cwd, options.file);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    throw usageError(`Cannot read ${options.file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
  const session: Session = openSession(io, options.globals);
  await requireSignedIn(session);
  const intervalMs = options.intervalMs ?? 1_000;
  const follow = options.follow ?? canAnimate(io);
  const source = options.business ? `business:${options.business.toLowerCase()}` : `company:${options.companyAccount}`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const journalPath = uploadJournalOf(file);

  return callWithSession(session, async (client) => {
    const journal = options.newUpload ? null : await readJournal(journalPath);
    let upload: BulkUpload;
    let problems: BulkRowProblem[] | undefined;
    if (journal && journal.sha256 === sha256 && journal.source === source && sameServer(journal.apiUrl, session.apiUrl)) {
      upload = await lookAt(client, journal.uploadId, io, intervalMs);
      note(io, `Resuming upload #${upload.id} of ${basename(file)} (${upload.status.replace('_', ' ').toLowerCase()}).`);
    } else {
      const answer = await client.call(uploadBulkTransfers, {
        file: new File([bytes as Uint8Array<ArrayBuffer>], basename(file)),
        from: options.business ? 'wallet' : 'company',
        ...(options.business ? { business: options.business } : { companyAccount: options.companyAccount }),
        reuse: !options.newUpload,
      });
      upload = answer.upload;
      problems = answer.reused ? undefined : answer.problems;
      await writeTextAtomically(journalPath, `${JSON.stringify({ apiUrl: session.apiUrl, sha256, source, uploadId: upload.id } satisfies UploadJournal)}\n`);
      note(io, answer.message);
      for (const warning of answer.warnings) note(io, `Warning: ${warning}`);
    }

    if (upload.status === 'CANCELLED') {
      throw new CliError(`Upload #${upload.id} of this file was cancelled: nothing was sent. Pass --new-upload to upload the file again.`);
    }
    if (upload.status === 'VALIDATED' || upload.status === 'DECLINED' || upload.status === 'EXPIRED') {
      if (upload.badRows > 0 && upload.excludedRows === 0 && !options.excludeBadRows) {
        const rows = problems ?? (await badRowProblems(client, upload.id));
        await withSink(io, options.globals.out, (sink) => writeRows(io, sink, chooseFormat(io, options.globals), { columns: PROBLEM_COLUMNS, rows }));
        throw new CliError(
          `${plural(upload.badRows, 'bad row')} in ${basename(file)}: fix ${upload.badRows === 1 ? 'it' : 'them'} and run this again, or pass --exclude-bad-rows to send the other ${plural(upload.validRows, 'row')} without ${upload.badRows === 1 ? 'it' : 'them'}. Nothing was sent.`,
          EXIT.usage,
        );
      }
      if (!options.reason) throw usageError(`Upload #${upload.id} is checked: pass --reason "…" (what the payments are, for the approver) to submit it.`);
      await confirmDanger(io, submitBulkTransfers, {
        ...(options.globals.yes ? { yes: true } : {}),
        question: `Submit upload #${upload.id} for approval: ${plural(upload.validRows, 'transfer')} of ${formatNaira(upload.total)} from ${upload.source}?`,
        details: [`  reason: ${options.reason}`, ...(upload.badRows ? [`  ${plural(upload.badRows, 'bad row')} left out`] : [])],
        invocation: INVOCATION,
      });
      const submitted = await client.call(submitBulkTransfers, { id: upload.id, excludeBadRows: options.excludeBadRows, reason: options.reason });
      upload = submitted.upload;
      note(io, submitted.message);
    }

    if (upload.status === 'AWAITING_APPROVAL') {
      const request = upload.approvalRequestId;
      note(io, `Another admin approves it: ${session.apiUrl}/approvals/${request}, or traction approvals approve --id ${request}.`);
      if (!follow) return finish(io, options, upload, null);
      note(io, 'Waiting for the approval (Ctrl+C stops waiting; run this again to resume)…');
      upload = await awaitApproval(io, client, upload, intervalMs);
      if (upload.status === 'DECLINED' || upload.status === 'EXPIRED' || upload.status === 'CANCELLED') {
        throw new CliError(
          `Request #${request} was ${upload.status.toLowerCase()}: nothing was sent.${upload.status === 'CANCELLED' ? '' : ' Run this again (with --reason) to ask again.'}`,
        );
      }
    }
    if (upload.status === 'RUNNING' && follow) upload = await followRun(io, client, upload, intervalMs);

    let results: string | null = null;
    if ((upload.status === 'DONE' || upload.status === 'RUNNING') && upload.progress.failed > 0) {
      results = options.results ? resolve(io.cwd, options.results) : resultsPathOf(file);
      const response = await client.download(listBulkTransferRows, { id: upload.id, outcome: 'failed' });
      await writeTextAtomically(results, await response.text());
    }
    return finish(io, options, upload, results);
  });
}

function finish(io: Io, options: BulkTransferOptions, upload: BulkUpload, results: string | null): BulkTransferOutcome {
  const format = chooseFormat(io, options.globals);
  if (format === 'json') writeValue(io.stdout, format, { upload, results });
  else io.stdout.write(uploadSummary(upload));
  const { progress } = upload;
  if (results) {
    throw new CliError(
      `${plural(progress.failed, 'row')} of ${progress.rows} did not pay; they are in ${results}. ` +
        (progress.refused ? `Refused rows (nothing moved): traction bulk-transfers retry-rows --id ${upload.id} --reason "…". ` : '') +
        `Failed rows were reversed: traction transfers retry-bulk --matching '{"batchId":${upload.id},"status":"FAILED"}' --reason "…".`,
      EXIT.rowsFailed,
    );
  }
  return { upload, results };
}
