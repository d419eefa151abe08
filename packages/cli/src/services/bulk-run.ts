import { createHash, randomBytes } from 'node:crypto';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ALREADY, formatNaira, previewAmount, type AnyCommand, type ColumnKind } from '@traction/core';
import { ClientError, type TractionClient } from '@traction/core/client';
import { CliError, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import type { InputField } from '../flags/input-fields';
import { inputFromText, validateInput } from '../flags/text-input';
import { canAnimate, canPrompt, note, type Io } from '../io';
import { chooseFormat, withSink, writeRows } from '../output/emit';
import { BulkJournal } from './bulk-journal';
import { describeRun } from './bulk-plan';
import { removeStalePartials, writeResults } from './bulk-results';
import { confirmDanger } from './confirm-danger';
import { readCsvRows, type CsvRow } from './csv-rows';
import { callWithSession, openSession, requireSignedIn, toCliError, type GlobalOptions, type Session } from './session';

export interface BulkOptions {
  file: string;
  dryRun?: boolean;
  concurrency: number;
  /** Results CSV; default `<file>.results.csv` beside the input. */
  results?: string;
  /** Start a new batch even if a journal exists (the old one is moved aside). */
  newBatch?: boolean;
  globals: GlobalOptions;
}

export interface BulkSummary {
  command: string;
  file: string;
  rows: number;
  ok: number;
  /** Already as the row asked (the server said so): nothing to do, not a failure. */
  unchanged: number;
  failed: number;
  /** Done by an earlier run, per the journal. */
  alreadyDone: number;
  /** Not reached (Ctrl+C, or the run stopped on an expired session). */
  notRun: number;
  journal: string;
  results?: string;
  dryRun: boolean;
}

/** A row ready to send: its validated input and its identity. */
interface PlannedRow {
  csv: CsvRow;
  input: Record<string, unknown>;
  /** Hash of the cells plus which repeat of identical cells this is. */
  id: string;
}

/** Tries per row within one run for answers that may be retried under the same key. */
const MAX_TRIES = 3;

export const journalPathOf = (file: string) => `${file}.journal`;
export const resultsPathOf = (file: string) => join(dirname(file), `${basename(file, extname(file))}.results.csv`);

/** The key a row is sent with: the same for the same batch, row and attempt, on every run and machine. */
export function idempotencyKeyOf(batch: string, commandId: string, rowId: string, attempt: number): string {
  const digest = createHash('sha256').update(`${commandId}\n${rowId}\n${attempt}`).digest('hex');
  return `tb-${batch.slice(0, 16)}-${digest.slice(0, 40)}`;
}

/** Each row's identity: the same cells give the same id; a second identical row is a separate row. */
function rowIds(rows: readonly CsvRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const canonical = JSON.stringify(Object.entries(row.values).sort(([a], [b]) => a.localeCompare(b)));
    const hash = createHash('sha256').update(canonical).digest('hex').slice(0, 32);
    const occurrence = seen.get(hash) ?? 0;
    seen.set(hash, occurrence + 1);
    return `${hash}#${occurrence}`;
  });
}

/**
 * What a failed call means for the row: its target already as asked, a definite refusal,
 * something to retry under the same key, or a reason to stop the run.
 */
function classify(error: unknown): {
  outcome: 'unchanged' | 'rejected' | 'unknown';
  stop?: 'session' | 'permission';
  status: number;
  message: string;
  retryAfterMs?: number;
} {
  if (!(error instanceof ClientError)) return { outcome: 'unknown', status: 0, message: (error as Error).message };
  const reason = error.details?.reason;
  const message = error.status === 0 ? `no answer: ${(error.cause as Error | undefined)?.message ?? 'network error'}` : error.userMessage;
  if (error.status === 409 && reason === ALREADY) return { outcome: 'unchanged', status: error.status, message };
  if (error.kind === 'session-expired' || error.kind === 'device-not-recognized') return { outcome: 'unknown', stop: 'session', status: error.status, message };
  if (error.kind === 'no-permission' && reason === 'missing_permission') return { outcome: 'unknown', stop: 'permission', status: error.status, message };
  if (error.kind === 'network' || error.kind === 'server-error' || error.kind === 'rate-limited' || reason === 'idempotency_in_progress') {
    const retryAfter = error.details?.retryAfterSeconds;
    return { outcome: 'unknown', status: error.status, message, retryAfterMs: typeof retryAfter === 'number' ? retryAfter * 1000 : undefined };
  }
  return { outcome: 'rejected', status: error.status, message };
}

