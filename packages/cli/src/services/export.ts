import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AnyCommand } from '@traction/core';
import { interrupted } from '../errors';
import { canAnimate, type Io } from '../io';
import { openAtomicFile } from './atomic-file';
import { CsvRecordCounter } from './csv-record-counter';
import { callWithSession, requireSignedIn, type Session } from './session';

/** Exports may stream for a long time; the client's usual two minutes would cut them off. */
export const EXPORT_TIMEOUT_MS = 6 * 60 * 60 * 1000;

export interface ExportResult {
  /** Data rows written (the header line not counted). */
  rows: number;
  bytes: number;
}

/**
 * Streams a list's `download=csv` answer (every row matching the filters, read by the server in
 * keyset chunks) into `destination`, counting rows as they pass: memory stays flat however long
 * the list. Ctrl+C aborts the download.
 */
export async function downloadCsv(
  session: Session,
  command: AnyCommand,
  input: Record<string, unknown>,
  destination: Writable,
  onProgress?: (rows: number) => void,
): Promise<ExportResult> {
  await requireSignedIn(session);
  const { signal } = session.io;
  let bytes = 0;
  const counter = new CsvRecordCounter((records) => onProgress?.(Math.max(0, records - 1)));
  counter.on('data', (chunk: Buffer) => (bytes += chunk.length));
  try {
    const response = await callWithSession(session, (client) => client.download(command, input, { signal }), { timeoutMs: EXPORT_TIMEOUT_MS });
    if (!response.body) return { rows: 0, bytes: 0 };
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), counter, destination, { signal, end: destination !== session.io.stdout });
  } catch (error) {
    if (signal.aborted) throw interrupted('Export stopped by Ctrl+C.');
    throw error;
  }
  return { rows: Math.max(0, counter.records - 1), bytes };
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

/**
 * `traction export`: the whole filtered list into `file`, written beside it under a temporary
 * name and renamed into place only once complete, so nothing half-written is ever left where a
 * later step would pick it up. Shows a progress bar on a terminal; nothing animated otherwise.
 */
export async function exportToFile(session: Session, command: AnyCommand, input: Record<string, unknown>, file: string, label: string): Promise<ExportResult> {
  const io: Io = session.io;
  await requireSignedIn(session);
  let progress: import('../ui/screens').ProgressView | undefined;
  if (canAnimate(io)) {
    const total = await countRows(session, command, input);
    const { showProgress } = await import('../ui/screens');
    progress = showProgress(io, { label: `Exporting ${label}`, ...(total !== undefined ? { total } : {}) });
  }
  const target = await openAtomicFile(file);
  try {
    const result = await downloadCsv(session, command, input, target.stream, (rows) => progress?.update(rows));
    await target.commit();
    progress?.update(result.rows);
    return result;
  } catch (error) {
    await target.discard();
    throw error;
  } finally {
    await progress?.stop();
  }
}
