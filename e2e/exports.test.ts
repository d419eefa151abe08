import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, writeExportPartly } from '@traction/server/testing';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * Issue 21's export jobs and schedules, as ops use them, by keyboard: a list exported in the
 * background from its CSV action, the server restarted while the job is half done (its rows
 * frozen, nothing written), the ready toast on another page and the file saved from Downloads
 * with Enter, holding the rows of the moment it started; then a nightly schedule made with n,
 * run now with r, and its run read as sent.
 */
describe.runIf(run)('export jobs and schedules by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;
  // One database kept open across the restart.
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const kept = () => ({ ...database, close: async () => {} });

  beforeAll(async () => {
    database = await openTestDatabase();
    // No job worker at first: the export waits, as on a server that dies before it is done.
    context = await startConsoleServer({ database: kept(), demoMerchants: 60, demoPayments: 0, jobs: false });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })).newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
    await database?.close();
  });

  const db = () => context.server.deps.db;

  async function tabTo(selector: string, limit = 80) {
    for (let presses = 0; presses < limit; presses += 1) {
      if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`${selector} was not reached in ${limit} Tab presses`);
  }

  it('exports a list in the background across a restart, and saves the file from Downloads', async () => {
    const merchants = Number(
      (
        await db()
          .selectFrom('businesses')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await page.goto(`${context.server.url}/merchants`);
    await page.locator('[data-list] [data-row-index="0"]').waitFor({ timeout: 20_000 });
    await tabTo('[data-testid="export-background"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-toast]').first().textContent()).toMatch(/Export started/);
    const file = await db().selectFrom('export_files').select(['id', 'status']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(file.status).toBe('QUEUED');

    // Half done: the rows frozen, then the server goes. A merchant who signs up meanwhile is not in the file.
    await writeExportPartly(context.server.deps, file.id);
    expect((await db().selectFrom('export_files').select('status').where('id', '=', file.id).executeTakeFirstOrThrow()).status).toBe('RUNNING');
    await db()
      .updateTable('businesses')
      .set({ name: 'Signed Up During Export Ltd' })
      .where('id', '=', (eb) => eb.selectFrom('businesses').select((b) => b.fn.max('id').as('id')))
      .execute();
    const port = Number(new URL(context.server.url).port);
    await context.server.close();
    context = await startConsoleServer({ database: kept(), demoMerchants: 60, demoPayments: 0, port });

    // On another page, the console says when it is ready.
    await page.goto(`${context.server.url}/overview`);
    await expect.poll(() => page.locator('[data-toast]').allTextContents(), { timeout: 30_000 }).toContainEqual(expect.stringMatching(/ready/));
    await page.goto(`${context.server.url}/downloads`);
    await page.locator('[data-list] [data-row-index="0"]').waitFor({ timeout: 20_000 });
    for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.matches('[role="grid"]') ?? false)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('j');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^merchants-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.trim().split('\n')).toHaveLength(merchants + 1);
    expect(csv).not.toContain('Signed Up During Export Ltd');
  }, 120_000);

  it('makes a nightly schedule with n, runs it now with r and shows the run sent', async () => {
    await page.goto(`${context.server.url}/schedules-management`);
    await page.locator('[data-action="new-schedule"]').waitFor();
    await page.locator('body').focus();
    await page.keyboard.press('n');
    const dialog = page.getByTestId('command-dialog');
    await dialog.waitFor();
    await dialog.locator('[data-field="name"] input').focus();
    await page.keyboard.type('Nightly merchants');
    await dialog.locator('[data-field="list"] select').focus();
    await page.keyboard.type('Merchants');
    await dialog.locator('[data-field="dateRange"] select').focus();
    await page.keyboard.type('Every');
    await dialog.locator('[data-field="time"] input').focus();
    await page.keyboard.type('01:30');
    await dialog.locator('[data-field="recipients"] input').focus();
    await page.keyboard.type('ops@traction.ng');
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(
        async () =>
          await db().selectFrom('export_schedules').select(['name', 'command_id', 'date_range']).where('name', '=', 'Nightly merchants').executeTakeFirst(),
      )
      .toEqual({
        name: 'Nightly merchants',
        command_id: 'merchants.list',
        date_range: 'NONE',
      });
    await page.keyboard.press('Escape');
    await page.goto(`${context.server.url}/schedules-management`);
    await page.locator('[data-list] [data-row-index="0"]').waitFor({ timeout: 20_000 });
    for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.matches('[role="grid"]') ?? false)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/schedules-management\/\d+$/);
    await page.getByTestId('schedule-facts').waitFor();
    await page.keyboard.press('r');
    const confirm = page.getByTestId('command-dialog');
    if (await confirm.isVisible().catch(() => false)) await page.keyboard.press('Control+Enter');
    await expect.poll(() => context.email.latest('ops@traction.ng', 'scheduled-export')?.data.link, { timeout: 30_000 }).toMatch(/\/downloads\?export=\d+$/);
    await expect.poll(() => page.getByTestId('schedule-runs').textContent(), { timeout: 20_000 }).toMatch(/Sent/);
  }, 120_000);

  it('opens every dataset with ] and exports each as CSV by keyboard', async () => {
    const sets = ['users', 'businesses', 'sales', 'invoices', 'orders', 'online-stores', 'products'];
    await page.goto(`${context.server.url}/dataset?set=users`);
    for (const [index, set] of sets.entries()) {
      if (index > 0) {
        await page.locator('body').focus();
        await page.keyboard.press(']');
      }
      await expect.poll(() => new URL(page.url()).searchParams.get('set')).toBe(set);
      await page.locator('[data-list] [data-row-index="0"]').waitFor({ timeout: 20_000 });
      await page.locator('body').focus();
      await tabTo('[data-testid="download-csv"]');
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      const csv = await readFile(await download.path(), 'utf8');
      const total = Number(await page.getByTestId('row-count').getAttribute('data-count'));
      expect(csv.trim().split('\n').length, set).toBeGreaterThan(1);
      expect(total, set).toBeGreaterThan(0);
    }
  }, 120_000);
});
