import { lagosDate } from '@traction/core';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * An incident found by keyboard: the palette to Failing routes, the worst window of a route that
 * failed for two hours yesterday with its dominant code, and its failed payments one Enter away.
 */
describe.runIf(run)('transaction monitoring by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;
  const yesterday = lagosDate(new Date(Date.now() - 86_400_000));

  beforeAll(async () => {
    context = await startConsoleServer();
    // Yesterday from 11:00 to 13:00 Lagos time, NIBSS PTSA answered 91 (issuer or switch inoperative) to most cards.
    await sql`
      insert into payment_logs (business_id, terminal_id, channel, card_scheme, masked_pan, amount, charge, pricing_band_id, route, bank_code, response_code, status, rrn, stan, reference, cumulation_id, created_at)
      select p.business_id, p.terminal_id, 'card', 'verve', '506099******0001', 250000, 0, p.pricing_band_id, 'nibss-ptsa', '058', case when g % 5 = 0 then '96' else '91' end, 'FAILED',
        lpad((800000000000 + g)::text, 12, '0'), '000001', 'INCIDENT' || g, null, ${`${yesterday}T11:00:00+01:00`}::timestamptz + g * interval '60 seconds'
      from generate_series(0, 119) g, (select business_id, terminal_id, pricing_band_id from payment_logs where terminal_id is not null limit 1) p`.execute(
      context.server.deps.db,
    );
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  it('finds the failing route and its dominant code, and opens its failed payments', async () => {
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type('failing routes');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/view-transaction-monitoring-by-failed-routes**');
    const window = page.locator(`[data-route="nibss-ptsa"][data-window="${new Date(`${yesterday}T11:00:00+01:00`).toISOString()}"]`);
    await window.waitFor();
    expect(await window.locator('[data-top-code]').getAttribute('data-top-code')).toBe('91');
    expect(await window.textContent()).toContain('Issuer or switch inoperative');

    // The route stands out on the portal too, in words as well as colour.
    await page.goto(`${context.server.url}/transaction-monitoring-portal?startDate=${yesterday}&endDate=${yesterday}`);
    const row = page.locator('[data-stats="nibss-ptsa"]');
    await row.waitFor();
    expect(await row.getAttribute('data-below')).toBe('true');
    expect(await row.textContent()).toContain('below 80%');
    await page.keyboard.press('t');
    await page.locator('[data-series-table]').waitFor();

    await page.goBack();
    await window.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/payments-logs?**');
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).not.toBe('0');
    const url = new URL(page.url());
    expect(url.searchParams.get('route')).toBe('nibss-ptsa');
    expect(url.searchParams.get('status')).toBe('FAILED');
  });
});
