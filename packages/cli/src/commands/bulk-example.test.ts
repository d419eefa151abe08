import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registry, type AnyCommand } from '@traction/core';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes';
import { inputFields } from '../flags/input-fields';
import { cliUser } from '../test/harness';
import { bulkCapable } from './bulk-commands';

// No server: a dry run reads and checks every row and sends nothing.
const user = cliUser('http://127.0.0.1:9');
afterAll(() => user.remove());

const bulkCommands = (registry as readonly AnyCommand[]).filter(bulkCapable).map((command) => [command.id, command] as const);

describe("a bulk command's help", () => {
  it('covers the commands a person would run from a file', () => {
    expect(bulkCommands.map(([id]) => id)).toEqual(expect.arrayContaining(['fraud.update', 'fixed-accounts.blacklist.toggle', 'kyc.status.update']));
  });

  it.each(bulkCommands)('%s: shows an example file that the same command accepts, row by row', async (id, command) => {
    const help = await user.run(['bulk', command.group, command.action, '--help']);
    expect(help.code).toBe(EXIT.ok);
    const lines = /Example file \(rows\.csv\):\n((?: {2}.*\n)+)/.exec(help.stdout)?.[1]?.trimEnd().split('\n');
    expect(lines, help.stdout).toBeDefined();
    expect(lines).toHaveLength(3);

    const file = join(user.configDir, `${id}.csv`);
    writeFileSync(file, `${lines!.map((line) => line.slice(2)).join('\n')}\n`);
    // Files a row names (an upload's document) exist beside the CSV, as they would for a real run.
    const fileFields = inputFields(command).filter((field) => field.type === 'file' || field.itemType === 'file');
    const [header, ...rows] = lines!.map((line) => line.slice(2).split(','));
    for (const field of fileFields) {
      const column = header!.indexOf(field.name);
      for (const row of rows) if (column >= 0) writeFileSync(join(user.configDir, row[column]!), 'scanned document');
    }

    const dryRun = await user.run(['bulk', command.group, command.action, '--file', file, '--dry-run']);
    if (command.danger === 'money') {
      // Every row passed the local checks; the totals of a money file come from the server's previews, which need a session.
      expect(dryRun.stderr).toMatch(/sign in|signed in|traction login/i);
      expect(dryRun.code).toBe(EXIT.notSignedIn);
      return;
    }
    expect(dryRun.stderr).toBe('');
    expect(dryRun.code).toBe(EXIT.ok);
    expect(dryRun.stdout).toContain('2 valid rows; 2 would be sent');
  });

  it('writes booleans as true and false, reasons as sentences and account numbers as NUBANs', async () => {
    const help = await user.run(['bulk', 'fixed-accounts', 'blacklist', '--help']);
    const [header, first, second] = /Example file \(rows\.csv\):\n((?: {2}.*\n)+)/
      .exec(help.stdout)![1]!
      .trim()
      .split('\n')
      .map((line) => line.trim().split(','));
    expect(header).toEqual(['accountNumber', 'blacklist', 'reason']);
    expect([first![1], second![1]]).toEqual(['true', 'false']);
    for (const row of [first!, second!]) {
      expect(row[0]).toMatch(/^\d{10}$/);
      expect(row[2]).toMatch(/^[A-Z][a-z]+( [\w-]+){2,}$/);
    }
  });
});