/**
 * `traction bulk <group> <action> --file rows.csv`: one call per row of a CSV file.
 *
 * 1. Every row is read and checked against the command's schema; any bad row stops the run
 *    before anything is sent, and every bad row is listed with its line number.
 * 2. The journal beside the file (`rows.csv.journal`) says which rows earlier runs finished;
 *    those are skipped.
 * 3. The rest are sent, `--concurrency` at a time, each with an Idempotency-Key derived from the
 *    batch (a random id made with the journal, kept in it) and the row, so a row whose answer was lost in a
 *    crash is answered from the server's record instead of being done twice.
 * 4. Each outcome goes to the journal as it arrives; at the end (or on Ctrl+C) the results CSV
 *    lists every row with its outcome. A row whose target the server says is already as asked
 *    is `unchanged`, not failed. Exit 5 when some rows failed.
 */
export async function runBulk(io: Io, command: AnyCommand, fields: readonly InputField[], options: BulkOptions): Promise<BulkSummary> {
  const file = resolve(io.cwd, options.file);
  const journalPath = journalPathOf(file);
  const resultsPath = options.results ? resolve(io.cwd, options.results) : resultsPathOf(file);
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1 || options.concurrency > 32) {
    throw usageError('--concurrency must be a whole number from 1 to 32');
  }

  const csv = await readCsvRows(file, fields);
  const labelOf = (name: string) => csv.header[csv.columns.findIndex((column) => column.name === name)] ?? name;
  const ids = rowIds(csv.rows);
  const planned: PlannedRow[] = [];
  const invalid: string[] = [];
  for (const [index, row] of csv.rows.entries()) {
    const { input, problems } = await inputFromText(command, fields, row.values, { baseDir: dirname(file), label: (field) => labelOf(field.name) });
    const checked = validateInput(command, input, labelOf);
    const messages = [...problems, ...(checked.ok ? [] : checked.messages)];
    if (messages.length) invalid.push(`line ${row.line}: ${messages.join('; ')}`);
    else planned.push({ csv: row, input, id: ids[index]! });
  }
  if (invalid.length) {
    throw usageError(`${invalid.length} of ${csv.rows.length} rows are not valid; nothing was sent.\n${invalid.join('\n')}`);
  }

  // The lock comes before the journal is read or moved: a second run must not touch the journal
  // of one still working, not even to set it aside.
  const guard = BulkJournal.empty(journalPath);
  if (!options.dryRun) guard.lock();
  try {
    return await runLocked();
  } finally {
    guard.close();
  }

  async function runLocked(): Promise<BulkSummary> {
    if (!options.dryRun) {
      const removed = removeStalePartials(resultsPath);
      if (removed.length)
        note(io, `Removed ${removed.length} unfinished results file${removed.length === 1 ? '' : 's'} left by a run that was killed: ${removed.join(', ')}.`);
    }
    if (options.newBatch && !options.dryRun) {
      const aside = BulkJournal.setAside(journalPath);
      if (aside) note(io, `Started a new batch; the earlier journal is kept as ${aside}.`);
    }
    // A dry run of a new batch looks at the rows as if no journal existed (and moves nothing).
    const journal = options.newBatch && options.dryRun ? BulkJournal.empty(journalPath) : BulkJournal.read(journalPath, command.id);
    if (journal.batch && journal.batch.fileSha256 !== csv.sha256) {
      note(io, `${basename(file)} changed since the run recorded in ${basename(journalPath)}; rows already done are recognised by their content and skipped.`);
    }
    // Random for every new journal: the same file run again after its journal is gone is a new
    // batch, never answered with the server's stored replies to an earlier one.
    const batchId =
      journal.batch?.batch ??
      createHash('sha256')
        .update(csv.sha256 + randomBytes(16).toString('hex'))
        .digest('hex');
    const pending = planned.filter((row) => !journal.state(row.id).done);
    const alreadyDone = planned.length - pending.length;

    const summary: BulkSummary = {
      command: command.id,
      file,
      rows: planned.length,
      ok: 0,
      unchanged: 0,
      failed: 0,
      alreadyDone,
      notRun: pending.length,
      journal: journalPath,
      dryRun: Boolean(options.dryRun),
    };

    if (options.dryRun) {
      await printPlan(io, command, options.globals, planned, journal);
      return summary;
    }
    if (pending.length === 0) {
      await writeResults(resultsPath, csv.header, planned, journal);
      summary.results = resultsPath;
      return summary;
    }

    const session = openSession(io, options.globals);
    const asking = command.danger !== 'none' && !options.globals.yes;
    // Signed in before the question, so a yes is not followed by "not signed in"; without a
    // terminal confirmDanger refuses first, asking for --yes.
    if (command.auth === 'admin' && (!asking || canPrompt(io))) await requireSignedIn(session);
    await confirmDanger(io, command, {
      yes: options.globals.yes,
      question: `${command.title}: ${pending.length} row${pending.length === 1 ? '' : 's'} from ${basename(file)}?`,
      details: asking && canPrompt(io) ? await confirmationLines(session, command, pending, alreadyDone) : [],
      invocation: `traction bulk ${command.group} ${command.action}`,
      // A whole file is too much to start on one key: the answer is typed and ends with Enter.
      typed: 'yes',
    });

    try {
      journal.begin({
        type: 'batch',
        version: 1,
        command: command.id,
        batch: batchId,
        file: basename(file),
        fileSha256: csv.sha256,
        startedAt: new Date().toISOString(),
      });
      const stop = await sendRows(io, session, command, journal, batchId, pending, summary, options.concurrency);
      await writeResults(resultsPath, csv.header, planned, journal);
      summary.results = resultsPath;
      if (stop) {
        note(io, `Results so far: ${resultsPath}`);
        throw stop;
      }
      return summary;
    } finally {
      journal.close();
    }
  }
}

