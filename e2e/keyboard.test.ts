import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

describe.runIf(run)('working the console by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;

  beforeAll(async () => {
    context = await startConsoleServer();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })).newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  const db = () => context.server.deps.db;
  const url = () => new URL(page.url());
  const activeRow = () => page.locator('[data-row-index][data-active="true"]').getAttribute('data-row-index');
  async function openList(path: string) {
    await page.goto(`${context.server.url}${path}`);
    await page.locator('[data-list] [data-row-index="0"]').waitFor();
  }

  it('goes places with Ctrl+K, g chords, / and ?, and never while typing', async () => {
    await page.goto(`${context.server.url}/quick-access`);
    await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });

    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type('audit log');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/audit-log');
    await expect.poll(() => page.getByTestId('command-palette').count()).toBe(0);

    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await page.waitForURL('**/admin');
    // the list that is there now, not the audit log's rows still on screen while All Admins loads
    await page.locator('[data-list="admins.list"] [data-row-index="0"]').waitFor();

    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-page-search'))).toBe(true);
    await page.keyboard.type('g o');
    await expect.poll(() => url().searchParams.get('search')).toBe('g o');
    expect(url().pathname).toBe('/admin');
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await page.keyboard.press('Shift+Slash');
    const help = page.getByTestId('shortcut-help');
    await help.waitFor();
    expect(await help.textContent()).toContain('Open the command palette');
    expect(await help.textContent()).toContain('Next row');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);

    // Ctrl+L stays the browser's even in the middle of a g sequence: g, then Ctrl+L, goes nowhere.
    await page.keyboard.press('g');
    await page.keyboard.press('Control+l');
    await page.waitForTimeout(300);
    expect(url().pathname).toBe('/admin');
  });

  it('runs a command from the palette and the change shows in the list', async () => {
    await page.goto(`${context.server.url}/admin`);
    await page.locator('[data-row-index="0"]').waitFor();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('create an admin');
    await page.keyboard.press('Enter');
    const form = page.getByTestId('command-form');
    await form.waitFor();
    await page.keyboard.type('chioma.palette@traction.ng');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Chioma');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Palette');
    await page.keyboard.press('Enter');
    await page.getByTestId('command-result').waitFor();
    const created = await db().selectFrom('admins').select(['first_name', 'role']).where('email', '=', 'chioma.palette@traction.ng').executeTakeFirst();
    expect(created).toEqual({ first_name: 'Chioma', role: 'staff' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.keyboard.type('chioma.palette');
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('1');
    expect(await page.locator('[data-row-index="0"]').textContent()).toContain('chioma.palette@traction.ng');
  });

  it('moves through a table with j and k and opens a row with Enter', async () => {
    await openList('/admin');
    await page.keyboard.press('j');
    await expect.poll(activeRow).toBe('0');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect.poll(activeRow).toBe('1');
    const key = await page.locator('[data-row-index="1"]').getAttribute('data-row-key');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/permissions-user-by-id/${key}/**`);
    await page.getByTestId('permission-checklist').waitFor();
  });

  it('selects every admin matching the filter, not only those loaded, and grants to them in bulk', async () => {
    for (let i = 0; i < 130; i++) {
      await db()
        .insertInto('admins')
        .values({ email: `bulk${i}@branch.traction.ng`, first_name: 'Bulk', last_name: `Teller ${i}`, role: 'staff' })
        .execute();
    }
    await openList('/admin?search=%40branch.traction.ng');
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('130');
    expect(await page.locator('[data-row-index]').count()).toBeLessThan(130);

    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect.poll(() => page.getByTestId('bulk-bar').getAttribute('data-count')).toBe('1');
    await page.keyboard.press('Shift+a');
    await expect.poll(() => page.getByTestId('bulk-bar').getAttribute('data-count')).toBe('130');
    await page.keyboard.press('j');
    await page.keyboard.press('x'); // leave the second row out
    await expect.poll(() => page.getByTestId('bulk-bar').getAttribute('data-count')).toBe('129');
    const leftOut = Number(await page.locator('[data-row-index="1"]').getAttribute('data-row-key'));

    await page.locator('[data-command="permissions.grant-bulk"]').click();
    const form = page.getByTestId('command-form');
    await form.waitFor();
    await form.locator('input[name="permissions"][value="audit.view"]').check();
    // The buttons say the action of the selection: "Grant “Audit log: view” to all 129 admins matching the filters".
    await form.getByRole('button', { name: /^Grant .* to all 129 admins matching the filters…$/ }).click();
    await form
      .locator('[data-confirm-step]')
      .getByRole('button', { name: /^Grant .* to all 129 admins matching the filters$/ })
      .click();
    await page.getByTestId('command-result').waitFor();
    expect(await page.getByTestId('command-result').textContent()).toMatch(/129/);

    const granted = await db()
      .selectFrom('admin_permissions as p')
      .innerJoin('admins as a', 'a.id', 'p.admin_id')
      .select('a.id')
      .where('a.email', 'like', '%@branch.traction.ng')
      .where('p.permission', '=', 'audit.view')
      .execute();
    expect(granted).toHaveLength(129);
    expect(granted.map((g) => g.id)).not.toContain(leftOut);
  });

  it('downloads the whole filtered list as CSV, not only the loaded page', async () => {
    await openList('/admin?role=staff');
    const expected = await db()
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'staff')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(expected.n)).toBeGreaterThan(100);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!.split(',');
    const role = header.indexOf('Role');
    expect(role).toBeGreaterThan(-1);
    expect(lines.length - 1).toBe(Number(expected.n));
    // every row is a staff admin: the download carried the filter
    expect(lines.slice(1).filter((line) => !line.split(',').includes('staff'))).toEqual([]);
    await expect.poll(() => page.getByTestId('csv-result').getAttribute('data-rows')).toBe(String(expected.n));
  });
});
