import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/**
 * A reviewer's morning, by keyboard only, as someone new to the console would work it: find
 * All Verifications from the palette, narrow it to pending documents (oldest first), open the
 * first with Enter, approve it with a comment — the next record opens by itself, focus on its
 * decision — disapprove that one, reject the one after on the reject page, and find all three
 * decisions in the Audit Log.
 */
describe.runIf(run)('reviewing KYC by keyboard', () => {
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
  const url = () => new URL(page.url());
  const statusOf = async (id: number) => (await db().selectFrom('kyc_records').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  /** Waits for a record's page to show the record with this status. */
  async function onRecord(id: number, status: string) {
    await page.locator(`[data-page="kyc-record"][data-kyc-id="${id}"][data-status="${status}"]`).waitFor();
  }
  async function palette(text: string) {
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }

  it('approves, disapproves and rejects pending documents, and the audit log shows each decision', async () => {
    await palette('All Verifications');
    await page.waitForURL('**/all-verification');
    await page.locator('[data-list="kyc.list"] [data-row-index="0"]').waitFor();

    // "/" reaches the filters: the business search, then Tab to the type, then the status.
    await page.keyboard.press('/');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Document');
    await expect.poll(() => url().searchParams.get('verificationType')).toBe('DOCUMENT');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Pending');
    await expect.poll(() => url().searchParams.get('status')).toBe('PENDING');
    const pending = await db()
      .selectFrom('kyc_records')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('verification_type', '=', 'DOCUMENT')
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBeGreaterThanOrEqual(4);
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe(String(pending.n));
    // The queue runs oldest submission first: the order the decisions will walk.
    const queue = (
      await db()
        .selectFrom('kyc_records')
        .select('id')
        .where('verification_type', '=', 'DOCUMENT')
        .where('status', '=', 'PENDING')
        .orderBy('submitted_at', 'asc')
        .orderBy('id', 'asc')
        .limit(4)
        .execute()
    ).map((row) => row.id);
    const focusedAction = () => page.evaluate(() => document.activeElement?.getAttribute('data-action') ?? document.activeElement?.tagName);
    // Leave the filter for the table (its keys never fire while a field has focus).
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await page.keyboard.press('j');
    const first = Number(await page.locator('[data-row-index="0"]').getAttribute('data-row-key'));
    expect(first).toBe(queue[0]);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/all-verification/${first}`);
    await onRecord(first, 'PENDING');

    // a: approve, with a comment typed straight away (no wait: the first key must not be lost), Enter sends
    await page.keyboard.press('a');
    await page.keyboard.type('Docs ok: NIN matches the NIMC record');
    await page.getByTestId('kyc-decision').waitFor();
    await page.keyboard.press('Enter');

    // Decide and advance: the next record of the queue opens, saying what was done, focus on its decision
    const second = queue[1]!;
    await page.waitForURL(`**/all-verification/${second}`);
    await onRecord(second, 'PENDING');
    await expect.poll(() => page.getByTestId('kyc-notice').textContent()).toBe(`KYC #${first} approved.`);
    await expect.poll(focusedAction).toBe('a');
    expect(await statusOf(first)).toBe('APPROVED');

    // d: disapprove (a comment is required)
    await page.keyboard.press('d');
    await page.getByTestId('kyc-decision').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('kyc-decision').getByRole('alert').textContent()).toMatch(/Comment is required/);
    await page.keyboard.type('Name on the NIN slip is not the business owner');
    await page.keyboard.press('Enter');
    const third = queue[2]!;
    await page.waitForURL(`**/all-verification/${third}`);
    await onRecord(third, 'PENDING');
    // the dialog has closed and the next page has its keys once it says what was done
    await expect.poll(() => page.getByTestId('kyc-notice').textContent()).toBe(`KYC #${second} disapproved.`);
    await expect.poll(focusedAction).toBe('a');

    // r: the reject page; Enter in the comment rejects (as in the dialogs) and the next record opens
    await page.keyboard.press('r');
    await page.waitForURL(`**/document-verification/reject/${third}`);
    await page.getByTestId('kyc-reject-form').waitFor();
    await page.keyboard.type('The photo page is cut off and unreadable');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/all-verification/${queue[3]}`);
    await onRecord(queue[3]!, 'PENDING');
    await expect.poll(() => page.getByTestId('kyc-notice').textContent()).toBe(`KYC #${third} rejected.`);
    expect(await statusOf(third)).toBe('REJECTED');

    const decided = await db()
      .selectFrom('kyc_records')
      .select(['id', 'status', 'comment', 'reviewed_by'])
      .where('id', 'in', [first, second, third])
      .orderBy('id', 'desc')
      .execute();
    expect(new Map(decided.map((row) => [row.id, [row.status, row.comment]]))).toEqual(
      new Map([
        [first, ['APPROVED', 'Docs ok: NIN matches the NIMC record']],
        [second, ['DISAPPROVED', 'Name on the NIN slip is not the business owner']],
        [third, ['REJECTED', 'The photo page is cut off and unreadable']],
      ]),
    );
    expect(new Set(decided.map((row) => row.reviewed_by)).size).toBe(1);

    // u: back to the list with its filters; the decided records have left the pending view
    await page.keyboard.press('u');
    await page.waitForURL((where) => where.pathname === '/all-verification' && where.searchParams.get('status') === 'PENDING');
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe(String(Number(pending.n) - 3));

    await palette('Audit Log');
    await page.waitForURL('**/audit-log');
    const rows = page.locator('[data-list="audit.list"] [data-row-index]');
    await rows.first().waitFor();
    const recent = await Promise.all([0, 1, 2].map((i) => page.locator(`[data-list="audit.list"] [data-row-index="${i}"]`).textContent()));
    // Each decision reads as its sentence (the command id is a filter, and a column the table drops first).
    const verbs = recent.map((text) => /Super Admin (approved|disapproved|rejected) .+'s document record #\d+/.exec(text ?? '')?.[1]);
    expect(new Set(verbs)).toEqual(new Set(['approved', 'disapproved', 'rejected']));
    for (const text of recent) expect(text).toContain(ROOT_EMAIL);
  });
});
