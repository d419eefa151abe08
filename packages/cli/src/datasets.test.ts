import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  // The demo merchants' app data (stores, products, orders, invoices, 5,000 sales over 90 days) comes with them.
  server = await startTestServer({ merchants: 60 });
  user = cliUser(server.url);
  await signIn(user, server);
}, 240_000);
afterAll(async () => {
  user?.remove();
  await server?.close();
});

/** A Lagos calendar day `days` from today, as `--from` and `--to` take it. */
const lagosDay = (days = 0) => new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('traction export sales', () => {
  it('writes the sales of a range of days as CSV', async () => {
    const out = join(user.configDir, 'sales.csv');
    const run = await user.run(['export', 'sales', '--payment-method', 'CARD', '--from', lagosDay(-14), '--to', lagosDay(), '--out', out]);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const lines = readFileSync(out, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Sale #,Sold,Merchant,Product,Qty,Paid by,Amount,State');
    expect(lines.length).toBeGreaterThan(10);
    // Lagos is UTC+1: the range starts at 23:00 UTC the day before.
    const from = new Date(`${lagosDay(-14)}T00:00:00.000+01:00`).getTime();
    for (const line of lines.slice(1)) {
      const sold = /,(\d{4}-\d\d-\d\dT[^,]+Z),/.exec(line)?.[1];
      expect(new Date(sold!).getTime()).toBeGreaterThanOrEqual(from);
      expect(line).toContain(',CARD,');
    }
  }, 60_000);

  it('refuses a range of more than 366 days, naming the flag’s field', async () => {
    const refused = await user.run(['export', 'sales', '--from', '2024-01-01', '--to', '2025-06-30', '--out', join(user.configDir, 'too-long.csv')]);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr).toContain('366 days');
  });

  it('is one of the lists traction export knows', async () => {
    const help = await user.run(['export', '--help']);
    for (const name of ['app-users', 'app-businesses', 'sales', 'invoices', 'orders', 'online-stores', 'products']) {
      expect(help.stdout + help.stderr).toContain(name);
    }
  });
});
