import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { startConsoleServer } from './console-server';

type Console = Awaited<ReturnType<typeof startConsoleServer>>;

/** Signs in through the login form by keyboard, reading the device code from the sandbox mailbox. */
export async function signIn(page: Page, context: Console, email: string, password: string, options: { tryShortCode?: boolean } = {}) {
  await page.goto(`${context.server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  const codeInput = page.getByLabel('4-character code');
  await codeInput.waitFor();
  if (options.tryShortCode) {
    await codeInput.fill('ABC');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('exactly 4 characters');
  }
  const code = context.email.latest(email, 'device-code')!.data.code!;
  await codeInput.fill(code);
  await page.keyboard.press('Enter');
  await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });
}
