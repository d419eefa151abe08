import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, startConsoleServer } from './console-server';

const run = browserAvailable();

describe.runIf(run)('the first sign-in with a generated password', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  const shots = process.env.E2E_SCREENSHOTS;

  beforeAll(async () => {
    // As a first `npm start` without TRACTION_ADMIN_PASSWORD: the password is generated and printed once.
    context = await startConsoleServer({ generatedPassword: true, demoMerchants: 0 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  const mailedCode = () => context.email.latest(ROOT_EMAIL, 'device-code')!.data.code!;
  const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');

  /** Email, Tab, password, Enter: the way a person signs in without the mouse. */
  async function typeCredentials(page: Page, password: string, { open = true } = {}) {
    if (open) await page.goto(`${context.server.url}/login`);
    await page.getByLabel('Email').waitFor();
    expect(await focusedLabel(page)).toBe('Email');
    await page.keyboard.type(ROOT_EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
  }

  async function typeMailedCode(page: Page) {
    await page.getByLabel('4-character code').waitFor();
    await page.keyboard.type(mailedCode());
    await page.keyboard.press('Enter');
  }

  it('asks for a password of the admin’s own after the device code, signs in with it, and the generated one stops working', async () => {
    const generated = context.server.bootstrap.generatedPassword!;
    expect(generated).toBeTruthy();
    const chosen = 'a passphrase of my own choosing';
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

    await typeCredentials(page, generated);
    await typeMailedCode(page);

    const form = page.getByRole('form', { name: 'Choose your own password' });
    await form.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Choose your own password');
    expect(await page.locator('[data-login-notice]').textContent()).toContain('Choose your own password before you go on');
    expect(await focusedLabel(page)).toContain('New password');
    // No session until the password is changed.
    expect(await page.evaluate(() => localStorage.getItem('traction.token'))).toBeNull();

    // Too short: refused before anything is sent.
    await page.keyboard.type('too-short');
    await page.keyboard.press('Enter');
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('must be at least 12 characters');

    // The server's own rule, shown under the field: it contains the email's name. The refused
    // field has the focus with its text selected, so typing replaces it.
    expect(await focusedLabel(page)).toContain('New password');
    await page.keyboard.type('root-with-more-characters');
    await page.keyboard.press('Tab');
    await page.keyboard.type('root-with-more-characters');
    await page.keyboard.press('Enter');
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('must not contain your email name');
    if (shots) await page.screenshot({ path: `${shots}/login-change-password.png` });

    expect(await focusedLabel(page)).toContain('New password');
    await page.keyboard.type(chosen);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(chosen);
    await page.keyboard.press('Enter');

    await page.waitForURL('**/quick-access');
    await expect.poll(() => page.getByTestId('signed-in-as').textContent()).toContain('Super Admin');
    expect(await page.evaluate(() => localStorage.getItem('traction.token'))).toMatch(/^tra_/);

    // Logging out clears the device id too, so the next sign-in is from a new device. Logout
    // loads /login afresh: typing waits for that page, and no second navigation races it.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Logout' }).click()]);
    await typeCredentials(page, generated, { open: false });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email or password is incorrect.');

    await typeCredentials(page, chosen);
    await typeMailedCode(page);
    await page.waitForURL('**/quick-access');
    await expect.poll(() => page.getByTestId('signed-in-as').textContent()).toContain('Super Admin');
    await page.close();
  });
});
