import type { Browser, Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * A payments desk by keyboard: the route failures of a day in Payment Logs from a shared link,
 * a row opened with j and Enter, its POS slip found from the payment and printed alone.
 */
describe.runIf(run)('payment logs by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;

  beforeAll(async () => {
    context = await startConsoleServer();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  it('lists a shared filter’s failed card payments, opens one and prints its slip alone', async () => {
    const db = context.server.deps.db;
    const { rows } = await sql<{ n: number }>`select count(*)::int n from payment_logs where status = 'FAILED' and channel = 'card'`.execute(db);
    expect(rows[0]!.n).toBeGreaterThan(0);
    await page.goto(`${context.server.url}/payments-logs?status=FAILED&channel=card`);
    const list = page.locator('[data-list="payments.list"]');
    await list.locator('[data-row-index="0"]').waitFor();
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe(String(rows[0]!.n));
    expect(await list.locator('[data-row-index="0"]').textContent()).toContain('Failed');

    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payments-logs\/\d+$/);
    const detail = page.locator('[data-page="payment-log"]');
    await detail.waitFor();
    expect(await detail.getAttribute('data-status')).toBe('FAILED');
    const id = Number(await detail.getAttribute('data-payment'));
    const { rows: payment } = await sql<{ rrn: string; response_code: string }>`select rrn, response_code from payment_logs where id = ${id}`.execute(db);
    expect(await page.locator('[data-section="answer"]').textContent()).toContain(payment[0]!.rrn);

    await page.getByRole('link', { name: 'Receipt' }).click();
    await page.waitForURL('**/pos-terminal-receipt?**');
    const slip = page.locator(`[data-receipt="${id}"]`);
    await slip.waitFor();
    expect(await slip.getAttribute('data-approved')).toBe('false');
    const text = await slip.textContent();
    expect(text).toContain('DECLINED');
    expect(text).toContain(payment[0]!.rrn);
    expect(text).toContain(payment[0]!.response_code);

    // On paper only the slip: the sidebar and the search form are hidden.
    await page.emulateMedia({ media: 'print' });
    expect(await slip.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Find receipt' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Payment Logs' }).first().isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });
});
