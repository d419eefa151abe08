import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;
const db = () => server.server.deps.db;

beforeAll(async () => {
  server = await startTestServer({ merchants: 200, payments: 2_000 });
  user = cliUser(server.url);
  await signIn(user, server);
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

describe('traction payment-logs and export payment-logs', () => {
  it('exports a range of payment logs for cron, with --from and --to and the list’s filters', async () => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int n from payment_logs where status = 'FAILED' and created_at >= now() - interval '7 days'`.execute(db());
    const help = await user.run(['export', '--help']);
    expect(help.stdout).toMatch(/Lists:.*\bpayment-logs\b/s);
    const result = await user.run(['export', 'payment-logs', '--from', '6d', '--to', 'today', '--status', 'FAILED', '--out', 'failed.csv']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    const lines = readFileSync(join(user.configDir, 'failed.csv'), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Time,Reference,Merchant,Terminal,Channel,Scheme,Card,Payer,Amount,Charge,Net,Band,Route,Bank,Code,Response,RRN,STAN,Status,Settlement',
    );
    // "6d" is the start of the day six days ago: at most the last seven days' failures.
    expect(lines.length - 1).toBeGreaterThan(0);
    expect(lines.length - 1).toBeLessThanOrEqual(rows[0]!.n);
    expect(result.stdout).toContain(`${(lines.length - 1).toLocaleString('en')} rows written`);
    for (const line of lines.slice(1)) expect(line).toContain(',FAILED,NOT_SETTLEABLE');
  });

  it('lists, shows one payment and finds its slip', async () => {
    const listed = await user.run(['payment-logs', 'list', '--channel', 'card', '--limit', '1', '--json']);
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    const payment = JSON.parse(listed.stdout.trim()) as { id: number; rrn: string; terminalId: string };
    const shown = await user.run(['payment-logs', 'get', '--id', String(payment.id), '--json']);
    expect(shown.code, shown.stderr).toBe(EXIT.ok);
    expect(JSON.parse(shown.stdout)).toMatchObject({ payment: { id: payment.id, rrn: payment.rrn } });
    const slip = await user.run(['payment-logs', 'receipt', '--terminal-id', payment.terminalId, '--rrn', payment.rrn, '--json']);
    expect(slip.code, slip.stderr).toBe(EXIT.ok);
    expect(JSON.parse(slip.stdout)).toMatchObject({ receipts: [{ paymentId: payment.id, rrn: payment.rrn }] });
    const refused = await user.run(['payment-logs', 'list', '--from', '2026-11-20', '--to', '2026-11-19']);
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.stderr).toContain('--to');
  });
});
