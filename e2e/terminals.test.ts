import { utils, write } from '@e965/xlsx';
import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * A deployed terminal found by its serial number from the palette, opened with Enter, retrieved
 * from its merchant with m, and the move read back at the top of its history.
 */
describe.runIf(run)('terminals by keyboard', () => {
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

  it('finds a deployed terminal by serial number, retrieves it with m, and shows the move in its history', async () => {
    const db = context.server.deps.db;
    const deployed = await db
      .selectFrom('terminals as t')
      .innerJoin('businesses as b', 'b.id', 't.business_id')
      .select(['t.id', 't.serial_no', 'b.name'])
      .where('t.state', '=', 'DEPLOYED')
      .orderBy('t.id')
      .limit(1)
      .executeTakeFirstOrThrow();

    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type('all terminals');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/terminals');
    await page.locator('[data-list="terminals.list"] [data-row-index="0"]').waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-page-search'))).toBe(true);
    await page.keyboard.type(deployed.serial_no.toLowerCase());
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('1');
    // On to the table, past the filters, as a person tabbing.
    for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.matches('[role="grid"]') ?? false)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/terminals/${deployed.id}`);
    await page.locator(`[data-terminal-state="DEPLOYED"]`).waitFor();
    expect(await page.locator('[data-terminal-state]').textContent()).toContain(deployed.name);

    await page.keyboard.press('m');
    const form = page.locator('[data-testid="command-form"][data-command="terminals.move"]');
    await form.waitFor();
    await form.locator('select[name="state"]').selectOption('RETRIEVED');
    await form.locator('[name="note"]').focus();
    await page.keyboard.type('Merchant closed the shop');
    await page.keyboard.press('Control+Enter');
    await form.locator('[data-confirm-step]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('command-result').waitFor();
    await page.keyboard.press('Escape');

    await page.locator('[data-terminal-state="RETRIEVED"]').waitFor();
    await expect.poll(() => page.locator('[data-list="terminals.history"] [data-row-index="0"]').textContent()).toContain('Unmapped from its merchant');
    await expect.poll(() => page.locator('[data-list="terminals.history"] [data-row-index="1"]').textContent()).toContain('Deployed → Retrieved');
    const stored = await db.selectFrom('terminals').select(['state', 'business_id']).where('id', '=', deployed.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ state: 'RETRIEVED', business_id: null });
  });

  it('checks an XLSX of new stock, lists every bad row before saving, then saves the good rows with s', async () => {
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['serial_no', 'terminal_id', 'provider', 'model', 'bank_code'],
        ['E2E-UP-0001', '2E2E0001', 'Accelerex', 'A920', '058'],
        ['E2E-UP-0002', '2E2E0002', 'PAX', 'S90', '044'],
        ['E2E-UP-0001', '2E2E0003', 'Accelerex', 'A920', '058'],
        ['E2E-UP-0004', 'BAD', 'Acme', 'Z', '058'],
      ]),
      'Stock',
    );
    const buffer = Buffer.from(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await page.goto(`${context.server.url}/terminal-uploads`);
    await page.locator('[data-list="terminals.uploads"]').waitFor();
    await page.keyboard.press('n');
    await page.waitForURL('**/terminal-upload/new');
    await page.locator('[data-page="new-terminal-upload"]').waitFor();
    await page.keyboard.press('o');
    await (await chooser).setFiles({ name: 'delivery.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await expect.poll(() => page.locator('[data-file-drop]').textContent()).toContain('delivery.xlsx');
    // Ctrl+Enter from the file box checks the file (and only checks it, so pressing again is safe):
    // pressed again if the first press came before the form had taken the file.
    await page.locator('[data-file-drop]').focus();
    for (let attempt = 0; attempt < 4 && !(await page.getByTestId('upload-message').isVisible()); attempt++) {
      await page.keyboard.press('Control+Enter');
      await page
        .getByTestId('upload-message')
        .waitFor({ timeout: 8_000 })
        .catch(() => undefined);
    }
    expect(await page.getByTestId('upload-message').textContent()).toBe('2 rows of 4 are good; 2 rows are bad. Nothing was saved.');
    const badRows = await page
      .locator('[data-testid="bad-rows"] [data-bad-row]')
      .evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-bad-row')} ${row.getAttribute('data-field')}`));
    expect(badRows).toEqual(['3 serial_no', '4 terminal_id', '4 provider']);
    const db = context.server.deps.db;
    expect(await db.selectFrom('terminals').select('id').where('serial_no', 'like', 'E2E-UP-%').execute()).toEqual([]);

    // Pressed once, when the save is offered: a second press could save the rows twice.
    await expect.poll(() => page.locator('button[data-action="save"]').isEnabled()).toBe(true);
    await page.keyboard.press('s');
    await expect.poll(() => page.getByTestId('upload-message').textContent(), { timeout: 20_000 }).toMatch(/^Upload #\d+: 2 rows saved; 2 bad rows skipped\.$/);
    const saved = await db.selectFrom('terminals').select(['serial_no', 'state']).where('serial_no', 'like', 'E2E-UP-%').orderBy('serial_no').execute();
    expect(saved).toEqual([
      { serial_no: 'E2E-UP-0001', state: 'IN_STOCK' },
      { serial_no: 'E2E-UP-0002', state: 'IN_STOCK' },
    ]);
    await page.keyboard.press('u');
    await page.waitForURL('**/terminal-uploads');
    await expect.poll(() => page.locator('[data-list="terminals.uploads"] [data-row-index="0"]').textContent()).toContain('delivery.xlsx');
  });
});
