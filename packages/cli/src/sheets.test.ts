import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  server = await startTestServer({ merchants: 10, terminals: 0 });
  user = cliUser(server.url);
  await signIn(user, server);
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

const HEADER = 'Serial No,TID,Merchant ID,Merchant Name,State,Address,Status';

describe('traction sheets', () => {
  it('uploads two versions of the terminal mastersheet and reads their differences', async () => {
    const first = join(user.configDir, 'mastersheet-1.csv');
    const second = join(user.configDir, 'mastersheet-2.csv');
    writeFileSync(first, [HEADER, 'CLI-1,2CLI0001,,Ada Stores,Lagos,12 Allen Avenue,Deployed', 'CLI-2,2CLI0002,,Bola,Oyo,3 Ring Road,Deployed'].join('\n'));
    writeFileSync(second, [HEADER, 'CLI-1,2CLI0001,,Ada Stores,Lagos,14 Allen Avenue,Deployed', 'CLI-3,2CLI0003,,Chika,Enugu,4 Ogui Road,Deployed'].join('\n'));
    const one = await user.run([
      'sheets',
      'upload',
      '--source',
      'terminal-mastersheet',
      '--input-version',
      '1',
      '--tag',
      'October',
      '--input-file',
      first,
      '--json',
    ]);
    expect(one.code, one.stderr).toBe(EXIT.ok);
    expect(JSON.parse(one.stdout)).toMatchObject({ version: { version: 1, tag: 'October', rowCount: 2 } });
    const taken = await user.run(['sheets', 'upload', '--source', 'terminal-mastersheet', '--input-version', '1', '--input-file', second]);
    expect(taken.code).not.toBe(EXIT.ok);
    expect(taken.stderr).toContain('version 1 is already taken');
    // After the command, --version is the sheet's version (not the CLI's, which would exit 0 having uploaded nothing).
    const two = await user.run(['sheets', 'upload', '--source', 'terminal-mastersheet', '--version', '2', '--input-file', second, '--json']);
    expect(two.code, two.stderr).toBe(EXIT.ok);
    const compared = await user.run(['sheets', 'compare', '--source', 'terminal-mastersheet', '--from', '1', '--to', '2', '--json']);
    expect(compared.code, compared.stderr).toBe(EXIT.ok);
    const answer = JSON.parse(compared.stdout) as {
      added: { key: string }[];
      removed: { key: string }[];
      changed: { key: string; changedColumns: string[] }[];
    };
    expect(answer.added.map((row) => row.key)).toEqual(['2CLI0003']);
    expect(answer.removed.map((row) => row.key)).toEqual(['2CLI0002']);
    expect(answer.changed.map((row) => [row.key, row.changedColumns])).toEqual([['2CLI0001', ['address']]]);
  });
});
