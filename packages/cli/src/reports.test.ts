import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;
const dir = mkdtempSync(join(tmpdir(), 'traction-reports-'));

beforeAll(async () => {
  server = await startTestServer({ merchants: 40, payments: 400 });
  user = cliUser(server.url);
  await signIn(user, server);
}, 240_000);
afterAll(async () => {
  user?.remove();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const lines = (stdout: string) => stdout.trim().split('\n').filter(Boolean);

describe('traction reports', () => {
  it('exports a report as CSV with the same numbers the command shows', async () => {
    const shown = await user.run(['reports', 'payments', '--by', 'state', '--json']);
    expect(shown.code, shown.stderr).toBe(EXIT.ok);
    const rows = lines(shown.stdout).map((line) => JSON.parse(line) as { bucket: string; payments: number; successfulValue: number });
    expect(rows.length).toBeGreaterThan(0);

    const out = join(dir, 'payments-by-state.csv');
    const exported = await user.run(['export', 'reports-payments', '--by', 'state', '--out', out]);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const csv = lines(readFileSync(out, 'utf8'));
    expect(csv[0]).toBe('"Day, state or category",Payments,Successful,Successful value');
    expect(csv).toHaveLength(rows.length + 1);
    const first = rows[0]!;
    expect(csv[1]).toMatch(new RegExp(`^${first.bucket},${first.payments},\\d+,-?\\d+\\.\\d{2}$`));
  }, 60_000);

  it('summarises the last days, and names days when it is out of range', async () => {
    const summary = await user.run(['reports', 'business', '--days', '7', '--json']);
    expect(summary.code, summary.stderr).toBe(EXIT.ok);
    expect(JSON.parse(summary.stdout)).toMatchObject({ days: 7 });
    const refused = await user.run(['reports', 'business', '--days', '400']);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr).toContain('days');
  });
});
