import { lagosDate } from '@traction/core';
import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();
const DAY_MS = 86_400_000;

/**
 * Issue 20's field operations, as an operations lead works them, by keyboard: two new versions of
 * the terminal mastersheet uploaded (n, o, Ctrl+Enter to check, s to save) and their differences
 * read (d); a week of visits booked for an agent on New Merchant Visit, a sixth at a taken hour
 * refused, one visit logged once its time has come (l); and a retrieval form found by its
 * terminal's TID and opened with Enter.
 */
describe.runIf(run)('field operations by keyboard', () => {
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

  const db = () => context.server.deps.db;

  async function openFromPalette(words: string, path: string) {
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type(words);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${path}`);
  }

  /** Presses a key until what it does has happened: a view's keys are bound just after it renders, so a press may come early. */
  async function pressUntil(key: string, done: () => boolean | Promise<boolean>) {
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.keyboard.press(key);
      const deadline = Date.now() + 2_000;
      while (Date.now() < deadline) {
        if (await done()) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`${key} did nothing at ${page.url()}`);
  }

  /** On the sheet's upload view: choose the CSV with o, tag it, check it with Ctrl+Enter, save it with s. */
  async function uploadVersion(csv: string, name: string, tag: string): Promise<string> {
    // From the rows view, n opens a fresh upload, whatever the last one left on screen.
    await page.goto(`${context.server.url}/terminal-mastersheet`);
    await page.locator('[data-page="sheet"] [data-testid="sheet-version-summary"]').waitFor();
    await pressUntil('n', () => page.url().endsWith('/terminal-mastersheet?view=upload'));
    await page.locator('[data-page="sheet-upload"]').waitFor();
    // o chooses the file; the view's keys are bound once it has rendered, so a press may come early.
    let picked: FileChooser | null = null;
    for (let attempt = 0; attempt < 4 && !picked; attempt++) {
      const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
      await page.keyboard.press('o');
      picked = await Promise.race([chooser, new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_500))]);
    }
    if (!picked) throw new Error('o never offered a file chooser');
    await picked.setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page.locator('[data-file-drop]').textContent()).toContain(name);
    await page.getByTestId('sheet-tag').focus();
    await page.keyboard.type(tag);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.getByTestId('upload-message').textContent(), { timeout: 20_000 }).toMatch(/^All 3 rows are good: save the file as/);
    // Checking keeps nothing.
    await page.keyboard.press('Escape');
    await page.locator('body').focus();
    // Pressed once, when the save it stands for is offered: a second press would keep a second version.
    await expect.poll(() => page.locator('button[data-action="save"]').isEnabled()).toBe(true);
    await page.keyboard.press('s');
    await expect.poll(() => page.getByTestId('upload-message').textContent(), { timeout: 20_000 }).toMatch(/version \d+ saved: 3 rows/);
    return (await page.getByTestId('upload-message').textContent()) ?? '';
  }

  it('uploads two versions of the terminal mastersheet and reads what changed between them', { timeout: 120_000 }, async () => {
    const terminals = await db()
      .selectFrom('terminals as t')
      .innerJoin('businesses as b', 'b.id', 't.business_id')
      .select(['t.serial_no', 't.terminal_id', 't.business_id', 'b.name'])
      .where('t.state', '=', 'DEPLOYED')
      .orderBy('t.id')
      .limit(4)
      .execute();
    expect(terminals).toHaveLength(4);
    const [a, b, c, d] = terminals as [(typeof terminals)[number], (typeof terminals)[number], (typeof terminals)[number], (typeof terminals)[number]];
    const line = (row: typeof a, status: string, merchantId = row.business_id) =>
      [row.serial_no, row.terminal_id, merchantId, `"${row.name}"`, 'Lagos', '"12 Allen Avenue, Ikeja"', status].join(',');
    const header = 'Serial No,TID,Merchant ID,Merchant Name,State,Address,Status';
    const first = [header, line(a, 'Deployed'), line(b, 'Deployed'), line(c, 'Deployed')].join('\n');
    // The next week's sheet: c is gone, d is new, and b is faulty.
    const second = [header, line(a, 'Deployed'), line(b, 'Faulty'), line(d, 'Deployed')].join('\n');
    const before = await db().selectFrom('sheet_versions').select('id').where('source', '=', 'terminal-mastersheet').execute();

    await openFromPalette('terminal mastersheet', '/terminal-mastersheet');
    await page.locator('[data-page="sheet"][data-source="terminal-mastersheet"]').waitFor();
    const saidFirst = await uploadVersion(first, 'mastersheet-week-47.csv', 'Week 47');
    const saidSecond = await uploadVersion(second, 'mastersheet-week-48.csv', 'Week 48');
    const firstVersion = Number(/version (\d+) saved/.exec(saidFirst)?.[1]);
    const secondVersion = Number(/version (\d+) saved/.exec(saidSecond)?.[1]);
    expect(secondVersion).toBe(firstVersion + 1);
    const stored = await db()
      .selectFrom('sheet_versions')
      .select(['version', 'tag'])
      .where('source', '=', 'terminal-mastersheet')
      .orderBy('version', 'desc')
      .limit(2)
      .execute();
    expect(stored).toEqual([
      { version: secondVersion, tag: 'Week 48' },
      { version: firstVersion, tag: 'Week 47' },
    ]);
    expect((await db().selectFrom('sheet_versions').select('id').where('source', '=', 'terminal-mastersheet').execute()).length).toBe(before.length + 2);

    // d: the latest against the one before it, by default.
    await page.locator('body').focus();
    await pressUntil('d', async () => (await page.locator('[data-view="compare"]').count()) > 0);
    await expect
      .poll(() => page.getByTestId('compare-message').textContent(), { timeout: 20_000 })
      .toBe(`Terminal Mastersheet version ${secondVersion} against version ${firstVersion}: 1 row added, 1 removed, 1 changed, 1 the same.`);
    expect(await page.getByRole('table', { name: 'Added rows' }).textContent()).toContain(d.terminal_id);
    expect(await page.getByRole('table', { name: 'Removed rows' }).textContent()).toContain(c.terminal_id);
    const changed = page.getByRole('table', { name: 'Changed rows' });
    expect(await changed.textContent()).toContain(b.terminal_id);
    expect(await changed.locator('[data-changed]').textContent()).toBe('Deployed → Faulty');
  });

  it('books a week of visits for an agent, refuses a double booking, and logs one once its time has come', { timeout: 150_000 }, async () => {
    // A new agent with an empty diary, so the demo's visits cannot clash with the week booked here.
    const agent = await db()
      .insertInto('field_agents')
      .values({ name: 'Zainab Keyboard', email: 'zainab.keyboard@traction.ng', phone: '+2348030000777', role: 'MSO', state_code: 'LA' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const merchants = await db().selectFrom('businesses').select(['id', 'name']).orderBy('id').limit(5).execute();
    // The next five days at 10:00 Lagos time (09:00 UTC), starting tomorrow.
    const days = [1, 2, 3, 4, 5].map((ahead) => lagosDate(new Date(Date.now() + ahead * DAY_MS)));

    await openFromPalette('new merchant visit', '/new-merchant-visit');
    const form = page.locator('[data-testid="command-form"][data-command="visits.schedule"]');
    const book = async (businessId: number, day: string) => {
      await form.waitFor();
      await expect.poll(() => form.locator('select[name="agentId"] option').count()).toBeGreaterThan(1);
      await form.locator('select[name="agentId"]').selectOption(String(agent.id));
      await form.locator('[name="businessId"]').focus();
      await page.keyboard.type(String(businessId));
      await form.locator('select[name="agenda"]').selectOption('SUPPORT');
      await form.locator('[name="scheduledFor"]').fill(`${day}T10:00`);
      await page.keyboard.press('Control+Enter');
    };
    for (const [index, day] of days.entries()) {
      await book(merchants[index]!.id, day);
      const done = page.locator('[role="status"][data-visit-id]');
      await done.waitFor({ timeout: 20_000 });
      // "Another visit" has the focus: Enter starts the next one.
      await page.keyboard.press('Enter');
    }
    // A sixth at a taken hour: refused, and said why.
    await book(merchants[0]!.id, days[2]!);
    await expect
      .poll(() => form.textContent(), { timeout: 20_000 })
      .toMatch(
        new RegExp(`Zainab Keyboard already has visit \\d+ at ${merchants[2]!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} on .*which overlaps this one`),
      );
    const booked = await db()
      .selectFrom('visits')
      .select(['id', 'business_id', 'status', 'scheduled_for'])
      .where('agent_id', '=', agent.id)
      .orderBy('scheduled_for')
      .execute();
    expect(booked.map((visit) => visit.business_id)).toEqual(merchants.map((merchant) => merchant.id));
    expect(booked.every((visit) => visit.status === 'SCHEDULED')).toBe(true);
    expect(booked.map((visit) => new Date(visit.scheduled_for).toISOString())).toEqual(days.map((day) => `${day}T09:00:00.000Z`));

    // The schedule, filtered to the agent, lists the week.
    await page.goto(`${context.server.url}/merchant-visitation?agentId=${agent.id}`);
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count'), { timeout: 20_000 }).toBe('5');

    // The first visit's time comes (moved to yesterday: the server's clock is real), and it is logged.
    const first = booked[0]!;
    await db()
      .updateTable('visits')
      .set({ scheduled_for: new Date(Date.now() - DAY_MS) })
      .where('id', '=', first.id)
      .execute();
    await page.goto(`${context.server.url}/view-merchant-visitation-log/${first.id}`);
    await page.locator(`[data-page="merchant-visit"][data-status="SCHEDULED"]`).waitFor();
    await pressUntil('l', async () => (await page.locator('[data-command="visits.log"]').count()) > 0);
    const logForm = page.locator('[data-testid="command-form"][data-command="visits.log"]');
    await logForm.waitFor();
    await logForm.locator('select[name="status"]').selectOption('DONE');
    await logForm.locator('[name="outcome"]').focus();
    await page.keyboard.type('Replaced the paper roll; test sale went through');
    await page.keyboard.press('Control+Enter');
    const confirm = logForm.locator('[data-confirm-step]');
    if (await confirm.isVisible().catch(() => false)) await page.keyboard.press('Enter');
    await page.getByTestId('command-result').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.locator(`[data-page="merchant-visit"][data-status="DONE"]`).waitFor();
    expect(await page.getByTestId('visit-outcome').textContent()).toContain('Replaced the paper roll; test sale went through');
    const logged = await db().selectFrom('visits').select(['status', 'outcome']).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(logged).toEqual({ status: 'DONE', outcome: 'Replaced the paper roll; test sale went through' });
  });

  it('finds the retrieval form of a terminal by its TID and opens it with Enter', { timeout: 90_000 }, async () => {
    const retrieval = await db()
      .selectFrom('field_forms as f')
      .innerJoin('terminals as t', 't.id', 'f.terminal_id')
      .select(['f.id', 't.id as terminal_record', 't.terminal_id'])
      .where('f.kind', '=', 'RETRIEVAL')
      .orderBy('f.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const sameTerminal = await db()
      .selectFrom('field_forms')
      .select('id')
      .where('kind', '=', 'RETRIEVAL')
      .where('terminal_id', '=', (eb) => eb.selectFrom('field_forms').select('terminal_id').where('id', '=', retrieval.id))
      .execute();

    await openFromPalette('retrieval response', '/retrieval-response');
    await page.locator('[data-list] [data-row-index="0"]').waitFor({ timeout: 20_000 });
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-page-search'))).toBe(true);
    await page.keyboard.type(retrieval.terminal_id);
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count'), { timeout: 20_000 }).toBe(String(sameTerminal.length));
    for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.matches('[role="grid"]') ?? false)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/form-responses\/\d+$/);
    await page.locator('[data-page="field-form"][data-kind="RETRIEVAL"]').waitFor();
    expect(await page.locator('[data-page="field-form"]').textContent()).toContain(retrieval.terminal_id);

    // The terminal's page leads to every form about it, of any kind.
    const everyKind = await db().selectFrom('field_forms').select('id').where('terminal_id', '=', retrieval.terminal_record).execute();
    await page.goto(`${context.server.url}/terminals/${retrieval.terminal_record}`);
    const toForms = page.getByTestId('terminal-field-links').getByRole('link', { name: 'Forms from the field app' });
    await toForms.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/form-responses?search=${retrieval.terminal_id}`);
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count'), { timeout: 20_000 }).toBe(String(everyKind.length));
  });
});
