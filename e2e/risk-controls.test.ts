import { FIXED_ACCOUNT_BANKS, nuban } from '@traction/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * A new admin's first fraud marking and bulk blacklist, by keyboard only: find the merchant with
 * `/`, select rows with x / Shift+x / Shift+a, Tab to the action, fill the form, confirm with
 * Enter; then read what they did on the Audit Log page.
 */
describe.runIf(run)('risk controls by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;
  let fraudsterId = 0;
  let muleOwnerId = 0;

  beforeAll(async () => {
    context = await startConsoleServer();
    const db = context.server.deps.db;
    const fraudster = await db
      .insertInto('businesses')
      .values({
        name: 'Eko Keyboard Fraud Stores',
        email: 'owner@ekokeyboard.ng',
        phone: '+2348030000001',
        category: 'RETAIL',
        state_code: 'LA',
        is_trusted: true,
        trusted_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fraudsterId = fraudster.id;
    await db.insertInto('wallets').values({ business_id: fraudsterId }).execute();
    const owner = await db
      .insertInto('businesses')
      .values({ name: 'Kano Blacklist Traders', email: 'owner@kanoblacklist.ng', phone: '+2348030000002', category: 'RETAIL', state_code: 'KN' })
      .returning('id')
      .executeTakeFirstOrThrow();
    muleOwnerId = owner.id;
    await db
      .insertInto('fixed_accounts')
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          business_id: muleOwnerId,
          bank: 'WEMA' as const,
          account_number: nuban(FIXED_ACCOUNT_BANKS.WEMA.code, String(870_000_000 + i * 10)),
          account_name: `Traction/Kano Blacklist ${i}`,
        })),
      )
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
  const bulkCount = () => page.getByTestId('bulk-bar').getAttribute('data-count');

  /** Searches the list with `/`, then tabs on to the table, where its keys work. */
  async function search(text: string, expected: number) {
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-page-search'))).toBe(true);
    await page.keyboard.type(text);
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe(String(expected));
    await tabTo('[role="grid"]');
  }

  /** Presses Tab until the element matching `selector` has focus, as a person tabbing to a button. */
  async function tabTo(selector: string) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  it('marks a merchant as fraud from /fraud', async () => {
    await page.goto(`${context.server.url}/fraud`);
    await page.locator('[data-list="fraud.list"] [data-row-index="0"]').waitFor();
    await search('eko keyboard', 1);
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect.poll(bulkCount).toBe('1');

    // The button says what it does and decides the mark: the form asks only for the reason.
    await tabTo('[data-command="fraud.update-bulk"]');
    // the button's words, then its key
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Mark as fraud\d$/);
    await page.keyboard.press('Enter');
    const form = page.locator('[data-testid="command-form"][data-command="fraud.update-bulk"]');
    await form.waitFor();
    expect(await page.locator('[data-command-subject]').textContent()).toContain('Mark Eko Keyboard Fraud Stores');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('reason');
    await page.keyboard.type('Chargebacks on stolen cards, reported by three banks');
    await page.keyboard.press('Control+Enter');
    await form.locator('[data-confirm-step]').waitFor();
    await page.keyboard.press('Enter');
    const result = page.getByTestId('command-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/Changed 1 of 1 matched/);
    await page.keyboard.press('Escape');

    const business = await db()
      .selectFrom('businesses')
      .select(['is_fraud', 'fraud_reason', 'is_trusted'])
      .where('id', '=', fraudsterId)
      .executeTakeFirstOrThrow();
    expect(business).toEqual({ is_fraud: true, fraud_reason: 'Chargebacks on stolen cards, reported by three banks', is_trusted: false });
    // the list shows it too
    await expect.poll(() => page.locator('[data-row-index="0"]').textContent()).toContain('Chargebacks on stolen cards');
  });

  it('blacklists fixed accounts in bulk by selecting rows: x, Shift+x, then everything matching less one', async () => {
    await page.goto(`${context.server.url}/fixed-accounts`);
    await page.locator('[data-list="fixed-accounts.list"] [data-row-index="0"]').waitFor();
    await search('kano blacklist', 130);
    expect(await page.locator('[data-row-index]').count()).toBeLessThan(130);

    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Shift+x');
    await expect.poll(bulkCount).toBe('3');
    await page.keyboard.press('Shift+a');
    await expect.poll(bulkCount).toBe('130');
    await page.keyboard.press('j');
    await page.keyboard.press('x'); // leave the fourth row out
    await expect.poll(bulkCount).toBe('129');
    const leftOut = Number(await page.locator('[data-row-index="3"]').getAttribute('data-row-key'));

    await tabTo('[data-command="fixed-accounts.blacklist.bulk"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Blacklist\d$/);
    await page.keyboard.press('Enter');
    const form = page.locator('[data-testid="command-form"][data-command="fixed-accounts.blacklist.bulk"]');
    await form.waitFor();
    expect(await page.locator('[data-command-subject]').textContent()).toBe('Blacklist: all 129 accounts matching the filters');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('reason');
    await page.keyboard.type('Mule accounts of a reported scam ring');
    await page.keyboard.press('Control+Enter');
    await form.locator('[data-confirm-step]').waitFor();
    await page.keyboard.press('Enter');
    const result = page.getByTestId('command-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/Changed 129 of 129 matched/);
    await page.keyboard.press('Escape');

    const blacklisted = await db().selectFrom('fixed_accounts').select('id').where('business_id', '=', muleOwnerId).where('blacklisted', '=', true).execute();
    expect(blacklisted).toHaveLength(129);
    expect(blacklisted.map((row) => row.id)).not.toContain(leftOut);
    const events = await db().selectFrom('business_events').select('kind').where('business_id', '=', muleOwnerId).execute();
    expect(events.filter((e) => e.kind === 'fixed-account.blacklisted')).toHaveLength(129);
  });

  it('shows both on the Audit Log page', async () => {
    await expect.poll(() => page.getByTestId('command-dialog').count()).toBe(0);
    // The closed dialog hands focus back to the table's header checkbox, where shortcuts are off; the table is a Shift+Tab away.
    if (await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'select-loaded')) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('g');
    await page.keyboard.press('l');
    await page.waitForURL('**/audit-log');
    const first = page.locator('[data-list="audit.list"] [data-row-index="0"]');
    await first.waitFor();
    // Read as sentences: the command id is a filter, and a column the table drops first.
    await expect.poll(() => first.textContent()).toContain('Super Admin blacklisted 129 fixed accounts: Mule accounts of a reported scam ring');
    expect(await first.textContent()).toContain(ROOT_EMAIL);
    expect(await page.locator('[data-list="audit.list"] [data-row-index="1"]').textContent()).toMatch(
      /Super Admin marked .+ as fraud: Chargebacks on stolen cards, reported by three banks/,
    );
  });
});