async function sendRows(
  io: Io,
  session: Session,
  command: AnyCommand,
  journal: BulkJournal,
  batchId: string,
  pending: readonly PlannedRow[],
  summary: BulkSummary,
  concurrency: number,
): Promise<unknown> {
  const client: TractionClient = session.client();
  let progress: import('../ui/screens').ProgressView | undefined;
  if (canAnimate(io)) {
    const { showProgress } = await import('../ui/screens');
    progress = showProgress(io, { label: `${command.group} ${command.action}`, total: pending.length });
  }
  let next = 0;
  let stopError: unknown;
  // Listening is what tells main.ts this work stops at a safe point rather than at once.
  const stopping = 'stopping after the rows in flight (Ctrl+C again: at once)';
  const onAbort = () => (progress ? progress.update(finished(), stopping) : note(io, 'Stopping after the rows in flight (Ctrl+C again to quit at once)…'));
  io.signal.addEventListener('abort', onAbort, { once: true });
  const finished = () => summary.ok + summary.unchanged + summary.failed;

  const sendOne = async (row: PlannedRow): Promise<void> => {
    const { attempt } = journal.state(row.id);
    const key = idempotencyKeyOf(batchId, command.id, row.id, attempt);
    for (let tries = 1; ; tries++) {
      try {
        const data = await client.call(command, row.input as never, { idempotencyKey: key });
        journal.record({ line: row.csv.line, row: row.id, attempt, key, outcome: 'ok', status: 200, message: 'ok', result: JSON.stringify(data) });
        summary.ok += 1;
        return;
      } catch (error) {
        const verdict = classify(error);
        if (verdict.stop) {
          // Nothing was done for this row (refused before the command ran); the run stops here.
          stopError ??= toCliError(error, session);
          return;
        }
        if (verdict.outcome === 'unknown' && tries < MAX_TRIES && !io.signal.aborted) {
          await sleep(verdict.retryAfterMs ?? 1000 * tries).catch(() => undefined);
          continue;
        }
        journal.record({ line: row.csv.line, row: row.id, attempt, key, outcome: verdict.outcome, status: verdict.status, message: verdict.message });
        if (verdict.outcome === 'unchanged') summary.unchanged += 1;
        else summary.failed += 1;
        return;
      }
    }
  };

  const worker = async () => {
    while (next < pending.length && !io.signal.aborted && !stopError) {
      const row = pending[next++]!;
      await sendOne(row);
      const counts = [summary.unchanged ? `${summary.unchanged} unchanged` : '', summary.failed ? `${summary.failed} failed` : ''].filter(Boolean).join(', ');
      progress?.update(finished(), io.signal.aborted ? stopping : counts || undefined);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(pending.length, concurrency) }, worker));
  } finally {
    io.signal.removeEventListener('abort', onAbort);
    await progress?.stop();
  }
  summary.notRun = pending.length - finished();
  if (stopError) return stopError;
  if (io.signal.aborted) {
    return new CliError(
      `Stopped: ${finished()} rows done in this run, ${summary.notRun} not started. Run the same command again to resume; finished rows are not repeated.`,
      EXIT.interrupted,
    );
  }
  return undefined;
}

