import { nuban } from '@traction/core';
import { checkLedger, hashPassword, ledgerWallet, openTestDatabase } from '@traction/server/testing';
import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/** `promise`, or an error naming what did not happen within `ms`. */
function inTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
const REVIEWER_EMAIL = 'transfers.reviewer@traction.ng';
const REVIEWER_PASSWORD = 'e2e-reviewer-password';
const GTBANK = '058';

let serials = 0;
/** A GTBank account number nobody here has paid before, its serial ending as asked (the sandbox's cues: 991 fails, 993 pends). */
const gtbankAccount = (ending = '123') => nuban(GTBANK, `${String(200_000 + ++serials * 37).padStart(6, '0')}${ending}`);

/**
 * Funds transfers by keyboard, in Chromium against the real server and its job worker with the
 * sandbox provider: a single transfer from the form to its final status; a held one released by a
 * second admin; a failed one retried from the Retry Portal; a provider outage with a restart in
 * the middle; a bulk upload with bad rows approved by a second admin; a sweep. The ledger check
 * passes after each.
 */
describe.runIf(run)('funds transfers by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;

  // One database for the file, kept open when the server stops: the outage case restarts the server on it.
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    context = await startConsoleServer({ demoMerchants: 0, database: { ...database, close: async () => {} } });
    const db = context.server.deps.db;
    const { id } = await db
      .insertInto('admins')
      .values({ email: REVIEWER_EMAIL, first_name: 'Bisi', last_name: 'Reviewer', role: 'staff', password_hash: await hashPassword(REVIEWER_PASSWORD, 10) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('admin_permissions')
      .values(
        ['transfers.view', 'transfers.review', 'transfers.retry', 'transfers.bulk', 'approvals.view', 'wallets.view'].map((permission) => ({
          admin_id: id,
          permission,
        })),
      )
      .execute();
    browser = await launchBrowser();
    page = await newPage(ROOT_EMAIL, ROOT_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
    await database?.close();
  });

  /** Stops the server as a deploy does (its worker told to stop) and starts a new one on the same database and port. */
  async function restartServer() {
    const port = Number(new URL(context.server.url).port);
    await context.server.close();
    context = await startConsoleServer({ demoMerchants: 0, database: { ...database, close: async () => {} }, port });
  }
  /** Presses Tab until the element matching `selector` has the focus (as a person tabs to a button), at most `limit` times. */
  async function tabTo(on: Page, selector: string, limit = 80) {
    for (let presses = 0; presses < limit; presses += 1) {
      if (await on.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
      await on.keyboard.press('Tab');
    }
    throw new Error(`${selector} was not reached in ${limit} Tab presses`);
  }
  /** A button of the Provider Portal's providers table, by Tab and Enter; its form then its confirmation by keyboard. */
  async function providerAction(on: Page, selector: string, reason?: string) {
    await on.goto(`${context.server.url}/funds-transfer-provider-portal`);
    await on.locator('[data-section="providers"] [data-provider="providus"]').waitFor();
    await tabTo(on, selector);
    await on.keyboard.press('Enter');
    const dialog = on.getByTestId('command-dialog');
    await dialog.waitFor();
    if (reason) await on.keyboard.type(reason);
    await on.keyboard.press('Control+Enter');
    // a confirm command asks first; Enter confirms, and Enter closes what it said
    await dialog.locator('[data-confirm-step]').waitFor();
    await on.keyboard.press('Enter');
    const said = (await dialog.getByTestId('command-result').textContent()) ?? '';
    await on.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    return said;
  }

  const db = () => context.server.deps.db;
  async function newPage(email: string, password: string): Promise<Page> {
    const opened = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(opened, context, email, password);
    return opened;
  }
  /** Where the keyboard is: the focused element's accessible label, or its text. */
  const focused = (on: Page) =>
    on.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
      return (element.getAttribute('aria-label') ?? labelled ?? element.getAttribute('name') ?? element.textContent ?? '').trim();
    });
  const blur = (on: Page) => on.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const ledgerSound = async () => expect((await checkLedger(db())).ok).toBe(true);
  async function palette(on: Page, text: string) {
    await on.keyboard.press('Control+k');
    await on.getByTestId('command-palette').waitFor();
    await on.keyboard.type(text);
    await on.keyboard.press('Enter');
  }

  /**
   * New transfer from Funds Transfer by keyboard, as in the first case without its checks:
   * answers the confirmation's verdict (QUEUED, HELD…) and, once sent, the new transfer's id.
   */
  async function sendByForm(on: Page, order: { business: number; account: string; naira: string; narration: string }) {
    await blur(on);
    await on.keyboard.press('g');
    await on.keyboard.press('t');
    await on.waitForURL('**/funds-transfer');
    await on.getByTestId('new-transfer').waitFor();
    await on.keyboard.press('n');
    const form = on.locator('[data-testid="command-form"][data-command="transfers.create"]');
    await form.waitFor();
    await on.keyboard.press('Tab');
    await on.keyboard.type(String(order.business));
    await form.locator(`[data-business-note="${order.business}"]`).waitFor();
    await on.keyboard.press('Tab');
    await on.keyboard.type('Guaranty');
    await on
      .getByRole('option', { name: /Guaranty Trust Bank/ })
      .first()
      .waitFor();
    await on.keyboard.press('Enter');
    await on.keyboard.press('Tab');
    await on.keyboard.type(order.account);
    await form.locator('[data-name-enquiry="found"]').waitFor();
    await on.keyboard.press('Tab');
    await on.keyboard.type(order.naira);
    await on.keyboard.press('Tab');
    await on.keyboard.type(order.narration);
    await on.keyboard.press('Control+Enter');
    const verdict = form.locator('[data-transfer-confirmation]');
    await verdict.waitFor();
    const status = await verdict.getAttribute('data-transfer-confirmation');
    const note = await form.locator('[data-confirm-step] [role="note"]').allTextContents();
    await on.keyboard.type(`${order.naira}.00`);
    await on.keyboard.press('Enter');
    await on.waitForURL(/\/funds-transfer\/\d+$/);
    return { status, note: note.join(' '), id: Number(new URL(on.url()).pathname.split('/').at(-1)) };
  }
  /** On an approval request's page, the second admin approves by keyboard: a, a note, the request id typed. */
  async function approveByKeyboard(on: Page, requestId: number, note: string) {
    await on.goto(`${context.server.url}/approvals/${requestId}`);
    await on.locator(`[data-page="approval"][data-approval-id="${requestId}"][data-status="PENDING"]`).waitFor();
    await on.keyboard.press('a');
    const form = on.locator('[data-testid="command-form"][data-command="approvals.approve"]');
    await form.waitFor();
    await on.keyboard.type(note);
    await on.keyboard.press('Control+Enter');
    const asked = form.locator('[data-money-confirmation] strong');
    await asked.waitFor();
    expect(await asked.textContent()).toBe(String(requestId));
    await on.keyboard.type(String(requestId));
    await on.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
  }
  const balanceOf = async (accountId: number) =>
    BigInt((await db().selectFrom('ledger_accounts').select('balance').where('id', '=', accountId).executeTakeFirstOrThrow()).balance);
  /** A figure of a bulk upload's or sweep's page (rows, total, paid…), as shown. */
  const figure = (on: Page, key: string) => on.locator(`[data-figure="${key}"] dd`).first().textContent();
  const transferPage = (on: Page, id: number) => on.locator(`[data-page="transfer"][data-transfer-id="${id}"]`);
  const storedTransfer = (id: number | bigint) => db().selectFrom('bank_transfers').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
  const eventsOf = (id: number | bigint) =>
    db().selectFrom('bank_transfer_events').select(['status', 'note', 'admin_id']).where('transfer_id', '=', BigInt(id)).orderBy('id').execute();

  it('sends a single transfer by keyboard: bank by name, the holder from name enquiry, the preview, the typed amount, then Successful', async () => {
    const { business, account } = await ledgerWallet(db(), { funds: 5_000_000, business: { name: 'Mama Nkechi Provisions', kyc_exempt: true } });
    const beneficiary = gtbankAccount();

    await blur(page);
    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await page.waitForURL('**/funds-transfer');
    await page.getByTestId('new-transfer').waitFor();
    await page.keyboard.press('n');
    const form = page.locator('[data-testid="command-form"][data-command="transfers.create"]');
    await form.waitFor();
    // The source comes first: a merchant's wallet is chosen; Tab to the business.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^Business/);
    await page.keyboard.type(String(business.id));
    await expect.poll(() => form.locator(`[data-business-note="${business.id}"]`).textContent()).toContain('balance ₦50,000.00');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^Bank/);
    await page.keyboard.type('Guaranty');
    await page
      .getByRole('option', { name: /Guaranty Trust Bank/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^Account number/);
    await page.keyboard.type(beneficiary);
    const holder = form.locator('[data-name-enquiry="found"] [data-account-name]');
    await holder.waitFor();
    const holderName = (await holder.textContent()) ?? '';
    expect(holderName).toMatch(/^[A-Z]+ [A-Z]+/);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^Amount/);
    await page.keyboard.type('15,000');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Supplier invoice 118');
    await page.keyboard.press('Control+Enter');

    // The preview: who is paid, the debit and the fee, the wallet's balance after.
    const confirm = form.locator('[data-confirm-step]');
    await confirm.waitFor();
    expect(await confirm.locator('[data-transfer-confirmation="QUEUED"] [data-account-name]').textContent()).toBe(holderName);
    const preview = form.locator('[data-money-preview]');
    await preview.waitFor();
    const previewText = (await preview.textContent()) ?? '';
    expect(previewText).toContain('₦15,000.00');
    expect(previewText).toMatch(/Fee/i);
    expect(await preview.locator('[data-balance]').textContent()).toMatch(/₦50,000\.00 → ₦34,9\d\d\.\d\d/);
    // The amount typed again unlocks the send; Enter sends.
    expect(await focused(page)).toBe('Typed confirmation');
    await page.keyboard.type('15,000.00');
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/funds-transfer\/\d+$/);
    const transferId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const shown = page.locator(`[data-page="transfer"][data-transfer-id="${transferId}"]`);
    await expect.poll(() => shown.getAttribute('data-status'), { timeout: 20_000 }).toBe('SUCCESSFUL');
    const history = await shown.locator('[data-section="history"] [data-event]').evaluateAll((items) => items.map((item) => item.getAttribute('data-event')));
    expect(history).toEqual(['QUEUED', 'SENDING', 'SUCCESSFUL']);
    expect(await shown.locator('[data-session-id]').textContent()).toMatch(/^\d{30}$/);
    expect(await shown.locator('[data-response-code="00"]').count()).toBe(1);
    const postings = await shown.locator('[data-section="postings"] tbody tr').allTextContents();
    expect(postings).toHaveLength(2);
    expect(postings[0]).toContain('₦15,000.00');

    const stored = await storedTransfer(transferId);
    expect(stored).toMatchObject({ status: 'SUCCESSFUL', account_number: beneficiary, amount: 1_500_000n, business_id: business.id });
    expect(await balanceOf(account.id)).toBe(5_000_000n - 1_500_000n - stored.fee);
    await ledgerSound();
  });
  it('holds a large transfer to a new beneficiary until a second admin releases it by keyboard; then it is paid', async () => {
    const { business, account } = await ledgerWallet(db(), { funds: 300_000_000, business: { name: 'Adunni Cement Depot', kyc_exempt: true } });
    const sent = await sendByForm(page, { business: business.id, account: gtbankAccount(), naira: '1,500,000', narration: 'Cement supplier, invoice 77' });
    // The confirmation said so before anything was sent.
    expect(sent.status).toBe('HELD');
    expect(sent.note).toContain('Large amount to a new beneficiary');
    await expect.poll(() => transferPage(page, sent.id).getAttribute('data-status')).toBe('HELD');
    expect(await transferPage(page, sent.id).locator('[data-section="postings"]').textContent()).toContain('Nothing has moved');
    const { reference } = await storedTransfer(sent.id);
    expect(await balanceOf(account.id)).toBe(300_000_000n);

    // The second admin finds it in the held queue and releases it: r, a note, the id typed.
    const reviewer = await newPage(REVIEWER_EMAIL, REVIEWER_PASSWORD);
    await reviewer.goto(`${context.server.url}/funds-transfer?status=HELD`);
    await reviewer.locator('[data-list="transfers.list"] [data-row-index="0"]').waitFor();
    await reviewer.keyboard.press('/');
    await reviewer.keyboard.type(reference);
    await expect.poll(() => reviewer.getByTestId('row-count').getAttribute('data-count')).toBe('1');
    await reviewer.keyboard.press('Escape');
    await blur(reviewer);
    await reviewer.keyboard.press('j');
    await reviewer.keyboard.press('Enter');
    await transferPage(reviewer, sent.id).waitFor();
    await reviewer.keyboard.press('r');
    const form = reviewer.locator('[data-testid="command-form"][data-command="transfers.review"]');
    await form.waitFor();
    await reviewer.keyboard.type('Called the merchant: genuine cement supplier');
    await reviewer.keyboard.press('Control+Enter');
    const asked = form.locator('[data-money-confirmation] strong');
    await asked.waitFor();
    expect(await asked.textContent()).toBe(String(sent.id));
    expect(await form.locator('[data-money-preview]').textContent()).toContain('₦1,500,000.00');
    await reviewer.keyboard.type(String(sent.id));
    await reviewer.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });

    // Once released it is watched every 2 s (a held one every 15 s: the sender's page is opened again).
    await page.reload();
    await expect.poll(() => transferPage(page, sent.id).getAttribute('data-status'), { timeout: 30_000 }).toBe('SUCCESSFUL');
    const events = await eventsOf(sent.id);
    expect(events.map((event) => event.status)).toEqual(['HELD', 'QUEUED', 'SENDING', 'SUCCESSFUL']);
    expect(events[1]?.note).toContain('Released on review: Called the merchant');
    expect(await transferPage(page, sent.id).locator('[data-section="history"]').textContent()).toContain('by Bisi Reviewer');
    expect(await balanceOf(account.id)).toBe(300_000_000n - 150_000_000n - (await storedTransfer(sent.id)).fee);
    await reviewer.context().close();
    await ledgerSound();
  });

  it('gives a failed transfer back once, and the Retry Portal sends it again as a new transfer, once', async () => {
    const { business, account } = await ledgerWallet(db(), { funds: 10_000_000, business: { name: 'Chinedu Phones', kyc_exempt: true } });
    const sent = await sendByForm(page, { business: business.id, account: gtbankAccount('991'), naira: '20,000', narration: 'Phone stock, order 5521' });
    expect(sent.status).toBe('QUEUED');
    const shown = transferPage(page, sent.id);
    await expect.poll(() => shown.getAttribute('data-status'), { timeout: 20_000 }).toBe('FAILED');
    const { reference } = await storedTransfer(sent.id);
    await shown.locator(`[data-reversal="reversal:${reference}"]`).waitFor();
    expect(await shown.locator('[data-response-code="57"]').count()).toBe(1);

    const reviewer = await newPage(REVIEWER_EMAIL, REVIEWER_PASSWORD);
    await palette(reviewer, 'Retry Portal');
    await reviewer.waitForURL('**/retry-portal');
    await reviewer.locator('[data-list="transfers.list"] [data-row-index="0"]').waitFor();
    await reviewer.keyboard.press('/');
    await reviewer.keyboard.type(reference);
    await expect.poll(() => reviewer.getByTestId('row-count').getAttribute('data-count')).toBe('1');
    await reviewer.keyboard.press('Escape');
    await blur(reviewer);
    await reviewer.keyboard.press('j');
    await reviewer.keyboard.press('x');
    await expect.poll(() => reviewer.getByTestId('bulk-bar').getAttribute('data-count')).toBe('1');
    // As a reviewer would: the Retry button is offered (the selected row is read) before 1 is pressed.
    await reviewer.locator('[data-testid="bulk-bar"] button[data-command="transfers.retry-bulk"]:not([disabled])').waitFor();
    await reviewer.keyboard.press('1');
    const form = reviewer.locator('[data-testid="command-form"][data-command="transfers.retry-bulk"]');
    await form.waitFor();
    expect(await reviewer.locator('[data-command-subject]').textContent()).toContain(`Retry ${reference}`);
    await reviewer.keyboard.type('Beneficiary says the account is open again');
    await reviewer.keyboard.press('Control+Enter');
    await form.locator('[data-money-confirmation]').waitFor();
    await reviewer.keyboard.type('CONFIRM');
    await reviewer.keyboard.press('Enter');
    await expect.poll(async () => (await db().selectFrom('bank_transfers').select('id').where('retry_of', '=', BigInt(sent.id)).execute()).length).toBe(1);
    const retry = await db().selectFrom('bank_transfers').selectAll().where('retry_of', '=', BigInt(sent.id)).executeTakeFirstOrThrow();
    expect(retry).toMatchObject({ origin: 'retry', amount: 2_000_000n, account_number: (await storedTransfer(sent.id)).account_number });
    expect(retry.reference).not.toBe(reference);

    // The original names its retry; the sandbox fails a 991 beneficiary every time, so the retry fails and is reversed too.
    await page.reload();
    await shown.locator(`[data-retried-by="${retry.id}"]`).waitFor();
    await page.goto(`${context.server.url}/funds-transfer/${retry.id}`);
    await expect.poll(() => transferPage(page, Number(retry.id)).getAttribute('data-status'), { timeout: 20_000 }).toBe('FAILED');
    await transferPage(page, Number(retry.id)).locator(`[data-retry-of="${sent.id}"]`).waitFor();
    await transferPage(page, Number(retry.id)).locator(`[data-reversal="reversal:${retry.reference}"]`).waitFor();
    // Each debit was given back once: the wallet holds what it held.
    expect(await balanceOf(account.id)).toBe(10_000_000n);
    // Retried once: the original's page no longer offers it.
    await page.goto(`${context.server.url}/funds-transfer/${sent.id}`);
    await shown.locator(`[data-retried-by="${retry.id}"]`).waitFor();
    expect(await shown.locator('[data-action="t"]').count()).toBe(0);
    await reviewer.context().close();
    await ledgerSound();
  });
  // A server restart in the middle, two providers' answers waited on and five pages by keyboard: past the default minute on a loaded 2-core machine.
  it('rides out a provider outage and a restart: a released transfer waits for its provider and is paid once, a new one fails over', {
    timeout: 150_000,
  }, async () => {
    const { business } = await ledgerWallet(db(), { funds: 300_000_000, business: { name: 'Ọlọ́runfẹ́mi Tiles', kyc_exempt: true } });
    const held = await sendByForm(page, { business: business.id, account: gtbankAccount(), naira: '1,200,000', narration: 'Tiles for the Lekki site' });
    expect(held.status).toBe('HELD');

    // Providus, the provider of all banks, stops answering.
    await providerAction(page, '[data-outage="providus"]');
    await expect.poll(() => page.locator('[data-provider="providus"]').textContent()).toContain('Not answering');

    // A new transfer cannot even learn who holds the account: the form says why, and nothing is sent.
    await blur(page);
    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await page.getByTestId('new-transfer').waitFor();
    await page.keyboard.press('n');
    const form = page.locator('[data-testid="command-form"][data-command="transfers.create"]');
    await form.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(String(business.id));
    await page.keyboard.press('Tab');
    await page.keyboard.type('Guaranty');
    await page
      .getByRole('option', { name: /Guaranty Trust Bank/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type(gtbankAccount());
    const refused = form.locator('[data-name-enquiry="failed"]');
    await refused.waitFor({ timeout: 15_000 });
    expect(await refused.textContent()).toMatch(/Guaranty Trust Bank could not confirm who holds \d{10}: Providus Bank is not answering/i);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // The second admin releases the held one: debited, but Providus does not receive it, so it waits to be sent again.
    const reviewer = await newPage(REVIEWER_EMAIL, REVIEWER_PASSWORD);
    await reviewer.goto(`${context.server.url}/funds-transfer/${held.id}`);
    await transferPage(reviewer, held.id).waitFor();
    await reviewer.keyboard.press('r');
    await reviewer.locator('[data-command="transfers.review"]').first().waitFor();
    await reviewer.keyboard.type('Merchant confirmed the tiles order by phone');
    await reviewer.keyboard.press('Control+Enter');
    await reviewer.locator('[data-money-confirmation]').waitFor();
    await reviewer.keyboard.type(String(held.id));
    await reviewer.keyboard.press('Enter');
    await expect.poll(async () => (await eventsOf(held.id)).map((event) => event.status), { timeout: 20_000 }).toEqual(['HELD', 'QUEUED', 'SENDING', 'QUEUED']);
    expect((await eventsOf(held.id)).at(-1)?.note).toMatch(/could not be reached .*did not receive the transfer/);
    await reviewer.context().close();

    // Marked down, Providus hands new transfers to the next provider up: VFD.
    expect(await providerAction(page, '[data-mark="providus"]', 'Providus outage, ticket OPS-311')).toContain('VFD');
    const failover = await sendByForm(page, { business: business.id, account: gtbankAccount(), naira: '25,000', narration: 'Grout and spacers' });
    expect(failover.status).toBe('QUEUED');
    const failedOver = transferPage(page, failover.id);
    await expect.poll(() => failedOver.getAttribute('data-status'), { timeout: 20_000 }).toBe('SUCCESSFUL');
    expect(await failedOver.locator('[data-failed-over-from="providus"]').textContent()).toContain('failed over from Providus');
    expect(await storedTransfer(failover.id)).toMatchObject({ provider: 'vfd', status: 'SUCCESSFUL' });

    // The server restarts in the middle; the outage and the waiting send outlast it.
    await restartServer();
    await page.goto(`${context.server.url}/funds-transfer-provider-portal`);
    await expect.poll(() => page.locator('[data-provider="providus"]').textContent()).toContain('Not answering');
    expect(await storedTransfer(held.id)).toMatchObject({ status: 'QUEUED', provider: 'providus' });

    // Providus answers again and is marked up: the waiting transfer goes out on its next try, through Providus, once.
    await providerAction(page, '[data-outage="providus"]');
    await providerAction(page, '[data-mark="providus"]', 'Providus is back, ticket OPS-311');
    await page.goto(`${context.server.url}/funds-transfer/${held.id}`);
    await expect.poll(() => transferPage(page, held.id).getAttribute('data-status'), { timeout: 45_000 }).toBe('SUCCESSFUL');
    expect((await eventsOf(held.id)).map((event) => event.status)).toEqual(['HELD', 'QUEUED', 'SENDING', 'QUEUED', 'SENDING', 'SUCCESSFUL']);
    for (const id of [held.id, failover.id]) {
      const transfer = await storedTransfer(id);
      const sessions = await db().selectFrom('sandbox_transfer_sessions').select(['provider', 'sends']).where('session_id', '=', transfer.session_id).execute();
      expect(sessions).toEqual([{ provider: transfer.provider, sends: 1 }]);
    }
    await ledgerSound();
  });
  it('checks a bulk upload with bad rows, refuses to submit until they are excluded, and runs it once a second admin approves', async () => {
    const { business, account } = await ledgerWallet(db(), { funds: 10_000_000, business: { name: 'Ikeja Stipend Fund', kyc_exempt: true } });
    const good = [gtbankAccount(), gtbankAccount('991'), gtbankAccount()];
    const wrongDigit = (() => {
      const valid = gtbankAccount();
      return `${valid.slice(0, 9)}${(Number(valid[9]) + 1) % 10}`;
    })();
    const csv = [
      'bank_code,account_number,amount,narration',
      `GTBank,${good[0]},"10,000.00",November stipend`,
      `058,${wrongDigit},"5,000.00",November stipend`,
      `Guaranty Trust Bank,${good[1]},"7,250.00",November stipend`,
      `058,${gtbankAccount()},ten thousand,November stipend`,
      `058,${good[2]},"12,500.00",November stipend`,
    ].join('\n');

    // Listened for from the start: Chromium hands the file chooser to the test only once that is switched on.
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await palette(page, 'Upload Portal');
    await page.waitForURL('**/upload-portal');
    await tabTo(page, '[data-field="business"] input');
    await page.keyboard.type(String(business.id));
    await page.locator(`[data-business-note="${business.id}"]`).waitFor();
    await tabTo(page, '[data-file-drop]');
    await page.keyboard.press('Enter');
    await (await inTime(chooser, 10_000, 'the file chooser to open on Enter')).setFiles({
      name: 'november-stipends.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.keyboard.press('Control+Enter');

    // What the server found, before anything moves: every bad row with its column, and the good rows' total.
    const checked = page.getByTestId('bulk-validation');
    await checked.waitFor({ timeout: 20_000 });
    const uploadId = Number(await checked.getAttribute('data-upload-id'));
    const badRows = await page
      .locator('[data-testid="bad-rows"] [data-bad-row]')
      .evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-bad-row')}:${row.getAttribute('data-field')}`));
    expect(badRows).toEqual(['2:account_number', '4:amount']);
    expect(await figure(page, 'valid')).toBe('3');
    expect(await figure(page, 'bad')).toBe('2');
    expect(await figure(page, 'total')).toBe('₦29,750.00');
    // Submitting is refused while they stand: s does nothing, the button says why.
    await page.getByTestId('submit-blocked').waitFor();
    expect(await page.locator('[data-action="submit"]').isDisabled()).toBe(true);
    await blur(page);
    await page.keyboard.press('s');
    await page.waitForTimeout(300);
    expect(await page.getByTestId('command-dialog').count()).toBe(0);
    // Ticked (Space on the checkbox), they are left out; s submits with a reason.
    await tabTo(page, '[data-testid="exclude-bad-rows"]');
    expect(await page.locator('[data-testid="submit-upload"]').textContent()).toContain('Exclude the 2 bad rows (rows 2 and 4)');
    await page.keyboard.press('Space');
    await page.getByTestId('submit-blocked').waitFor({ state: 'detached' });
    await blur(page);
    await page.keyboard.press('s');
    const submitForm = page.locator('[data-testid="command-form"][data-command="bulk-transfers.submit"]');
    await submitForm.waitFor();
    await page.keyboard.type('November stipends, list from HR');
    await page.keyboard.press('Control+Enter');
    await submitForm.locator('[data-confirm-step]').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/bulk-status/${uploadId}`);
    const status = page.locator(`[data-page="bulk-status"][data-upload-id="${uploadId}"]`);
    await expect.poll(() => status.getAttribute('data-status')).toBe('AWAITING_APPROVAL');
    expect(await balanceOf(account.id)).toBe(10_000_000n);
    const { approval_request_id: requestId } = await db()
      .selectFrom('bulk_transfer_uploads')
      .select('approval_request_id')
      .where('id', '=', BigInt(uploadId))
      .executeTakeFirstOrThrow();

    // A second admin approves; the upload's page, left open, follows the run until every row is final.
    const reviewer = await newPage(REVIEWER_EMAIL, REVIEWER_PASSWORD);
    await approveByKeyboard(reviewer, Number(requestId), 'HR list checked against payroll');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('DONE');
    expect(await figure(page, 'done')).toBe('3 of 3');
    expect(await figure(page, 'succeeded')).toBe('2');
    expect(await figure(page, 'failed')).toBe('1');
    expect(await page.locator('[data-watching]').count()).toBe(0);
    const rows = await db()
      .selectFrom('bank_transfers')
      .select(['status', 'account_number', 'amount', 'batch_row'])
      .where('batch_id', '=', BigInt(uploadId))
      .orderBy('batch_row')
      .execute();
    expect(rows.map((row) => [row.batch_row, row.status, row.amount])).toEqual([
      [1, 'SUCCESSFUL', 1_000_000n],
      [3, 'FAILED', 725_000n],
      [5, 'SUCCESSFUL', 1_250_000n],
    ]);
    const fees = await db().selectFrom('bank_transfers').select('fee').where('batch_id', '=', BigInt(uploadId)).execute();
    const paid = 1_000_000n + 1_250_000n + fees[0]!.fee * 2n;
    expect(await balanceOf(account.id)).toBe(10_000_000n - paid);
    await reviewer.context().close();
    await ledgerSound();
  });

  it('sweeps two wallets to one account once a second admin approves', async () => {
    const wallets = await Promise.all(
      ['Sabon Gari Sweep Kiosk', 'Sabon Gari Sweep Stall'].map((name, index) =>
        ledgerWallet(db(), { funds: 2_000_000 + index * 1_000_000, business: { name, kyc_exempt: true } }),
      ),
    );
    const destination = gtbankAccount();

    await page.goto(`${context.server.url}/bulk-sweep-new-transfer`);
    await page.locator('[data-list="sweeps.sources"] [data-row-index="0"]').waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type('Sabon Gari Sweep');
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('2');
    await page.keyboard.press('Escape');
    await blur(page);
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect.poll(() => page.getByTestId('bulk-bar').getAttribute('data-count')).toBe('2');
    await page.keyboard.press('1');
    const form = page.locator('[data-testid="command-form"][data-command="sweeps.new"]');
    await form.waitFor();
    expect(await page.locator('[data-command-subject]').textContent()).toContain('₦50,000.00 held now');
    await page.keyboard.type('Guaranty');
    await page
      .getByRole('option', { name: /Guaranty Trust Bank/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type(destination);
    await form.locator('[data-account-name]').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type('1,000');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Month-end sweep to settlement');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/\/bulk-sweep-history\/\d+$/);
    const sweepId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const sweep = page.locator(`[data-page="sweep"][data-sweep-id="${sweepId}"]`);
    await expect.poll(() => sweep.getAttribute('data-status')).toBe('DRAFT');
    // The draft previews what each wallet gives; nothing has moved.
    expect(await figure(page, 'rows')).toBe('2');
    expect(await figure(page, 'leave')).toBe('₦1,000.00');
    expect(await balanceOf(wallets[0]!.account.id)).toBe(2_000_000n);
    await page.keyboard.press('s');
    const submit = page.locator('[data-testid="command-form"][data-command="sweeps.process"]');
    await submit.waitFor();
    await page.keyboard.type('Month-end consolidation');
    await page.keyboard.press('Control+Enter');
    await submit.locator('[data-confirm-step]').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => sweep.getAttribute('data-status')).toBe('AWAITING_APPROVAL');
    const { approval_request_id: requestId } = await db()
      .selectFrom('sweeps')
      .select('approval_request_id')
      .where('id', '=', BigInt(sweepId))
      .executeTakeFirstOrThrow();

    const reviewer = await newPage(REVIEWER_EMAIL, REVIEWER_PASSWORD);
    await approveByKeyboard(reviewer, Number(requestId), 'Month-end, as every month');
    await page.reload();
    await expect.poll(() => sweep.getAttribute('data-status'), { timeout: 30_000 }).toBe('DONE');
    const swept = await db()
      .selectFrom('bank_transfers')
      .select(['status', 'account_number', 'amount', 'fee', 'business_id'])
      .where('batch_id', '=', BigInt(sweepId))
      .execute();
    expect(swept).toHaveLength(2);
    for (const [index, wallet] of wallets.entries()) {
      const transfer = swept.find((row) => row.business_id === wallet.business.id)!;
      expect(transfer).toMatchObject({ status: 'SUCCESSFUL', account_number: destination });
      // What was left behind stays; the rest, less the fee, went to the one account.
      expect(transfer.amount).toBe(BigInt(2_000_000 + index * 1_000_000) - 100_000n - transfer.fee);
      expect(await balanceOf(wallet.account.id)).toBe(100_000n);
    }
    await reviewer.context().close();
    await ledgerSound();
  });
});
