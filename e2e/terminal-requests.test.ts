import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * A telesales request raised on its form, approved with a, then taken by m through payment,
 * assignment of a terminal in stock, dispatch and delivery; a deployment code issued to an MSO in
 * the console and reported by the terminal deploys it — each step read back in the request's
 * change log, the terminal deployed at the merchant and the deployment on Deployment MSO.
 */
describe.runIf(run)('terminal requests by keyboard', () => {
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

  /** Opens a command's form with a key, types into its fields, sends it with Ctrl+Enter and confirms when it asks. */
  async function run(key: string, command: string, fields: Record<string, string> = {}) {
    await page.keyboard.press(key);
    const form = page.locator(`[data-testid="command-form"][data-command="${command}"]`);
    await form.waitFor();
    for (const [name, value] of Object.entries(fields)) {
      const field = form.locator(`[name="${name}"]`);
      if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
      else {
        await field.focus();
        await page.keyboard.type(value);
      }
    }
    await page.keyboard.press('Control+Enter');
    const confirm = form.locator('[data-confirm-step]');
    const result = page.getByTestId('command-result');
    // Done when it shows its result, or when the page closed it (a decision moves on to the next request).
    const done = () => Promise.race([result.waitFor(), form.waitFor({ state: 'detached' })]);
    await Promise.race([confirm.waitFor(), done()]);
    if (await confirm.isVisible()) {
      await page.keyboard.press('Enter');
      await done();
    }
    if (await result.isVisible()) await page.keyboard.press('Escape');
  }

  it('takes a telesales request from its form through approval, payment, assignment, dispatch, delivery and deployment', async () => {
    const db = context.server.deps.db;
    const merchant = await db.selectFrom('businesses').select(['id', 'name']).where('is_fraud', '=', false).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const terminal = await db
      .selectFrom('terminals')
      .select(['id', 'terminal_id'])
      .where('state', '=', 'IN_STOCK')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();

    await page.goto(`${context.server.url}/terminal-request-form/telesales`);
    const form = page.locator('[data-testid="command-form"][data-command="terminal-requests.add"]');
    await form.waitFor();
    const typeInto = async (name: string, value: string) => {
      await form.locator(`[name="${name}"]`).focus();
      await page.keyboard.type(value);
    };
    await typeInto('business_id', String(merchant.id));
    await typeInto('contactName', 'Ada Obi');
    await typeInto('contactPhone', '08031234567');
    await typeInto('deliveryAddress', '12 Allen Avenue, Ikeja');
    await form.locator('select[name="stateCode"]').selectOption('LA');
    await typeInto('quantity', '1');
    await form.locator('select[name="plan"]').selectOption('RENTAL');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/\/terminal-request\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const stored = await db.selectFrom('terminal_requests').select(['source', 'status', 'business_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ source: 'TELESALES', status: 'REQUESTED', business_id: merchant.id });

    await page.locator(`[data-page="terminal-request"][data-status="REQUESTED"]`).waitFor();
    await run('a', 'terminal-requests.decide', { note: 'Volume checks out' });
    // The decision opens the next request of the queue; this one is approved.
    await expect
      .poll(async () => (await db.selectFrom('terminal_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status)
      .toBe('APPROVED');

    await page.goto(`${context.server.url}/terminal-request/${id}`);
    await page.locator('[data-page="terminal-request"][data-status="APPROVED"]').waitFor();
    await run('m', 'terminal-requests.update');
    await page.locator('[data-page="terminal-request"][data-status="PAID"]').waitFor();
    await run('m', 'terminal-requests.update', { terminalIds: terminal.terminal_id });
    await page.locator('[data-page="terminal-request"][data-status="ASSIGNED"]').waitFor();
    await expect.poll(() => page.locator('[data-section="terminals"]').textContent()).toContain(terminal.terminal_id);
    await run('m', 'terminal-requests.update');
    await page.locator('[data-page="terminal-request"][data-status="DISPATCHED"]').waitFor();
    await run('m', 'terminal-requests.update');
    await page.locator('[data-page="terminal-request"][data-status="DELIVERED"]').waitFor();
    // The field officer's code, issued in the console and shown once; the terminal reports it from the store.
    await page.goto(`${context.server.url}/terminal-deployment-codes`);
    await page.locator('[data-list="terminal-deployment-codes.list"]').waitFor();
    await run('n', 'terminal-deployment-codes.create', {
      terminal_id: terminal.terminal_id,
      officerName: 'Musa Bello',
      officerPhone: '08039876543',
      officerRole: 'MSO',
    });
    const code = (await page.locator('[data-deployment-code]').textContent())?.replace(/\s/g, '') ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const serial = await db.selectFrom('terminals').select('serial_no').where('id', '=', terminal.id).executeTakeFirstOrThrow();
    const report = await fetch(`${context.server.url}/v1/stores/terminal/deploy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ terminal_id: terminal.terminal_id, serial_no: serial.serial_no, code, latitude: 6.6018, longitude: 3.3515 }),
    });
    expect(report.status, await report.clone().text()).toBe(200);
    await page.goto(`${context.server.url}/terminal-request/${id}`);
    await page.locator('[data-page="terminal-request"][data-status="DEPLOYED"]').waitFor();
    await page.goto(`${context.server.url}/terminal-deployment-mso`);
    await expect.poll(() => page.locator('[data-list="terminal-deployments.list"] [data-row-index="0"]').textContent()).toContain('Musa Bello');

    await page.goto(`${context.server.url}/terminal-request/${id}`);
    await page.locator('[data-page="terminal-request"][data-status="DEPLOYED"]').waitFor();
    // The status each change moved to: the change log reads "Delivered → Deployed".
    const log = await page.locator('[data-section="changes"] tbody tr td:nth-child(2)').allTextContents();
    expect(log.map((cell) => cell.split(' → ').pop())).toEqual(['Deployed', 'Delivered', 'Dispatched', 'Terminal assigned', 'Paid', 'Approved', 'Requested']);
    const after = await db.selectFrom('terminals').select(['state', 'business_id']).where('id', '=', terminal.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ state: 'DEPLOYED', business_id: merchant.id });
  });
});