/** The confirmation's lines: what the rows will do (rows selecting by filters counted by the server now), and what is skipped. */
async function confirmationLines(session: Session, command: AnyCommand, pending: readonly PlannedRow[], alreadyDone: number): Promise<string[]> {
  const client = session.client();
  const count = async (list: AnyCommand, filters: Record<string, unknown>) => {
    try {
      const page = (await client.call(list, { ...filters, page: 1 } as never)) as { total: number };
      return page.total;
    } catch (error) {
      throw new Error(error instanceof ClientError ? error.userMessage : (error as Error).message);
    }
  };
  const lines = await describeRun(
    command,
    pending.map((row) => ({ line: row.csv.line, input: row.input })),
    count,
  );
  if (alreadyDone)
    lines.push(`  ${alreadyDone} row${alreadyDone === 1 ? '' : 's'} already done by an earlier run ${alreadyDone === 1 ? 'is' : 'are'} skipped.`);
  return lines;
}

/**
 * `--dry-run`: each row and what would happen to it, then the totals. Nothing is sent or written.
 * A money command's rows are previewed by the server (nothing posted): each row's total and
 * refusal, and the total the file would move.
 */
async function printPlan(io: Io, command: AnyCommand, globals: GlobalOptions, rows: readonly PlannedRow[], journal: BulkJournal): Promise<void> {
  const format = chooseFormat(io, globals);
  const planRows: Record<string, unknown>[] = rows.map((row) => {
    const state = journal.state(row.id);
    const shown = Object.fromEntries(Object.entries(row.input).filter(([name]) => !command.secrets.includes(name)));
    return {
      line: row.csv.line,
      action: state.done ? 'skip (done in an earlier run)' : state.last ? 'retry' : 'send',
      call: `${command.method} ${command.path}`,
      input: JSON.stringify(shown),
    };
  });
  const columns: { key: string; label: string; kind: ColumnKind }[] = [
    { key: 'line', label: 'Line', kind: 'number' },
    { key: 'action', label: 'Would', kind: 'text' },
    { key: 'call', label: 'Call', kind: 'text' },
    { key: 'input', label: 'Input', kind: 'text' },
  ];
  const toSend = planRows.filter((row) => !String(row.action).startsWith('skip')).length;
  const money = command.danger === 'money' ? await previewRows(io, command, globals, rows, planRows) : null;
  if (money) columns.push({ key: 'amount', label: 'Would move', kind: 'money' }, { key: 'refused', label: 'Refused', kind: 'text' });
  await withSink(io, globals.out, async (sink) => {
    await writeRows(io, sink, format, { columns, rows: planRows });
    if (format === 'terminal' || format === 'plain') {
      sink.write(
        `\nDry run of traction bulk ${command.group} ${command.action}: ${rows.length} valid rows; ${toSend} would be sent, ${rows.length - toSend} already done.${money ? ` ${money}` : ''} Nothing was sent.\n`,
      );
    }
  });
}

/** Asks the server to preview each row still to send (four at a time); answers the totals sentence. */
async function previewRows(
  io: Io,
  command: AnyCommand,
  globals: GlobalOptions,
  rows: readonly PlannedRow[],
  planRows: Record<string, unknown>[],
): Promise<string> {
  const session = openSession(io, globals);
  if (command.auth === 'admin') await requireSignedIn(session);
  let total = 0;
  let transfers = 0;
  let refused = 0;
  let next = 0;
  const work = async () => {
    while (next < rows.length) {
      const index = next++;
      if (String(planRows[index]!.action).startsWith('skip')) continue;
      try {
        const preview = await callWithSession(session, (client) => client.preview(command, rows[index]!.input as never, { signal: io.signal }));
        const amount = previewAmount(preview);
        planRows[index]!.amount = amount;
        total += amount;
        transfers += preview.transfers.length;
      } catch (error) {
        // The row's own refusal (unknown, already reversed, short of money) is part of the plan; anything else stops it.
        const cause = error instanceof ClientError ? error : (error as { cause?: unknown }).cause;
        if (!(cause instanceof ClientError) || ![400, 404, 409, 422].includes(cause.status)) throw error;
        planRows[index]!.refused = cause.userMessage;
        refused += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, rows.length) }, work));
  return `Previewed on the server, each row on its own against today's balances: ${formatNaira(total)} in ${transfers} transfer${transfers === 1 ? '' : 's'}${refused ? `; ${refused} row${refused === 1 ? '' : 's'} would be refused` : ''}.`;
}
