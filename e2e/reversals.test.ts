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

  it('reverses a pasted CSV file of references: each previewed with the total first, the unknown one refused, the rest reversed once', async () => {
    const company = await openCompanyAccounts(db());
    const references: string[] = [];
    for (const name of ['Mama Nkechi Provisions', 'Olu Phones']) {
      const { account } = await ledgerWallet(db(), { funds: 300_000, business: { name } });
      const reference = nextReference('TRF');
      references.push(reference);
      await db()
        .transaction()
        .execute((trx) =>
          post(trx, [
            { debit: account.id, credit: company.floatWema, amount: 100_000, kind: 'transfer_out', reference },
            { debit: account.id, credit: company.feeIncome, amount: 2_500, kind: 'fee', reference: `${reference}-FEE`, parent: 0 },
          ]),
        );
    }
    const csv = `TransactionReference,reason\n${[...references, 'TRF-NOT-OURS'].map((reference) => `${reference},Bank returned the batch`).join('\n')}\n`;

    await palette('Transaction Reversal');
    await page.waitForURL('**/transaction-reversal');
    await page.getByLabel('Transaction references').waitFor();
    // As a paste: the file's text at once; its shared reason fills the reason.
    await page.keyboard.insertText(csv);
    expect(await page.locator('input[name="reason"]').inputValue()).toBe('Bank returned the batch');
    await page.keyboard.press('Control+Enter');
    const total = page.locator('[data-preview-total]');
    await expect.poll(() => total.textContent()).toContain('Would move ₦2,050.00 in 2 reversals; 1 would be refused');
    expect(await page.locator('[data-reference="TRF-NOT-OURS"][data-preview="refused"]').textContent()).toContain('would be refused');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await page.locator('[data-running="false"]').waitFor();
    for (const reference of references) await page.locator(`[data-reference="${reference}"][data-outcome="reversed"]`).waitFor();
    await page.locator('[data-reference="TRF-NOT-OURS"][data-outcome="refused"]').waitFor();
    const reversals = await db()
      .selectFrom('ledger_transfers')
      .select('reference')
      .where(
        'reference',
        'in',
        references.map((reference) => `reversal:${reference}`),
      )
      .execute();
    expect(reversals).toHaveLength(2);
    expect((await checkLedger(db())).ok).toBe(true);
  });
});
