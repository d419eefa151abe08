import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  server = await startTestServer({ merchants: 30, terminals: 0 });
  user = cliUser(server.url);
  await signIn(user, server);
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

describe('traction terminals upload-stock', () => {
  it('lists every bad row of an XLSX with --check and saves nothing, then saves the good rows with --skip-bad-rows', async () => {
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['serial_no', 'terminal_id', 'model', 'bank_code'],
        ['CLI-UP-1', '2CLU0001', 'A920', '058'],
        ['CLI-UP-1', '2CLU0002', 'A920', '058'],
        ['CLI-UP-3', '2CLU0003', 'Z9', '058'],
        ['CLI-UP-4', '2CLU0004', 'A930', '044'],
      ]),
      'Stock',
    );
    const file = join(user.configDir, 'delivery.xlsx');
    writeFileSync(file, new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));

    const checked = await user.run(['terminals', 'upload-stock', '--input-file', file, '--check', '--json']);
    expect(checked.code, checked.stderr).toBe(EXIT.ok);
    const answer = JSON.parse(checked.stdout) as { good: number; problems: { row: number; field: string }[] };
    expect(answer.good).toBe(2);
    expect(answer.problems.map((problem) => `${problem.row} ${problem.field}`)).toEqual(['2 serial_no', '3 model']);

    const refused = await user.run(['terminals', 'upload-stock', '--input-file', file]);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr).toContain('2 rows are bad: nothing was saved');
    expect(refused.stderr).toContain('row 2, serial_no: appears again in the file (first at row 1)');
    expect(refused.stderr).toContain('row 3, model: is not a model Accelerex makes (A920, A930)');

    const saved = await user.run(['terminals', 'upload-stock', '--input-file', file, '--skip-bad-rows', '--json']);
    expect(saved.code, saved.stderr).toBe(EXIT.ok);
    expect(JSON.parse(saved.stdout)).toMatchObject({ good: 2, upload: { saved: 2, skipped: 2 } });
  });
});

describe('traction terminal-requests', () => {
  it('raises a request, approves it and assigns a terminal by its TID, reading the change back', async () => {
    const db = server.server.deps.db;
    const merchant = await db.selectFrom('businesses').select('id').where('is_fraud', '=', false).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const raised = await user.run([
      'terminal-requests',
      'add',
      '--source',
      'TELESALES',
      '--business-id',
      String(merchant.id),
      '--contact-name',
      'Ada Obi',
      '--contact-phone',
      '08031234567',
      '--delivery-address',
      '12 Allen Avenue, Ikeja',
      '--state-code',
      'LA',
      '--quantity',
      '1',
      '--plan',
      'RENTAL',
      '--json',
    ]);
    expect(raised.code, raised.stderr).toBe(EXIT.ok);
    const request = JSON.parse(raised.stdout) as { id: number; status: string };
    expect(request.status).toBe('REQUESTED');
    const id = String(request.id);
    const approved = await user.run(['terminal-requests', 'decide', '--request-id', id, '--decision', 'APPROVED', '--json']);
    expect(approved.code, approved.stderr).toBe(EXIT.ok);
    const skipping = await user.run(['terminal-requests', 'update', '--request-id', id, '--status', 'DISPATCHED', '--yes']);
    expect(skipping.code).not.toBe(EXIT.ok);
    expect(skipping.stderr).toContain('is approved: it can become paid');
    expect((await user.run(['terminal-requests', 'update', '--request-id', id, '--status', 'PAID', '--yes'])).code).toBe(EXIT.ok);
    const assigned = await user.run([
      'terminal-requests',
      'update',
      '--request-id',
      id,
      '--status',
      'ASSIGNED',
      '--terminal-ids',
      '2CLU0001',
      '--yes',
      '--json',
    ]);
    expect(assigned.code, assigned.stderr).toBe(EXIT.ok);
    const shown = await user.run(['terminal-requests', 'get', '--id', id, '--json']);
    const full = JSON.parse(shown.stdout) as { terminals: { terminalId: string; state: string }[]; events: { toStatus: string }[] };
    expect(full.terminals).toEqual([expect.objectContaining({ terminalId: '2CLU0001', state: 'ASSIGNED' })]);
    expect(full.events.map((event) => event.toStatus)).toEqual(['ASSIGNED', 'PAID', 'APPROVED', 'REQUESTED']);
    const listed = await user.run(['terminal-requests', 'list', '--status', 'ASSIGNED', '--json']);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: number }).id),
    ).toEqual([request.id]);
  });
});
