import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * A deployed terminal found by its serial number from the palette, opened with Enter, retrieved
 * from its merchant with m, and the move read back at the top of its history.
 */
describe.runIf(run)('terminals by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;

  beforeAll(async () => {
    context = await startConsoleServer({ demoMerchants: 300 });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  it('finds a deployed terminal by serial number, retrieves it with m, and shows the move in its history', async () => {
    const db = context.server.deps.db;
    const deployed = await db
      .selectFrom('terminals as t')
      .innerJoin('businesses as b', 'b.id', 't.business_id')
      .select(['t.id', 't.serial_no', 'b.name'])
      .where('t.state', '=', 'DEPLOYED')
      .orderBy('t.id')
      .limit(1)
      .executeTakeFirstOrThrow();

    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type('all terminals');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/terminals');
    await page.locator('[data-list="terminals.list"] [data-row-index="0"]').waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-page-search'))).toBe(true);
    await page.keyboard.type(deployed.serial_no.toLowerCase());
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('1');
    // On to the table, past the filters, as a person tabbing.
    for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.matches('[role="grid"]') ?? false)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/terminals/${deployed.id}`);
    await page.locator(`[data-terminal-state="DEPLOYED"]`).waitFor();
    expect(await page.locator('[data-terminal-state]').textContent()).toContain(deployed.name);

    await page.keyboard.press('m');
    const form = page.locator('[data-testid="command-form"][data-command="terminals.move"]');
    await form.waitFor();
    await form.locator('select[name="state"]').selectOption('RETRIEVED');
    await form.locator('[name="note"]').focus();
    await page.keyboard.type('Merchant closed the shop');
    await page.keyboard.press('Control+Enter');
    await form.locator('[data-confirm-step]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('command-result').waitFor();
    await page.keyboard.press('Escape');

    await page.locator('[data-terminal-state="RETRIEVED"]').waitFor();
    await expect.poll(() => page.locator('[data-list="terminals.history"] [data-row-index="0"]').textContent()).toContain('Unmapped from its merchant');
    await expect.poll(() => page.locator('[data-list="terminals.history"] [data-row-index="1"]').textContent()).toContain('Deployed → Retrieved');
    const stored = await db.selectFrom('terminals').select(['state', 'business_id']).where('id', '=', deployed.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ state: 'RETRIEVED', business_id: null });
  });
});
