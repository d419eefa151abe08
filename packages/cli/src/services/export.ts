import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { AnyCommand } from '@traction/core';
import { CliError, interrupted } from '../errors';
import { canAnimate } from '../io';
import { openOutTarget, type OutTarget } from '../output/out-target';
import { cannotWrite } from './atomic-file';
import { openCsvDownload, type CsvWanted } from './csv-download';
import { CsvRecordCounter } from './csv-record-counter';
import { callWithSession, requireSignedIn, type Session } from './session';

export interface ExportOptions {
  /** `--out` as typed: a file, `-` or nothing for standard output, a FIFO or a device. */
  out?: string;
  /** `--bom` / `--no-bom`: a file for spreadsheets, or plain CSV, whatever the target. */
  bom?: boolean;
  /** `--csv-keys`: JSON field names as headers. */
  keys?: boolean;
  /** On a terminal, a progress bar "Exporting <progress>". */
  progress?: string;
}

export interface ExportResult {
  /** Data rows written (the header line not counted), as the server counted them too. */
  rows: number;
  bytes: number;
  target: Pick<OutTarget, 'kind' | 'label' | 'path'>;
}

/**
 * Who the CSV is for. A regular file is kept for people and opened in spreadsheets: a byte-order
 * mark (Excel reads UTF-8 by it) and formulas neutralised (`+234…` → `'+234…`). Standard output,
 * pipes and FIFOs feed programs: no mark, cells as stored. `--csv-keys` is for programs too;
 * `--bom` / `--no-bom` decide outright.
 */
export function csvWanted(kind: OutTarget['kind'], options: Pick<ExportOptions, 'bom' | 'keys'>): CsvWanted {
  const spreadsheet = options.bom ?? (kind === 'file' && !options.keys);
  return { plain: !spreadsheet, keys: Boolean(options.keys) };
}

/** How many rows match: the first page's total, for the progress bar's time left. */
async function countRows(session: Session, command: AnyCommand, input: Record<string, unknown>): Promise<number | undefined> {
  try {
    const page = (await callWithSession(session, (client) => client.call(command, { ...input, page: 1 }))) as { total?: number };
    return typeof page.total === 'number' ? page.total : undefined;
  } catch {
    return undefined;
  }
}

/** What became of `--out` when an export failed. */
export function aftermath(target: OutTarget, rows: number): string {
  if (target.kind === 'file') return target.replaces ? `${target.label} was left as it was.` : `${target.label} was not created.`;
  return rows > 0 ? `The ${rows} rows already written to ${target.label} are not the whole list.` : '';
}

/**
 * Streams the answer into the target, counting rows as bytes pass (constant memory; the
 * target's back-pressure reaches the socket), then checks the count against the server's
 * `X-Row-Count` trailer: a connection cut, a proxy that ended the answer early or dropped the
 * count, and a short answer all fail instead of passing for a complete export.
 */
export async function receive(
  session: Session,
  response: IncomingMessage,
  target: OutTarget,
  onProgress: (rows: number) => void,
  /** Rows the file must hold when the server said so beforehand (an export job's file); else the trailer says. */
  expectedRows?: number,
): Promise<{ rows: number; bytes: number }> {
  const counter = new CsvRecordCounter((records) => onProgress(Math.max(0, records - 1)));
  const rows = () => Math.max(0, counter.records - 1);
  let writeFailure: Error | undefined;
  target.stream.once('error', (error: Error) => (writeFailure = error));
  try {
    // Ended by commit: a file is renamed once flushed, standard output is never closed.
    await pipeline(response, counter, target.stream, { signal: session.io.signal, end: false });
  } catch (error) {
    if (session.io.signal.aborted) throw error;
    if (writeFailure) throw cannotWrite(target.label, writeFailure);
    const code = (error as NodeJS.ErrnoException).code;
    const how = code === 'ETIMEDOUT' ? (error as Error).message : code && code !== 'ERR_STREAM_PREMATURE_CLOSE' ? code : 'closed early';
    throw new CliError(`The connection to ${session.apiUrl} was cut after ${rows()} rows (${how}): the export is incomplete.`, undefined, { cause: error });
  }
  if (expectedRows !== undefined) {
    if (rows() !== expectedRows) throw new CliError(`The export file holds ${expectedRows} rows but ${rows()} arrived: the download is incomplete.`);
    return { rows: rows(), bytes: counter.bytes };
  }
  const declared = response.trailers['x-row-count'];
  if (declared === undefined) {
    throw new CliError(
      `The answer ended after ${rows()} rows without the server's row count, so it may have been cut short on the way (by a proxy, or the server is older than this CLI): the export is incomplete.`,
    );
  }
  if (Number(declared) !== rows()) throw new CliError(`The server sent ${declared} rows but ${rows()} arrived: the export is incomplete.`);
  return { rows: rows(), bytes: counter.bytes };
}

/**
 * A list's whole filtered result as the server's CSV (read by it in keyset chunks), into `--out`:
 * a regular file appears whole or not at all (written beside it, renamed into place only once
 * the server's row count matched), anything else is streamed to. Exits non-zero, saying what
 * became of the file, whenever the export is not known to be complete.
 */
export async function exportCsv(session: Session, command: AnyCommand, input: Record<string, unknown>, options: ExportOptions = {}): Promise<ExportResult> {
  const { io } = session;
  await requireSignedIn(session);
  const target = await openOutTarget(io, options.out);
  let progress: import('../ui/screens').ProgressView | undefined;
  let rows = 0;
  try {
    if (options.progress && canAnimate(io) && target.stream !== io.stderr) {
      const total = await countRows(session, command, input);
      const { showProgress } = await import('../ui/screens');
      progress = showProgress(io, { label: `Exporting ${options.progress}`, ...(total !== undefined ? { total } : {}) });
    }
    const wanted = csvWanted(target.kind, options);
    const response = await callWithSession(session, (client) => openCsvDownload(client, session.apiUrl, command, input, { wanted, signal: io.signal }));
    const received = await receive(session, response, target, (counted) => {
      rows = counted;
      progress?.update(counted);
    });
    rows = received.rows;
    await target.commit();
    progress?.update(rows);
    return { rows, bytes: received.bytes, target: { kind: target.kind, label: target.label, ...(target.path ? { path: target.path } : {}) } };
  } catch (error) {
    await target.discard();
    const after = aftermath(target, rows);
    if (io.signal.aborted) throw interrupted(`Export stopped by Ctrl+C. ${after}`.trim());
    if (error instanceof CliError) throw new CliError(`${error.message} ${after}`.trim(), error.exitCode, { cause: error.cause });
    throw error;
  } finally {
    await progress?.stop();
  }
}
