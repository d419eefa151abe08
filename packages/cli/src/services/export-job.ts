import { setTimeout as sleep } from 'node:timers/promises';
import { type AnyCommand, createExport, downloadExport, type ExportFileRow, getExport, LIST_PAGING_FIELDS } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { CliError, interrupted } from '../errors';
import { canAnimate } from '../io';
import { openOutTarget } from '../output/out-target';
import { openCsvDownload } from './csv-download';
import { aftermath, type ExportOptions, type ExportResult, receive } from './export';
import { callWithSession, requireSignedIn, type Session } from './session';

/** Failures a wait rides out: the server restarting mid-export comes back and the job resumes. */
const passing = (error: unknown) =>
  error instanceof ClientError && (error.kind === 'network' || error.kind === 'server-error' || error.kind === 'rate-limited');

const PATIENCE_MS = 5 * 60_000;

/**
 * `traction export … --job`: the server writes the file as an export job (its rows frozen at the
 * start), this waits for it with the rows written so far, then downloads the finished file into
 * `--out` as `exportCsv` would (a file appears whole or not at all; the row count is checked).
 * No HTTP request stays open while the server works; a server restarted meanwhile is waited out.
 */
export async function exportAsJob(
  session: Session,
  command: AnyCommand,
  input: Record<string, unknown>,
  options: ExportOptions & { intervalMs?: number },
): Promise<ExportResult & { exportId: number }> {
  const { io } = session;
  await requireSignedIn(session);
  const filters = Object.fromEntries(Object.entries(input).filter(([key, value]) => !LIST_PAGING_FIELDS.has(key) && value !== undefined));
  const started = await callWithSession(session, (client) => client.call(createExport, { list: command.id, filters }));
  const animate = options.progress !== undefined && canAnimate(io);
  const { showProgress } = animate ? await import('../ui/screens') : { showProgress: undefined };
  let progress: import('../ui/screens').ProgressView | undefined;
  let file: ExportFileRow = started;
  let failingSince: number | undefined;
  try {
    if (!animate)
      io.stderr.write(`Export #${file.id} started on the server; waiting for it (Ctrl+C leaves it running: traction downloads show --id ${file.id}).\n`);
    while (file.status === 'QUEUED' || file.status === 'RUNNING') {
      await sleep(options.intervalMs ?? 1_000, undefined, { signal: io.signal }).catch(() => undefined);
      if (io.signal.aborted) throw interrupted(`Stopped waiting for export #${file.id}; it runs on at the server (traction downloads show --id ${file.id}).`);
      try {
        file = await callWithSession(session, (client) => client.call(getExport, { id: started.id }));
        failingSince = undefined;
      } catch (error) {
        if (!passing(error)) throw error;
        failingSince ??= Date.now();
        if (Date.now() - failingSince >= PATIENCE_MS) throw new CliError(`Export #${file.id} could not be followed: ${(error as Error).message}.`);
        continue;
      }
      if (animate && file.rowsTotal !== null) {
        progress ??= showProgress!(io, { label: `Exporting ${options.progress} on the server`, total: file.rowsTotal });
        progress.update(file.rowsDone);
      }
    }
  } finally {
    await progress?.stop();
  }
  if (file.status !== 'READY')
    throw new CliError(`Export #${file.id} ${file.status === 'FAILED' ? `failed: ${file.error ?? 'no reason given'}` : 'expired before it was downloaded'}.`);
  const target = await openOutTarget(io, options.out);
  let rows = 0;
  try {
    const response = await callWithSession(session, (client) =>
      openCsvDownload(client, session.apiUrl, downloadExport, { id: file.id }, { wanted: { plain: false, keys: false }, signal: io.signal }),
    );
    const received = await receive(session, response, target, (counted) => (rows = counted), file.rowsTotal ?? 0);
    await target.commit();
    return {
      rows: received.rows,
      bytes: received.bytes,
      exportId: file.id,
      target: { kind: target.kind, label: target.label, ...(target.path ? { path: target.path } : {}) },
    };
  } catch (error) {
    await target.discard();
    const after = `${aftermath(target, rows)} The file stays in Downloads: traction downloads get --id ${file.id} --out FILE.`;
    if (io.signal.aborted) throw interrupted(`Download stopped by Ctrl+C. ${after}`.trim());
    if (error instanceof CliError) throw new CliError(`${error.message} ${after}`.trim(), error.exitCode, { cause: error.cause });
    throw error;
  }
}
