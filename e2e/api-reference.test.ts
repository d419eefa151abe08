import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/** What a page did that it should not have: CSP violations, uncaught errors, console errors, requests elsewhere. */
interface Trouble {
  violations: string[];
  errors: string[];
  foreignRequests: string[];
}

/**
 * Records a page's trouble from its first byte. The violation listener is added by the browser
 * driver before the page's own scripts, outside the page's CSP (it is not an inline script of ours).
 */
async function watch(page: Page, origin: string): Promise<Trouble> {
  const trouble: Trouble = { violations: [], errors: [], foreignRequests: [] };
  await page.exposeFunction('reportCspViolation', (violation: string) => trouble.violations.push(violation));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => report(`${event.effectiveDirective} blocked ${event.blockedURI}`));
  });
  page.on('pageerror', (error) => trouble.errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.errors.push(`console error: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('blob:') && !url.startsWith('data:')) trouble.foreignRequests.push(url);
  });
  return trouble;
}

describe.runIf(run)('the API reference at /docs', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let tabs: BrowserContext;
  const shots = process.env.E2E_SCREENSHOTS;

  beforeAll(async () => {
    context = await startConsoleServer();
    browser = await launchBrowser();
    tabs = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  it('renders every operation with its permission, under the CSP, and finds one by keyboard search', async () => {
    const page = await tabs.newPage();
    const trouble = await watch(page, context.server.url);
    await page.goto(`${context.server.url}/docs`);

    // Rendered: the sidebar's groups, as the document tags them, and the operations.
    const fraudUpdate = page.locator('[data-section-id="tag/fraud/operation/fraud.update"]');
    await fraudUpdate.waitFor({ timeout: 20_000 });
    const menu = page.locator('.menu-content');
    for (const tag of ['Admins', 'Merchants', 'Fraud', 'Business logs']) await menu.getByRole('menuitem', { name: tag, exact: true }).waitFor();
    expect(await fraudUpdate.textContent()).toContain('Mark or clear fraud on a business');
    expect(await fraudUpdate.textContent()).toContain('Permission: fraud.manage · Danger: confirm');
    const adminList = page.locator('[data-section-id="tag/admins/operation/admins.list"]');
    expect(await adminList.textContent()).toContain('Permission: admins.view · Danger: none');
    if (shots) await page.screenshot({ path: `${shots}/api-reference.png` });
    // Checked here too, so that a blocked search worker fails as a violation, not as "no results".
    expect(trouble).toEqual({ violations: [], errors: [], foreignRequests: [] });

    // Search, by keyboard: Tab to the box, type, step onto the first result, Enter goes to it.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search');
    await page.keyboard.type('fraud status');
    const results = page.locator('[data-role="search:results"] [role="menuitem"]');
    await expect.poll(() => results.allTextContents()).toContainEqual(expect.stringContaining('Mark or clear fraud on a business'));
    const index = (await results.allTextContents()).findIndex((text) => text.includes('Mark or clear fraud on a business'));
    for (let step = 0; step <= index; step++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe('#tag/fraud/operation/fraud.update');

    expect(trouble).toEqual({ violations: [], errors: [], foreignRequests: [] });
    await page.close();
  });

  it('is linked from the ? help, one Tab away, and opens in a new tab', async () => {
    const page = await tabs.newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
    await page.keyboard.press('Shift+Slash');
    await page.getByTestId('shortcut-help').waitFor();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => ({ text: document.activeElement?.textContent, href: document.activeElement?.getAttribute('href') }));
    await expect.poll(focused).toEqual({ text: 'API reference (opens in a new tab)', href: '/docs' });

    const opened = tabs.waitForEvent('page');
    await page.keyboard.press('Enter');
    const reference = await opened;
    await reference.waitForURL('**/docs');
    await reference.locator('[data-section-id="tag/admins/operation/admins.list"]').waitFor({ timeout: 20_000 });
    // The console stays where it was.
    expect(new URL(page.url()).pathname).not.toBe('/docs');
    await reference.close();
    await page.close();
  });
});
