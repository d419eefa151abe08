import { checkLedger, ledgerWallet, nextReference, openCompanyAccounts, post } from '@traction/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * An operations officer reverses a failed bank transfer by keyboard: Transaction Reversal from
 * the palette, the reference and the reason typed, the reference typed again to confirm, the
 * outcome read on the page; then the reversal found in Funds Reversal and opened with Enter.
 */
describe.runIf(run)('reversing a transaction by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;

  beforeAll(async () => {
    context = await startConsoleServer({ demoMerchants: 0 });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  const db = () => context.server.deps.db;
  async function palette(text: string) {
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }

  it('reverses a failed transfer with its fee, and the reversal is in Funds Reversal', async () => {
    const { account } = await ledgerWallet(db(), { funds: 500_000, business: { name: 'Iya Basira Foods' } });
    const company = await openCompanyAccounts(db());
    const reference = nextReference('TRF');
    await db()
      .transaction()
      .execute((trx) =>
        post(trx, [
          { debit: account.id, credit: company.floatVfd, amount: 150_000, kind: 'transfer_out', reference, counterparty: 'Access 0690000031 Ngozi Eze' },
          { debit: account.id, credit: company.feeIncome, amount: 5_000, kind: 'fee', reference: `${reference}-FEE`, parent: 0 },
        ]),
      );

    await palette('Transaction Reversal');
    await page.waitForURL('**/transaction-reversal');
    // The references box has the focus: type, Tab to the reason, Enter to review.
    await page.getByLabel('Transaction references').waitFor();
    await page.keyboard.type(reference);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Beneficiary bank returned the transfer');
    await page.keyboard.press('Enter');
    // The confirmation has the focus: the reference typed again, Enter reverses.
    await page.locator('[data-step="confirm"]').waitFor();
    await page.keyboard.type(reference);
    await page.keyboard.press('Enter');
    const line = page.locator(`[data-reference="${reference}"][data-outcome="reversed"]`);
    await line.waitFor();
    expect(await line.textContent()).toContain('₦1,550.00 back to Iya Basira Foods');
    const wallet = await db().selectFrom('ledger_accounts').select('balance').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(BigInt(wallet.balance)).toBe(500_000n);
    expect((await checkLedger(db())).ok).toBe(true);

    await palette('Funds Reversal');
    await page.waitForURL('**/funds-reversal');
    await page.locator('[data-list="reversals.list"] [data-row-index="0"]').waitFor();
    expect(await page.locator('[data-list="reversals.list"] [data-row-index="0"]').textContent()).toContain(reference);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.locator(`[data-page="funds-reversal-detail"][data-reversal="reversal:${reference}"]`).waitFor();
    expect(await page.locator('[data-section="reversal"]').textContent()).toContain('Beneficiary bank returned the transfer');
    expect(await page.locator(`[data-transfer="reversal:${reference}-FEE"]`).textContent()).toContain('₦50.00');
  });
});
