import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/** In Chromium, where the browser's own date field used to clear From at every key. */
describe.runIf(run)('typing dates into list filters', () => {
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

  const param = (key: string) => new URL(page.url()).searchParams.get(key);

  it('keeps 01/10/2026 as typed, then filters from the start of that Lagos day', async () => {
    await page.goto(`${context.server.url}/audit-log`);
    await page.locator('[data-list="audit.list"] [data-row-index="0"]').waitFor();
    const from = page.getByLabel('From', { exact: true });
    await from.click();
    let typed = '';
    for (const key of '01/10/2026') {
      await page.keyboard.type(key);
      typed += key;
      expect(await from.inputValue()).toBe(typed);
    }
    await expect.poll(() => page.getByText('Thu 1 Oct 2026').count()).toBe(1);
    expect(param('startdatetime')).toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(() => param('startdatetime')).toBe('2026-10-01');
    expect(await from.inputValue()).toBe('01/10/2026');
  });

  it('leaves a filter dropdown with Esc, so j works the rows again', async () => {
    await page.goto(`${context.server.url}/audit-log`);
    await page.locator('[data-list="audit.list"] [data-row-index="0"]').waitFor();
    const outcome = page.getByRole('combobox', { name: 'Outcome' });
    await outcome.focus();
    await page.keyboard.press('Escape');
    expect(await outcome.evaluate((element) => element === document.activeElement)).toBe(false);
    await page.keyboard.press('j');
    await expect.poll(() => page.locator('[data-row-index][data-active="true"]').getAttribute('data-row-index')).toBe('0');
    expect(param('outcome')).toBeNull();
  });
});
