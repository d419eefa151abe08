import { closeSync, fchmodSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { CliError } from '../errors';

/** First line of a journal: which batch it records. */
export interface JournalBatch {
  type: 'batch';
  version: 1;
  command: string;
  /** Part of every row's Idempotency-Key: the input file's SHA-256 at the first run. */
  batch: string;
  file: string;
  fileSha256: string;
  startedAt: string;
}

/**
 * What became of one row. `ok`: done. `unchanged`: the server said its target was already as
 * asked (409, reason `already`), so there is nothing left to do. `rejected`: the server answered
 * a definite no (a 4xx after which nothing changed), so a later run may try again under a new
 * key. `unknown`: no answer, a 5xx, or the key still busy: the row may or may not have happened,
 * so a later run must reuse the same key and let the server answer from its idempotency record.
 */
export interface JournalRow {
  type: 'row';
  line: number;
  /** The row's identity: a hash of its cells plus which repeat of identical cells it is. */
  row: string;
  /** Bumped after each `rejected`, so a retry is a new request. */
  attempt: number;
  key: string;
  outcome: 'ok' | 'unchanged' | 'rejected' | 'unknown';
  status: number;
  message: string;
  /** The answer of an `ok` row (JSON). */
  result?: string;
  at: string;
}

export interface RowState {
  done: boolean;
  /** The attempt number the next try uses. */
  attempt: number;
  last?: JournalRow;
}

/**
 * The append-only record, beside the input file, of every row's outcome. Re-running the same
 * command reads it and skips rows already done; each row is written as soon as its answer
 * arrives (one `write` per line, so a crash loses at most the rows in flight, which their
 * Idempotency-Keys cover). A lock file keeps two runs off the same journal. It names the file's
 * rows and what the server answered about them, so it is readable by its owner only.
 */
export class BulkJournal {
  private fd: number | undefined;
  private readonly rows = new Map<string, JournalRow>();
  private locked = false;

  private constructor(
    readonly path: string,
    /** The batch this journal records; `undefined` until the first write of a new journal. */
    public batch: JournalBatch | undefined,
  ) {}

  /** A journal with nothing recorded yet. */
  static empty(path: string): BulkJournal {
    return new BulkJournal(path, undefined);
  }

  /** Reads the journal if there is one. A torn last line (a crash mid-write) is ignored. */
  static read(path: string, command: string): BulkJournal {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new BulkJournal(path, undefined);
      throw new CliError(`Cannot read the journal ${path}: ${(error as Error).message}`);
    }
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    // Created but never written (a crash between the two): nothing was sent yet.
    if (lines.length === 0) {
      rmSync(path, { force: true });
      return new BulkJournal(path, undefined);
    }
    const entries: (JournalBatch | JournalRow)[] = [];
    lines.forEach((line, index) => {
      try {
        entries.push(JSON.parse(line) as JournalBatch | JournalRow);
      } catch {
        if (index !== lines.length - 1) throw new CliError(`The journal ${path} is damaged at line ${index + 1}; move it away to start the batch afresh.`);
      }
    });
    const batch = entries[0]?.type === 'batch' ? entries[0] : undefined;
    if (!batch) throw new CliError(`${path} is not a traction bulk journal; move it away.`);
    if (batch.command !== command) {
      throw new CliError(`${path} records a run of ${batch.command}, not ${command}. Move it away, or pass --new-batch.`);
    }
    const journal = new BulkJournal(path, batch);
    for (const entry of entries) if (entry.type === 'row') journal.rows.set(entry.row, entry);
    return journal;
  }

  /** Moves the journal aside (`--new-batch`): its batch is kept for the record, not resumed. */
  static setAside(path: string): string | undefined {
    const aside = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(path, aside);
      return aside;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  state(row: string): RowState {
    const last = this.rows.get(row);
    if (!last) return { done: false, attempt: 0 };
    if (last.outcome === 'ok' || last.outcome === 'unchanged') return { done: true, attempt: last.attempt, last };
    return { done: false, attempt: last.outcome === 'rejected' ? last.attempt + 1 : last.attempt, last };
  }

  /** Takes the lock (`<journal>.lock`, holding our pid); a lock left by a dead process is taken over. */
  lock(): void {
    const lockPath = `${this.path}.lock`;
    for (let tries = 0; tries < 2; tries++) {
      try {
        writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
        this.locked = true;
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
          throw new CliError(`Cannot write beside the input file (${lockPath}): ${(error as Error).message}`);
        const pid = Number(readFileSync(lockPath, 'utf8'));
        if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
          throw new CliError(`Another traction bulk run (pid ${pid}) is working through this file. Wait for it, or stop it first.`);
        }
        rmSync(lockPath, { force: true });
      }
    }
  }

  /** Starts the journal of a new batch, or reopens an existing one for appending. */
  begin(batch: JournalBatch): void {
    if (!this.batch) {
      writeFileSync(this.path, `${JSON.stringify(batch)}\n`, { flag: 'wx', mode: 0o600 });
      this.batch = batch;
    }
    this.fd = openSync(this.path, 'a');
    // A journal written before journals were made private becomes so on its next run.
    fchmodSync(this.fd, 0o600);
  }

  record(entry: Omit<JournalRow, 'type' | 'at'>): JournalRow {
    const row: JournalRow = { type: 'row', ...entry, at: new Date().toISOString() };
    if (this.fd === undefined) throw new Error('journal not begun');
    writeSync(this.fd, `${JSON.stringify(row)}\n`);
    this.rows.set(row.row, row);
    return row;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.locked) rmSync(`${this.path}.lock`, { force: true });
    this.locked = false;
  }
}

/** Whether a process still runs (one we may not signal runs too). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
