import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  server = await startTestServer({ merchants: 120, payments: 1_500, terminals: 400 });
  user = cliUser(server.url);
  await signIn(user, server);
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

describe('traction terminals', () => {
  it('adds a terminal, refuses a move its state does not allow, moves it, and reads the move back in its history', async () => {
    const added = await user.run([
      'terminals',
      'add',
      '--serial-no',
      'cli-pax-0001',
      '--terminal-id',
      '2CLI0001',
      '--provider',
      'PAX',
      '--model',
      'S90',
      '--bank-code',
      '058',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(EXIT.ok);
    const terminal = JSON.parse(added.stdout) as { id: number; serialNo: string; state: string };
    expect(terminal).toMatchObject({ serialNo: 'CLI-PAX-0001', state: 'IN_STOCK' });

    const refused = await user.run(['terminals', 'move', '--id', String(terminal.id), '--state', 'DEPLOYED', '--note', 'Straight out', '--yes']);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr).toContain('in stock');

    const moved = await user.run(['terminals', 'move', '--id', String(terminal.id), '--state', 'FAULTY', '--note', 'Dead battery', '--yes', '--json']);
    expect(moved.code, moved.stderr).toBe(EXIT.ok);
    expect(JSON.parse(moved.stdout)).toMatchObject({ state: 'FAULTY' });

    const history = await user.run(['terminals', 'history', '--id', String(terminal.id), '--json']);
    expect(history.code, history.stderr).toBe(EXIT.ok);
    // Lists print one JSON object per line, newest first.
    const events = history.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { summary: string; note: string | null });
    expect(events[0]).toMatchObject({ summary: 'In stock → Faulty', note: 'Dead battery' });
  });

  it('exports the fleet for cron, filtered by state', async () => {
    const exported = await user.run(['export', 'terminals', '--state', 'DEPLOYED', '--out', '-']);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const lines = exported.stdout.trim().split('\n');
    expect(lines[0]).toBe('Serial number,Terminal ID,Provider,Model,State,Merchant,Store,Site,Location,Acquiring bank,Updated');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines.slice(1)) expect(line).toContain(',DEPLOYED,');
  });
});

describe('traction terminals unmap', () => {
  it('refuses to unmap a terminal with payments not yet settled, naming them, unless told to, and unmaps a file of terminals in bulk', async () => {
    const db = server.server.deps.db;
    const { rows } = await sql<{ terminal_id: string; serial_no: string }>`
      select t.terminal_id, t.serial_no from terminals t
      where t.state = 'DEPLOYED' and exists (
        select 1 from payment_logs p join settlement_cumulations c on c.id = p.cumulation_id
        where p.terminal_id = t.terminal_id and p.status = 'SUCCESSFUL' and c.status in ('OPEN', 'PENDING'))
      order by t.id limit 1`.execute(db);
    const busy = rows[0]!;
    const refused = await user.run([
      'terminals',
      'unmap',
      '--terminal-id',
      busy.terminal_id,
      '--serial-no',
      busy.serial_no,
      '--reason',
      'Shop closed',
      '--yes',
    ]);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr).toMatch(/not yet settled, in cumulations? #\d+/);
    const done = await user.run([
      'terminals',
      'unmap',
      '--terminal-id',
      busy.terminal_id,
      '--serial-no',
      busy.serial_no,
      '--reason',
      'Shop closed',
      '--acknowledge-unsettled',
      '--yes',
      '--json',
    ]);
    expect(done.code, done.stderr).toBe(EXIT.ok);
    expect(JSON.parse(done.stdout)).toMatchObject({ state: 'RETRIEVED', businessId: null });

    const quiet = await sql<{ terminal_id: string; serial_no: string }>`
      select t.terminal_id, t.serial_no from terminals t
      where t.state = 'ASSIGNED' and not exists (select 1 from payment_logs p where p.terminal_id = t.terminal_id)
      order by t.id limit 3`.execute(db);
    expect(quiet.rows).toHaveLength(3);
    const file = join(user.configDir, 'unmap.csv');
    writeFileSync(
      file,
      `terminal_id,serial_no,reason\n${quiet.rows.map((row) => `${row.terminal_id},${row.serial_no},Returned to the warehouse`).join('\n')}\n`,
    );
    const bulk = await user.run(['bulk', 'terminals', 'unmap', '--file', file, '--yes']);
    expect(bulk.code, bulk.stderr).toBe(EXIT.ok);
    expect(bulk.stdout + bulk.stderr).toContain('3 ok');
    const back = await db
      .selectFrom('terminals')
      .select('state')
      .where(
        'terminal_id',
        'in',
        quiet.rows.map((row) => row.terminal_id),
      )
      .execute();
    expect(back.map((row) => row.state)).toEqual(['IN_STOCK', 'IN_STOCK', 'IN_STOCK']);
  });
});
