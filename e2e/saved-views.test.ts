import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

describe.runIf(run)('saved views', () => {
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

  const url = () => new URL(page.url());
  const sidebar = () => page.getByRole('navigation', { name: 'Main' }).first();

  it('saves a list’s filters by keyboard and opens them again from the palette and the sidebar', async () => {
    await page.goto(`${context.server.url}/admin?role=super_admin`);
    await page.locator('[data-list="admins.list"] [data-row-index="0"]').waitFor();

    await page.keyboard.press('Shift+Slash');
    const help = page.getByTestId('shortcut-help');
    await help.waitFor();
    expect(await help.textContent()).toContain('Save these filters as a view');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);

    await page.keyboard.press('s');
    const dialog = page.getByTestId('save-view-dialog');
    await dialog.waitFor();
    await page.keyboard.type('Super admins');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await sidebar().getByRole('link', { name: 'Super admins (All Admins)' }).waitFor();

    await page.goto(`${context.server.url}/overview`);
    await sidebar().getByRole('link', { name: 'Super admins (All Admins)' }).waitFor();
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type('view super admins');
    await page.locator('[data-entry-key^="view:"]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin?role=super_admin');
    expect(await page.getByRole('combobox', { name: 'Role' }).inputValue()).toBe('super_admin');

    await page.goto(`${context.server.url}/audit-log`);
    await sidebar().getByRole('link', { name: 'Super admins (All Admins)' }).click();
    await page.waitForURL('**/admin?role=super_admin');
    expect(url().searchParams.get('role')).toBe('super_admin');
  });
});
