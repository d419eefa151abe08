import type { Browser, Page } from 'playwright-core';
import { checkLedger, hashPassword, ledgerWallet } from '@traction/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();
const AUTHORISER_EMAIL = 'finance.authoriser@traction.ng';
const AUTHORISER_PASSWORD = 'e2e-authoriser-password';

/**
 * Four-eyes by keyboard: the super admin asks for a ₦5,000.00 credit on a business's crediting
 * page; a second admin opens the Approvals queue, approves it through the money confirmation
 * (the preview of the posting, the request id typed), and the wallet's balance shows the credit.
 */
describe.runIf(run)('a wallet credit under four-eyes', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;

  beforeAll(async () => {
    context = await startConsoleServer();
    browser = await launchBrowser();
    const db = context.server.deps.db;
    const { id } = await db
      .insertInto('admins')
      .values({
        email: AUTHORISER_EMAIL,
        first_name: 'Funmi',
        last_name: 'Authoriser',
        role: 'staff',
        password_hash: await hashPassword(AUTHORISER_PASSWORD, 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('admin_permissions')
      .values(['wallets.view', 'wallets.credit.authorise', 'approvals.view'].map((permission) => ({ admin_id: id, permission })))
      .execute();
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  async function newPage(email: string, password: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, context, email, password);
    return page;
  }
  async function palette(page: Page, text: string) {
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }

  it('is asked by one admin and authorised from the queue by another', { timeout: 120_000 }, async () => {
    const db = context.server.deps.db;
    const { business } = await ledgerWallet(db, { business: { name: 'Oduduwa Credit Kiosk', email: 'oduduwa.kiosk@credit.ng' } });

    // Admin 1 finds the business and asks for the credit.
    const requester = await newPage(ROOT_EMAIL, ROOT_PASSWORD);
    await palette(requester, 'Wallet Crediting');
    await requester.waitForURL('**/wallet-crediting-portal-select-business');
    const picker = requester.getByRole('combobox', { name: 'Business to credit or debit' });
    await picker.waitFor();
    // the picker has the first keystroke
    await expect.poll(() => picker.evaluate((element) => element === document.activeElement)).toBe(true);
    await requester.keyboard.type('Oduduwa');
    await requester.getByRole('option', { name: /Oduduwa Credit Kiosk/ }).waitFor();
    await requester.keyboard.press('Enter');
    await requester.waitForURL(`**/new-wallet-crediting-portal/${business.id}/**`);
    await expect.poll(() => requester.getByTestId('wallet-balance').textContent()).toBe('₦0.0');
    await requester.keyboard.press('c');
    const form = requester.locator('[data-testid="command-form"][data-command="wallet-credit.new"]');
    await form.waitFor();
    await requester.keyboard.type('5000');
    await requester.keyboard.press('Tab');
    await requester.keyboard.type('Refund of a failed transfer, ticket 4411');
    await requester.keyboard.press('Control+Enter');
    // a confirm command asks first; Enter confirms
    await requester.keyboard.press('Enter');
    await expect
      .poll(async () => db.selectFrom('approval_requests').select(['status', 'amount']).where('business_id', '=', business.id).executeTakeFirst())
      .toMatchObject({ status: 'PENDING', amount: 500_000n });
    const { id: requestId } = await db.selectFrom('approval_requests').select('id').where('business_id', '=', business.id).executeTakeFirstOrThrow();

    // Admin 2 opens the queue, narrows it to the business, and approves.
    const authoriser = await newPage(AUTHORISER_EMAIL, AUTHORISER_PASSWORD);
    await palette(authoriser, 'Approvals');
    await authoriser.waitForURL('**/approvals');
    await authoriser.locator('[data-list="approvals.list"] [data-row-index="0"]').waitFor();
    await authoriser.keyboard.press('/');
    await authoriser.keyboard.type('Oduduwa');
    await expect.poll(() => new URL(authoriser.url()).searchParams.get('search')).toBe('Oduduwa');
    await expect.poll(() => authoriser.getByTestId('row-count').getAttribute('data-count')).toBe('1');
    await authoriser.keyboard.press('Escape');
    await authoriser.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await authoriser.keyboard.press('j');
    await authoriser.keyboard.press('Enter');
    await authoriser.waitForURL(`**/approvals/${requestId}`);
    await authoriser.locator(`[data-page="approval"][data-approval-id="${requestId}"][data-status="PENDING"]`).waitFor();
    await authoriser.keyboard.press('a');
    await authoriser.locator('[data-testid="command-form"][data-command="approvals.approve"]').waitFor();
    await authoriser.keyboard.type('Ticket 4411 checked');
    await authoriser.keyboard.press('Control+Enter');
    // the confirmation shows what will be posted before the request id is typed
    await authoriser.locator('[data-money-confirmation]').waitFor();
    await expect.poll(() => authoriser.getByTestId('command-form').textContent()).toContain('Wallet of Oduduwa Credit Kiosk: ₦0.0 → ₦5,000.00');
    await authoriser.keyboard.type(String(requestId));
    await authoriser.keyboard.press('Enter');
    // decided, the queue moves on: this was its last request, so the list says so
    await authoriser.waitForURL((where) => where.pathname === '/approvals');
    await expect.poll(() => authoriser.getByTestId('review-queue-notice').textContent()).toContain(`Request #${requestId} approved.`);

    const decided = await db.selectFrom('approval_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ status: 'APPROVED', transfer_reference: `CR-${requestId}`, decision_note: 'Ticket 4411 checked' });
    await requester.reload();
    await expect.poll(() => requester.getByTestId('wallet-balance').textContent()).toBe('₦5,000.00');
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
