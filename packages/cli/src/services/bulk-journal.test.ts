import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BulkJournal, type JournalBatch } from './bulk-journal';
import { idempotencyKeyOf } from './bulk-run';

const dir = mkdtempSync(join(tmpdir(), 'traction-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const batch: JournalBatch = {
  type: 'batch',
  version: 1,
  command: 'permissions.grant',
  batch: 'b'.repeat(64),
  file: 'rows.csv',
  fileSha256: 'f'.repeat(64),
  startedAt: '2026-11-21T09:00:00.000Z',
};
let n = 0;
const fresh = () => join(dir, `rows-${++n}.csv.journal`);

describe('BulkJournal', () => {
  it('remembers outcomes across runs: ok and unchanged rows are done, refused rows retry under a new attempt, unanswered rows under the same one', () => {
    const path = fresh();
    const journal = BulkJournal.read(path, 'permissions.grant');
    journal.begin(batch);
    journal.record({ line: 2, row: 'a#0', attempt: 0, key: 'k-a', outcome: 'ok', status: 200, message: 'ok' });
    journal.record({ line: 3, row: 'b#0', attempt: 0, key: 'k-b', outcome: 'rejected', status: 404, message: 'gone' });
    journal.record({ line: 4, row: 'c#0', attempt: 0, key: 'k-c', outcome: 'unknown', status: 0, message: 'no answer' });
    journal.record({ line: 5, row: 'e#0', attempt: 0, key: 'k-e', outcome: 'unchanged', status: 409, message: 'already blacklisted' });
    journal.close();
    // It names the file's rows and what was done to them: its owner's alone.
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const reread = BulkJournal.read(path, 'permissions.grant');
    expect(reread.batch).toEqual(batch);
    expect(reread.state('a#0')).toMatchObject({ done: true });
    expect(reread.state('b#0')).toMatchObject({ done: false, attempt: 1 });
    expect(reread.state('c#0')).toMatchObject({ done: false, attempt: 0 });
    expect(reread.state('d#0')).toEqual({ done: false, attempt: 0 });
    expect(reread.state('e#0')).toMatchObject({ done: true, last: { outcome: 'unchanged' } });
  });

  it('ignores a last line torn by a crash, but not damage further up', () => {
    const path = fresh();
    writeFileSync(
      path,
      `${JSON.stringify(batch)}\n{"type":"row","line":2,"row":"a#0","attempt":0,"key":"k","outcome":"ok","status":200,"message":"ok","at":"x"}\n{"type":"row","li`,
    );
    expect(BulkJournal.read(path, 'permissions.grant').state('a#0').done).toBe(true);
    writeFileSync(
      path,
      `${JSON.stringify(batch)}\n{"type":"ro\n{"type":"row","line":2,"row":"a#0","attempt":0,"key":"k","outcome":"ok","status":200,"message":"ok","at":"x"}\n`,
    );
    expect(() => BulkJournal.read(path, 'permissions.grant')).toThrow(/damaged at line 2/);
  });

  it('belongs to one command', () => {
    const path = fresh();
    writeFileSync(path, `${JSON.stringify(batch)}\n`);
    expect(() => BulkJournal.read(path, 'admins.delete')).toThrow(/records a run of permissions.grant/);
  });

  it('keeps a second run off the file while the first is alive, and takes over a dead one’s lock', () => {
    const path = fresh();
    writeFileSync(`${path}.lock`, String(process.pid));
    expect(() => BulkJournal.read(path, 'permissions.grant').lock()).toThrow(/Another traction bulk run \(pid \d+\)/);
    writeFileSync(`${path}.lock`, '2147483646');
    const journal = BulkJournal.read(path, 'permissions.grant');
    journal.lock();
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe(String(process.pid));
    journal.close();
  });
});

describe('idempotencyKeyOf', () => {
  it('is the same for the same batch, command, row and attempt, and fits the server’s key format', () => {
    const key = idempotencyKeyOf('b'.repeat(64), 'permissions.grant', 'a#0', 0);
    expect(key).toBe(idempotencyKeyOf('b'.repeat(64), 'permissions.grant', 'a#0', 0));
    expect(key).toMatch(/^[A-Za-z0-9._:-]{8,200}$/);
    expect(
      new Set([
        key,
        idempotencyKeyOf('b'.repeat(64), 'permissions.grant', 'a#0', 1),
        idempotencyKeyOf('c'.repeat(64), 'permissions.grant', 'a#0', 0),
        idempotencyKeyOf('b'.repeat(64), 'permissions.grant', 'a#1', 0),
      ]).size,
    ).toBe(4);
  });
});
