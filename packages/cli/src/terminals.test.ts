import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  server = await startTestServer({ merchants: 60, terminals: 250 });
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
    expect(lines[0]).toBe('Serial number,Terminal ID,Provider,Model,State,Merchant,Store,Location,Acquiring bank,Updated');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines.slice(1)) expect(line).toContain(',DEPLOYED,');
  });
});
