import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { lagosDate, loanReference } from '@traction/core';
import { checkLedger, hashPassword, ledgerWallet } from '@traction/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();
const APPROVER_EMAIL = 'loans.approver@traction.ng';
const APPROVER_PASSWORD = 'e2e-approver-password';
const DAY_MS = 86_400_000;
/** Disbursed this many days ago, daily: every one of its instalments is due by today. */
const DAYS_AGO = 4;
const INSTALMENTS = 4;

/**
 * Issue 18's check, by keyboard: a loan requested on its form by one admin, approved in the
 * approvals queue by a second, disbursed a few days back (so its daily instalments are due),
 * repaid by a deduction run started from the portal after its dry run listed the instalments, a
 * second run taking nothing more from it, and the day's deduction report downloaded with the
 * repayments' ledger references — then the ledger check.
 */
describe.runIf(run)('a loan from request to repayment by keyboard', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;

  beforeAll(async () => {
    context = await startConsoleServer();
    browser = await launchBrowser();
    const db = context.server.deps.db;
    const { id } = await db
      .insertInto('admins')
      .values({
        email: APPROVER_EMAIL,
        first_name: 'Bisi',
        last_name: 'Approver',
        role: 'staff',
        password_hash: await hashPassword(APPROVER_PASSWORD, 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('admin_permissions')
      .values(['loans.approve', 'loans.view', 'approvals.view'].map((permission) => ({ admin_id: id, permission })))
      .execute();
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  async function newPage(email: string, password: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })).newPage();
    await signIn(page, context, email, password);
    return page;
  }

  /** Starts a deduction run from the portal with r: the dry run shows in the confirmation, Enter starts it, the run's page opens and is waited on until Done. */
  async function runDeductions(page: Page, reference: string): Promise<{ runId: number; planned: string[] }> {
    await page.goto(`${context.server.url}/auto-deduction`);
    await page.locator('[data-page="list"][data-list="deductions.runs"]').waitFor();
    await page.keyboard.press('r');
    const form = page.locator('[data-testid="command-form"][data-command="deductions.run"]');
    await form.waitFor();
    // Due by: left empty, today.
    await page.keyboard.press('Control+Enter');
    const plan = form.locator('[data-confirm-step] [data-testid="deduction-plan"]');
    await plan.waitFor();
    // Every instalment is drawn (the demo's are few): the loan's, the last by id, are among them.
    expect(await plan.getByTestId('plan-more').count()).toBe(0);
    const planned = await plan
      .locator(`tr[data-plan-loan="${reference}"]`)
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '').join(' | ')));
    // The confirm button has the focus: Enter starts the run, and its page opens.
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/auto-deduction\/\d+$/);
    const runId = Number(new URL(page.url()).pathname.split('/').pop());
    // The page refreshes itself every 2 s while the run is under way.
    await page.locator(`[data-page="deduction-run"][data-run-id="${runId}"][data-status="DONE"]`).waitFor({ timeout: 30_000 });
    return { runId, planned };
  }

  it('is requested, approved by a second admin, disbursed, repaid by deduction runs and reported', { timeout: 120_000 }, async () => {
    const db = context.server.deps.db;
    const { business, account } = await ledgerWallet(db, {
      funds: 500_000,
      business: { name: 'Iya Basira Kitchen', email: 'iya.basira@kitchen.ng', kyc_exempt: true },
    });

    // Admin 1 asks for the loan on its form: ₦20,000 at 5% and a ₦500 fee, in 4 daily instalments.
    const officer = await newPage(ROOT_EMAIL, ROOT_PASSWORD);
    await officer.goto(`${context.server.url}/loans`);
    await officer.locator('[data-page="list"][data-list="loans.list"]').waitFor();
    await officer.keyboard.press('n');
    await officer.waitForURL('**/loans/new-loan');
    await officer.locator('[data-page="new-loan"]').waitFor();
    const newLoan = officer.locator('[data-testid="command-form"][data-command="loans.add"]');
    await newLoan.waitFor();
    // The merchant's id has the first keystroke; the note under it names the business.
    await expect.poll(() => newLoan.locator('[name="businessId"]').evaluate((element) => element === document.activeElement)).toBe(true);
    await officer.keyboard.type(String(business.id));
    await expect.poll(() => newLoan.locator(`[data-merchant-note="${business.id}"]`).textContent()).toContain('Iya Basira Kitchen');
    await officer.keyboard.press('Tab'); // purpose: working capital, as it is
    await officer.keyboard.press('Tab');
    await officer.keyboard.type('20000');
    await officer.keyboard.press('Tab');
    await officer.keyboard.type('5'); // per cent
    await officer.keyboard.press('Tab');
    await officer.keyboard.type('500');
    await officer.keyboard.press('Tab');
    await officer.keyboard.type('Daily'); // the select's type-ahead
    await expect.poll(() => newLoan.locator('[name="frequency"]').inputValue()).toBe('DAILY');
    await officer.keyboard.press('Tab');
    await officer.keyboard.type(String(INSTALMENTS));
    // The schedule is previewed under the terms as they are typed.
    await expect
      .poll(() => newLoan.locator('[data-loan-preview="ready"]').textContent())
      .toContain('₦21,500.00 = ₦20,000.00 + interest ₦1,000.00 + fee ₦500.00');
    await expect.poll(() => newLoan.locator('[data-preview="instalment"]').textContent()).toBe('4 daily instalments of ₦5,375.00');
    await officer.keyboard.press('Tab');
    await officer.keyboard.type('Stock for the Ileya festival');
    await officer.keyboard.press('Control+Enter');
    await officer.waitForURL(/\/loans\/\d+$/);
    const loanId = Number(new URL(officer.url()).pathname.split('/').pop());
    await officer.locator(`[data-page="loan"][data-loan-id="${loanId}"][data-status="REQUESTED"]`).waitFor();
    const stored = await db.selectFrom('loans').selectAll().where('id', '=', loanId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      business_id: business.id,
      purpose: 'WORKING_CAPITAL',
      principal: 2_000_000n,
      interest_bps: 500,
      interest: 100_000n,
      fee: 50_000n,
      total_repayable: 2_150_000n,
      frequency: 'DAILY',
      instalments: INSTALMENTS,
      reason: 'Stock for the Ileya festival',
    });
    const approvalId = stored.approval_request_id;
    expect(approvalId).toBeTypeOf('number');
    await expect.poll(() => officer.getByTestId('approval-link').textContent()).toBe(`Approval request #${approvalId}`);
    const reference = loanReference(loanId);
    await expect.poll(() => officer.locator('h1').first().textContent()).toBe(`Loan ${reference} · Iya Basira Kitchen`);
    // The one who asked cannot disburse what nobody approved yet.
    expect(await officer.locator('[aria-keyshortcuts="b"]').count()).toBe(0);

    // Admin 2 approves it on its request's page; approving a loan moves no money.
    const approver = await newPage(APPROVER_EMAIL, APPROVER_PASSWORD);
    const beforeApproval = await db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await approver.goto(`${context.server.url}/approvals/${approvalId}`);
    await approver.locator(`[data-page="approval"][data-approval-id="${approvalId}"][data-status="PENDING"]`).waitFor();
    await approver.keyboard.press('a');
    await approver.locator('[data-testid="command-form"][data-command="approvals.approve"]').waitFor();
    await approver.keyboard.type('Turnover covers the instalments');
    await approver.keyboard.press('Control+Enter');
    await approver.locator('[data-money-confirmation]').waitFor();
    await approver.keyboard.type(String(approvalId));
    await approver.keyboard.press('Enter');
    // Decided, the queue moves on to its next request (the demo's) or back to the queue.
    await approver.waitForURL((where) => where.pathname !== `/approvals/${approvalId}`);
    expect(await db.selectFrom('loans').select(['status', 'approved_by']).where('id', '=', loanId).executeTakeFirstOrThrow()).toMatchObject({
      status: 'APPROVED',
      approved_by: expect.any(Number),
    });
    expect(
      await db
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(beforeApproval);

    // Admin 1 disburses it, dated four days back: its four daily instalments are all due today.
    await officer.reload();
    await officer.locator(`[data-page="loan"][data-loan-id="${loanId}"][data-status="APPROVED"]`).waitFor();
    await officer.keyboard.press('b');
    const disburse = officer.locator('[data-testid="command-form"][data-command="loans.update"]');
    await disburse.waitFor();
    await expect.poll(() => disburse.locator('[name="disbursedOn"]').evaluate((element) => element === document.activeElement)).toBe(true);
    await officer.keyboard.type(`${DAYS_AGO}d`);
    // Sent straight from the date field: the typed day goes with it.
    await officer.keyboard.press('Control+Enter');
    const confirmation = disburse.locator('[data-money-confirmation]');
    await confirmation.waitFor();
    // It asks for the principal, and previews the posting to the merchant's wallet.
    expect(await confirmation.locator('strong').textContent()).toBe('₦20,000.00');
    await expect.poll(() => disburse.textContent()).toContain('₦5,000.00 → ₦25,000.00');
    await officer.keyboard.type('₦20,000.00');
    await officer.keyboard.press('Enter');
    await officer.getByTestId('command-result').waitFor();
    await officer.keyboard.press('Escape');
    await officer.locator(`[data-page="loan"][data-loan-id="${loanId}"][data-status="DISBURSED"]`).waitFor();
    // The day typed (4d: four days ago) is the day sent.
    expect(await db.selectFrom('loans').select(['status', 'disbursed_on']).where('id', '=', loanId).executeTakeFirstOrThrow()).toEqual({
      status: 'DISBURSED',
      disbursed_on: lagosDate(new Date(Date.now() - DAYS_AGO * DAY_MS)),
    });
    expect(
      await officer
        .locator('[data-section="schedule"] [data-instalment-state]')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-instalment-state'))),
    ).toEqual(['LATE', 'LATE', 'LATE', 'DUE']);

    // The first run: its dry run lists the loan's four instalments, each to be taken in full.
    const first = await runDeductions(officer, reference);
    expect(first.planned).toHaveLength(INSTALMENTS);
    for (const [index, row] of first.planned.entries()) {
      expect(row).toContain(`${reference} | Iya Basira Kitchen | ${index + 1} |`);
      expect(row).toContain('₦5,375.00 | ₦5,375.00 | Taken');
    }
    const repayments = await db
      .selectFrom('loan_repayments as r')
      .innerJoin('ledger_transfers as t', 't.id', 'r.transfer_id')
      .select(['r.instalment', 'r.amount', 'r.run_id', 't.reference', 't.kind'])
      .where('r.loan_id', '=', loanId)
      .orderBy('r.instalment')
      .execute();
    expect(repayments.map(({ instalment, amount, run_id, kind }) => ({ instalment, amount, run_id, kind }))).toEqual(
      [1, 2, 3, 4].map((instalment) => ({ instalment, amount: 537_500n, run_id: first.runId, kind: 'loan_repayment' })),
    );

    // The loan reads repaid, each repayment with its ledger reference.
    await officer.goto(`${context.server.url}/loans/${loanId}`);
    await officer.locator(`[data-page="loan"][data-loan-id="${loanId}"][data-status="REPAID"]`).waitFor();
    const listed = await officer.locator('[data-section="repayments"] tbody tr').allTextContents();
    expect(listed).toHaveLength(INSTALMENTS);
    for (const { reference: ledgerReference } of repayments) expect(listed.some((row) => row.includes(ledgerReference))).toBe(true);
    expect(await officer.getByTestId('loan-status-words').textContent()).toMatch(/^Repaid in full/);
    const balance = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(balance.balance).toBe(500_000n + 2_000_000n - 2_150_000n);

    // A second run finds nothing more due on it, and takes nothing.
    const second = await runDeductions(officer, reference);
    expect(second.planned).toEqual([]);
    expect(await db.selectFrom('deduction_run_items').select('id').where('run_id', '=', second.runId).where('loan_id', '=', loanId).execute()).toEqual([]);
    expect(await db.selectFrom('loan_repayments').select('id').where('loan_id', '=', loanId).execute()).toHaveLength(INSTALMENTS);

    // Today's deduction report, downloaded from the portal: it carries every repayment's ledger reference.
    await officer.goto(`${context.server.url}/auto-deduction`);
    await officer.locator('[data-page="list"][data-list="deductions.runs"]').waitFor();
    const today = lagosDate();
    const [year, month, date] = today.split('-');
    // The last 7 days unless told: from today (typed over the week-old day), to today.
    await officer.locator('[data-report-day="from"]').focus();
    await officer.keyboard.press('Control+a');
    await officer.keyboard.type('today');
    await officer.keyboard.press('Tab');
    await expect.poll(() => new URL(officer.url()).searchParams.get('reportFrom')).toBe(today);
    // Typing waits for the Tab to have moved focus: on a loaded machine a keystroke can land first.
    await expect.poll(() => officer.evaluate(() => document.activeElement?.getAttribute('data-report-day'))).toBe('to');
    await officer.keyboard.type('today');
    await officer.keyboard.press('Tab');
    await expect
      .poll(() => officer.locator('[data-report-day]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
      .toEqual([`${date}/${month}/${year}`, `${date}/${month}/${year}`]);
    await expect.poll(() => officer.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('report-csv');
    const [download] = await Promise.all([officer.waitForEvent('download'), officer.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`deductions-${today}-to-${today}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    for (const { reference: ledgerReference } of repayments) expect(csv).toContain(ledgerReference);

    expect((await checkLedger(db)).ok).toBe(true);
  });
});
