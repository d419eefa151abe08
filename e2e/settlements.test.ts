import { lagosDate } from '@traction/core';
import { checkLedger, hashPassword } from '@traction/server/testing';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();
const APPROVER_EMAIL = 'settlements.approver@traction.ng';
const APPROVER_PASSWORD = 'e2e-approver-password';

/**
 * Settling a day's card group by keyboard: rows selected with j and x, "Settle to wallets" on 1,
 * the postings previewed and confirmed; above the policy's amount it waits, and a second admin
 * approves it on Approvals; the merchants' wallets are credited once and the ledger balances.
 */
describe.runIf(run)('settlements by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;
  let approver: Page;

  beforeAll(async () => {
    context = await startConsoleServer();
    const db = context.server.deps.db;
    const { id } = await db
      .insertInto('admins')
      .values({ email: APPROVER_EMAIL, first_name: 'Funke', last_name: 'Approver', role: 'staff', password_hash: await hashPassword(APPROVER_PASSWORD, 10) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('admin_permissions')
      .values(['settlements.view', 'settlements.settle', 'approvals.view'].map((permission) => ({ admin_id: id, permission })))
      .execute();
    // Every settlement of this test waits for a second admin.
    await db.updateTable('approval_policies').set({ approval_above_kobo: 100 }).where('command_id', '=', 'settlements.settle').execute();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    approver = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
    await signIn(approver, context, APPROVER_EMAIL, APPROVER_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  it('selects two cumulations of yesterday’s card group, settles them to wallets, and a second admin approves', async () => {
    const db = context.server.deps.db;
    const yesterday = lagosDate(new Date(Date.now() - 86_400_000));
    const { rows } = await sql<{ id: string }>`select id::text from settlement_groups where settlement_date = ${yesterday}::date and not aggregator`.execute(
      db,
    );
    const group = Number(rows[0]!.id);
    await page.goto(`${context.server.url}/settlements?status=PENDING`);
    const groups = page.locator('[data-list="settlements.groups"]');
    await groups.locator('[data-row-index="0"]').waitFor();
    await page.goto(`${context.server.url}/settlements/${group}`);
    const list = page.locator('[data-list="settlements.cumulations"]');
    await list.locator('[data-row-index="1"]').waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect.poll(() => page.getByTestId('bulk-bar').getAttribute('data-count')).toBe('2');

    await page.keyboard.press('1');
    const form = page.locator('[data-testid="command-form"][data-command="settlements.settle"]');
    await form.waitFor();
    await page.keyboard.press('Control+Enter');
    await form.locator('[data-money-confirmation]').waitFor();
    // Above the policy's amount nothing posts yet: the preview is of the request a second admin decides.
    await expect.poll(() => form.textContent()).toContain('asks a second admin');
    await page.keyboard.type('CONFIRM');
    await page.keyboard.press('Enter');
    const result = page.getByTestId('command-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('approval request');
    await page.keyboard.press('Escape');
    const waiting = await db
      .selectFrom('settlement_cumulations')
      .select(['id', 'approval_request_id', 'business_id'])
      .where('status', '=', 'AWAITING_APPROVAL')
      .where('group_id', '=', group as never)
      .execute();
    expect(waiting).toHaveLength(2);
    const requestId = waiting[0]!.approval_request_id!;

    await approver.goto(`${context.server.url}/approvals/${requestId}`);
    await approver.locator(`[data-page="approval"][data-approval-id="${requestId}"][data-status="PENDING"]`).waitFor();
    await approver.keyboard.press('a');
    await approver.locator('[data-testid="command-form"][data-command="approvals.approve"]').waitFor();
    await approver.keyboard.type('Matches the processor report');
    await approver.keyboard.press('Control+Enter');
    await approver.locator('[data-money-confirmation]').waitFor();
    await approver.keyboard.type(String(requestId));
    await approver.keyboard.press('Enter');
    await approver.waitForURL((where) => where.pathname === '/approvals');

    const settled = await db
      .selectFrom('settlement_cumulations')
      .select(['status', 'ledger_transfer_id'])
      .where('approval_request_id', '=', requestId)
      .execute();
    expect(settled.map((row) => row.status)).toEqual(['SETTLED', 'SETTLED']);
    expect(settled.every((row) => row.ledger_transfer_id !== null)).toBe(true);
    await page.reload();
    await expect.poll(() => page.locator('[data-group-status]').textContent()).toContain('2 settled to wallets');
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
