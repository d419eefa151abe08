import { FIXED_ACCOUNT_BANKS, nuban } from '@traction/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * A support agent's merchant work by keyboard: `g m` to Merchants, `/` to find a merchant by the
 * start of its name, Enter to open it, read what its flags allow, `p` to send the owner a
 * password link; then `n` to sign a new merchant up and land on its page.
 */
describe.runIf(run)('merchants by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;
  let merchantId = 0;

  beforeAll(async () => {
    context = await startConsoleServer();
    const db = context.server.deps.db;
    const business = await db
      .insertInto('businesses')
      .values({ name: 'Obalende Keyboard Foods', email: 'owner@obalendefoods.ng', phone: '+2348030000009', category: 'RESTAURANT', state_code: 'LA' })
      .returning('id')
      .executeTakeFirstOrThrow();
    merchantId = business.id;
    await db
      .insertInto('business_users')
      .values({ business_id: merchantId, email: 'owner@obalendefoods.ng', first_name: 'Kemi', last_name: 'Adeyemi', phone: '+2348030000009', role: 'owner' })
      .execute();
    await db.insertInto('wallets').values({ business_id: merchantId, status: 'PND', status_reason: 'Chargeback under review' }).execute();
    await db
      .insertInto('fixed_accounts')
      .values({
        business_id: merchantId,
        bank: 'WEMA',
        account_number: nuban(FIXED_ACCOUNT_BANKS.WEMA.code, '861234567'),
        account_name: 'Traction/Obalende Keyboard Foods',
      })
      .execute();
    await db
      .insertInto('kyc_records')
      .values({
        business_id: merchantId,
        verification_type: 'DOCUMENT',
        document_type: 'NIN',
        id_number: '12345678901',
        status: 'PROCESSING',
        updated_at: new Date(),
      })
      .execute();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  const db = () => context.server.deps.db;

  it('finds a merchant by the start of its name and opens it', async () => {
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await page.waitForURL('**/merchants');
    await page.locator('[data-list="merchants.list"] [data-row-index="0"]').waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-page-search'))).toBe(true);
    await page.keyboard.type('obalende key');
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('1');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/merchants/${merchantId}`);
    await page.getByRole('heading', { name: 'Obalende Keyboard Foods' }).waitFor();
    const flags = page.getByTestId('merchant-flags');
    expect(await flags.locator('[data-money="send"]').getAttribute('data-allowed')).toBe('false');
    expect(await flags.locator('[data-money="receive"]').getAttribute('data-allowed')).toBe('true');
    expect(await page.locator('[data-section="kyc"]').textContent()).toContain('Processing');
  });

  it('lists the page keys in the help and sends the owner a password link with p', async () => {
    await page.keyboard.press('Shift+Slash');
    const help = page.getByTestId('shortcut-help');
    await help.waitFor();
    expect(await help.textContent()).toContain('Password link');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);

    await page.keyboard.press('p');
    const form = page.locator('[data-testid="command-form"][data-command="merchants.password-link"]');
    await form.waitFor();
    await page.keyboard.press('Enter');
    const result = page.getByTestId('command-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('owner@obalendefoods.ng');
    await page.keyboard.press('Escape');

    expect(context.email.latest('owner@obalendefoods.ng', 'password-reset')?.data.link).toMatch(/token=mpw_/);
    const audit = await db().selectFrom('audit_log').select(['outcome', 'admin_email']).where('command_id', '=', 'merchants.password-link').execute();
    expect(audit).toEqual([{ outcome: 'ok', admin_email: ROOT_EMAIL }]);
    await expect.poll(() => page.locator('[data-section="history"]').textContent()).toContain('Password link sent to owner@obalendefoods.ng');
  });

  it('fits a 375 px phone in dark mode, tables scrolling in their cards, links legible', async () => {
    const phone = await (await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' })).newPage();
    await signIn(phone, context, ROOT_EMAIL, ROOT_PASSWORD);
    await phone.goto(`${context.server.url}/merchants/${merchantId}`);
    await phone.getByRole('heading', { name: 'Obalende Keyboard Foods' }).waitFor();
    await phone.locator('[data-section="history"] table').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const section of ['business', 'history', 'fixed-accounts']) {
      const box = await phone.locator(`[data-section="${section}"]`).boundingBox();
      expect(box!.x + box!.width, section).toBeLessThanOrEqual(375);
    }
    // WCAG contrast of each accent link against its card, colours resolved by the browser (oklch → sRGB through a canvas).
    const ratios = await phone.evaluate(() => {
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      const rgb = (color: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = color;
        canvas.fillRect(0, 0, 1, 1);
        return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const luminance = (color: string) =>
        rgb(color)
          .map((c) => c / 255)
          .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
          .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
      return [...document.querySelectorAll<HTMLAnchorElement>('[data-page="merchant"] section a')].map((link) => {
        const card = link.closest('section')!;
        const [a, b] = [luminance(getComputedStyle(link).color), luminance(getComputedStyle(card).backgroundColor)];
        return { text: link.textContent, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
      });
    });
    expect(ratios.map((r) => r.text)).toContain('All history');
    for (const { text, ratio } of ratios) expect(ratio, text ?? '').toBeGreaterThanOrEqual(4.5);
    await phone.context().close();
  });

  it('signs a new merchant up from Merchants with n and lands on its page', async () => {
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await page.waitForURL('**/merchants');
    await page.locator('[data-list="merchants.list"] [data-row-index="0"]').waitFor();
    await page.keyboard.press('n');
    const form = page.locator('[data-testid="command-form"][data-command="merchants.signup"]');
    await form.waitFor();
    await page.keyboard.type('Yaba Keyboard Pharmacy');
    await form.getByLabel('Category').fill('PHARMACY');
    await form.getByLabel('State').selectOption('LA');
    await form.getByLabel("Owner's first name").fill('Tobi');
    await form.getByLabel("Owner's last name").fill('Okonkwo');
    await form.getByLabel("Owner's email").fill('tobi@yabapharmacy.ng');
    await form.getByLabel('Phone').fill('0809 555 1234');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/\/merchants\/\d+$/);
    await page.getByTestId('command-result').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Yaba Keyboard Pharmacy' }).waitFor();
    expect(await page.locator('[data-section="business"]').textContent()).toContain('+2348095551234');
    expect(await page.locator('[data-section="kyc"]').textContent()).toMatch(/Email[\s\S]*Pending/);
    expect(context.email.latest('tobi@yabapharmacy.ng', 'invite')?.data.link).toMatch(/token=mpw_/);
  });
});
