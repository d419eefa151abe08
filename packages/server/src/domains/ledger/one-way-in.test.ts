import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = fileURLToPath(new URL('../../', import.meta.url));
const WRITES = [/\b(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*['"`]ledger_/, /\b(insert\s+into|update|delete\s+from|truncate)\s+ledger_/i];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('one way into the ledger', () => {
  it('no server code outside domains/ledger writes the ledger tables', () => {
    const writers = sources(SERVER_SRC)
      .map((path) => relative(SERVER_SRC, path))
      // The ledger's own code, and the test kit (which posts through the ledger's operations).
      .filter((path) => !path.startsWith('domains/ledger/') && !path.startsWith('test/'))
      .filter((path) => WRITES.some((pattern) => pattern.test(readFileSync(join(SERVER_SRC, path), 'utf8'))));
    expect(writers).toEqual([]);
  });

  it('recognises a write when it sees one', () => {
    const own = readFileSync(join(SERVER_SRC, 'domains/ledger/ledger.repository.ts'), 'utf8');
    expect(WRITES.some((pattern) => pattern.test(own))).toBe(true);
  });
});
