import { lagosDate } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;
const db = () => server.server.deps.db;
let group = 0;

beforeAll(async () => {
  server = await startTestServer({ merchants: 200, payments: 1_500 });
  user = cliUser(server.url);
  await signIn(user, server);
  const yesterday = lagosDate(new Date(Date.now() - 86_400_000));
  const { rows } = await sql<{ id: string }>`select id::text from settlement_groups where settlement_date = ${yesterday}::date and not aggregator`.execute(
    db(),
  );
  group = Number(rows[0]!.id);
});
afterAll(async () => {
  user?.remove();
  await server?.close();
});

describe('traction settlements', () => {
  it('previews settling a group to wallets with --dry-run, moving nothing, then settles it', async () => {
    const ready = await sql<{
      n: number;
    }>`select count(*)::int n from settlement_cumulations where group_id = ${group} and status in ('OPEN', 'PENDING')`.execute(db());
    const preview = await user.run(['settlements', 'settle', '--group', String(group), '--action', 'actual-settle', '--settle-alls', '--dry-run']);
    expect(preview.code, preview.stderr).toBe(EXIT.ok);
    expect(preview.stdout).toMatch(/STL-\d+/);
    expect(preview.stdout).toContain('Settlement clearing');
    const still = await sql<{ n: number }>`select count(*)::int n from settlement_cumulations where group_id = ${group} and status = 'SETTLED'`.execute(db());
    expect(still.rows[0]!.n).toBe(0);

    const done = await user.run(['settlements', 'settle', '--group', String(group), '--action', 'actual-settle', '--settle-alls', '--yes', '--json']);
    expect(done.code, done.stderr).toBe(EXIT.ok);
    const outcome = JSON.parse(done.stdout) as { outcome: string; cumulations: unknown[] };
    // Below the policy's amount it settles now; above it, it waits for a second admin.
    expect(['SETTLED', 'AWAITING_APPROVAL']).toContain(outcome.outcome);
    expect(outcome.cumulations).toHaveLength(ready.rows[0]!.n);
    const again = await user.run(['settlements', 'settle', '--group', String(group), '--action', 'actual-settle', '--settle-alls', '--yes']);
    expect(again.code).not.toBe(EXIT.ok);
  });

  it('lists groups and exports them for cron', async () => {
    const listed = await user.run(['settlements', 'groups', '--status', 'PENDING', '--json']);
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    const exported = await user.run(['export', 'settlements-groups', '--from', '7d', '--to', 'today', '--out', '-']);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    expect(exported.stdout.split('\n')[0]).toBe('Day,Kind,Status,Merchants,Payments,Gross,Charges,Net,Ready,Awaiting approval,Settled,Settled manually');
  });
});
