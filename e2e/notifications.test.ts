import { PAGE_SIZE } from '@traction/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * Issue 19's notifications by keyboard: written on Create Notification with the app's view of it
 * drawn as it is typed, kept as a draft, previewed, published to the merchants of one state, and
 * withdrawn — each step read back on its page and in the merchants' inboxes.
 */
describe.runIf(run)('a notification from draft to withdrawn by keyboard', () => {
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

  it('is written, previewed, published to Lagos and withdrawn', async () => {
    const db = context.server.deps.db;
    const lagos = await db.selectFrom('businesses').select('id').where('state_code', '=', 'LA').execute();
    expect(lagos.length).toBeGreaterThan(0);

    await page.goto(`${context.server.url}/notifications`);
    await page.locator('[data-page="list"][data-list="notifications.list"]').waitFor();
    // The demo's notifications are listed, the scheduled one among them.
    await expect.poll(() => page.locator('[data-row-index]').count()).toBeGreaterThanOrEqual(6);
    await page.keyboard.press('n');
    await page.waitForURL('**/notifications/create');
    const form = page.locator('[data-testid="command-form"][data-command="notifications.create"]');
    await form.waitFor();
    await expect.poll(() => form.locator('[name="title"]').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Market day in Lagos');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Cash-out fees are halved at every Lagos market this Saturday.');
    // The app's view follows the typing.
    const phone = form.getByTestId('notification-phone');
    await expect.poll(() => phone.textContent()).toContain('Market day in Lagos');
    await form.locator('[name="audience"]').selectOption('STATE');
    // Only the field the audience needs is asked for, its states by name.
    expect(await form.locator('[name="audienceCategory"]').count()).toBe(0);
    expect(await form.locator('[name="audienceState"] option[value="LA"]').textContent()).toBe('Lagos');
    await form.locator('[name="audienceState"]').selectOption('LA');
    await form.locator('[name="audienceState"]').focus();
    await page.keyboard.press('Control+Enter');

    await page.waitForURL(/\/notifications\/preview\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.locator(`[data-page="notification"][data-notification-id="${id}"][data-status="DRAFT"]`).waitFor();
    expect(await page.getByTestId('notification-facts').textContent()).toContain(`${lagos.length} merchant`);
    await page
      .getByTestId('notification-phone')
      .getByRole('button', { name: /Market day in Lagos/ })
      .click();
    expect(await page.getByTestId('notification-phone').textContent()).toContain('Cash-out fees are halved');

    // p publishes: the time left empty is now; the confirmation is one Enter.
    await page.keyboard.press('p');
    const publish = page.locator('[data-testid="command-form"][data-command="notifications.publish"]');
    await publish.waitFor();
    await page.keyboard.press('Control+Enter');
    await publish
      .getByRole('button', { name: /Publish/ })
      .last()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('command-result').waitFor();
    await page.keyboard.press('Escape');
    await page.locator(`[data-page="notification"][data-notification-id="${id}"][data-status="PUBLISHED"]`).waitFor();
    const inboxes = await db.selectFrom('notification_recipients').select('business_id').where('notification_id', '=', id).execute();
    expect(inboxes.map((row) => row.business_id).sort()).toEqual(lagos.map((row) => row.id).sort());
    // The section lists the first page by merchant ID and says so; the CSV has them all.
    const firstPage = Math.min(lagos.length, PAGE_SIZE);
    await expect.poll(() => page.locator('[data-section="recipients"] tbody tr').count()).toBe(firstPage);
    if (lagos.length > firstPage) {
      expect(await page.getByTestId('recipients-shown').textContent()).toMatch(
        new RegExp(`The first ${firstPage} of ${lagos.length.toLocaleString('en-NG')} `),
      );
    }

    // Published: e no longer edits it; w withdraws it with a reason.
    expect(await page.locator('[aria-keyshortcuts="e"]').count()).toBe(0);
    await page.keyboard.press('w');
    const withdraw = page.locator('[data-testid="command-form"][data-command="notifications.withdraw"]');
    await withdraw.waitFor();
    await page.keyboard.type('Wrong Saturday: the markets are closed');
    await page.keyboard.press('Control+Enter');
    await withdraw
      .getByRole('button', { name: /Withdraw/ })
      .last()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('command-result').waitFor();
    await page.keyboard.press('Escape');
    await page.locator(`[data-page="notification"][data-notification-id="${id}"][data-status="WITHDRAWN"]`).waitFor();
    const log = await page.locator('[data-section="changes"]').textContent();
    expect(log).toContain('Published → Withdrawn');
    expect(log).toContain('Wrong Saturday');
  });
});
