import { readdirSync, rmSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { openAtomicFile } from './atomic-file';
import { isAlive, type BulkJournal, type JournalRow } from './bulk-journal';
import type { CsvRow } from './csv-rows';

/** A row of the file as the results list it. */
export interface ResultRow {
  csv: CsvRow;
  /** The row's identity in the journal. */
  id: string;
}

/** What the results CSV says of a row, from its last journal entry. */
export function outcomeOf(last: JournalRow | undefined): 'ok' | 'unchanged' | 'failed' | 'not run' {
  if (!last) return 'not run';
  if (last.outcome === 'ok' || last.outcome === 'unchanged') return last.outcome;
  return 'failed';
}

/**
 * The results CSV: every row of the file, its outcome (`ok`, `unchanged` when it was already so,
 * `failed`, `not run`), the status and the server's message or answer. It holds the file's cells
 * (people's names, account numbers), so it is readable by its owner only, from the first byte.
 */
export async function writeResults(path: string, header: readonly string[], rows: readonly ResultRow[], journal: BulkJournal): Promise<void> {
  const records: string[][] = [['line', ...header, 'outcome', 'status', 'message', 'result', 'idempotency_key']];
  for (const row of rows) {
    const last = journal.state(row.id).last;
    records.push([
      String(row.csv.line),
      ...row.csv.cells,
      outcomeOf(last),
      last ? String(last.status) : '',
      last?.outcome === 'ok' ? '' : (last?.message ?? ''),
      last?.result ?? '',
      last?.key ?? '',
    ]);
  }
  const file = await openAtomicFile(path);
  // A second Ctrl+C or a SIGTERM while the file is written ends the process at once: the
  // temporary file goes with it rather than staying beside the results.
  const removeOnExit = () => rmSync(file.temporaryPath, { force: true });
  process.once('exit', removeOnExit);
  try {
    await chmod(file.temporaryPath, 0o600);
    file.stream.write(stringify(records));
    await file.commit();
  } catch (error) {
    await file.discard();
    throw error;
  } finally {
    process.off('exit', removeOnExit);
  }
}

/**
 * Removes temporary results files (`.rows.results.csv.<pid>-<random>.partial`) left by a run
 * that was killed while writing them (SIGKILL, a power cut), so they never lie beside the
 * results. Only those of processes no longer running: another run may be writing its own.
 */
export function removeStalePartials(path: string): string[] {
  const prefix = `.${basename(path)}.`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.partial')) continue;
    const pid = Number(/^(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length, -'.partial'.length))?.[1]);
    if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue;
    rmSync(join(dirname(path), name), { force: true });
    removed.push(name);
  }
  return removed;
}
