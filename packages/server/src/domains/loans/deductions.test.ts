import { type DeductionItemRow, type DeductionRunRow, lagosDate, type Permission } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type LooseBody, type TestApp } from '../../test/harness';
import { ledgerWallet, nextReference } from '../../test/ledger-kit';
import { idempotencyKey } from '../../test/risk-kit';
import { balances, openCompanyAccounts, post } from '../ledger/index';
import { runDeductionRun } from './deduction-run';

const BASE = '/v1/payments/admin/autodeduction';
const INIT = `${BASE}/init`;
const BULK = `${BASE}/bulk`;
const RUN = (id: number) => `${BASE}/runs/${id}`;
const ITEMS = (id: number) => `${BASE}/runs/${id}/items`;
const SETTINGS = `${BASE}/settings`;
const SETTING = (id: number) => `${BASE}/settings/${id}`;
const TOGGLE = (status: string) => `${BASE}/settings/toggle/${status}`;
const DAY = 86_400_000;
/** ₦1,000 an instalment, in kobo. */
const EACH = 100_000;

let t: TestApp;
let officer: Actor;
let approver: Actor;
let disburser: Actor;
let collector: Actor;

/** The admins the tests act as, signed in afresh (sessions end when the clock is moved days on). */
async function signInCrew() {
  officer = await t.actor({ permissions: ['loans.view', 'loans.manage', 'approvals.view'] });
  approver = await t.actor({ permissions: ['loans.view', 'loans.approve', 'approvals.view'] });
  disburser = await t.actor({ permissions: ['loans.view', 'loans.manage', 'loans.disburse', 'approvals.view'] });
  const deductions: Permission[] = ['deductions.view', 'deductions.manage', 'deductions.run', 'jobs.view'];
  collector = await t.actor({ permissions: deductions });
}

beforeAll(async () => {
  t = await createTestApp();
  await signInCrew();
});
afterAll(() => t.close());

const daysAgo = (days: number) => lagosDate(new Date(t.clock.now().getTime() - days * DAY));

/**
 * A loan through the loans commands: requested, approved by a second admin and disbursed
 * `disbursedDaysAgo` days ago (so that many daily instalments of `each`, ₦1,000 by default, are
 * due), no interest or fee, to a Tier 3 merchant (Tier 1, its ₦50,000 limits, with `tier1`); the
 * wallet is then set to hold `walletHolds` kobo (the principal by default).
 */
async function disbursedLoan(
  options: { instalments?: number; each?: number; disbursedDaysAgo?: number; walletHolds?: number; name?: string; tier1?: boolean } = {},
) {
  const instalments = options.instalments ?? 5;
  const made = await ledgerWallet(t.db, { business: { kyc_exempt: options.tier1 !== true, ...(options.name ? { name: options.name } : {}) } });
  const asked = await officer.request('POST', '/v1/payments/admin/addloan', {
    body: {
      businessId: made.business.id,
      principal: instalments * (options.each ?? EACH),
      interestBps: 0,
      fee: 0,
      frequency: 'DAILY',
      instalments,
      reason: 'Stock',
    },
    headers: idempotencyKey(),
  });
  expect(asked.status, asked.text).toBe(200);
  const loanId = asked.body.loan.id as number;
  const approved = await approver.request('POST', `/api/approvals/${asked.body.loan.approvalRequestId}/approve`, { headers: idempotencyKey() });
  expect(approved.status, approved.text).toBe(200);
  const paid = await disburser.request('PATCH', '/v1/payments/admin/updateloan', {
    body: { id: loanId, action: 'DISBURSE', disbursedOn: daysAgo(options.disbursedDaysAgo ?? instalments) },
    headers: idempotencyKey(),
  });
  expect(paid.status, paid.text).toBe(200);
  if (options.walletHolds !== undefined) await setBalance(made.account.id, options.walletHolds);
  const setting = await t.db.selectFrom('deduction_settings').select('id').where('loan_id', '=', loanId).executeTakeFirstOrThrow();
  return { loanId, settingId: setting.id, businessId: made.business.id, walletUid: made.wallet.uid, accountId: made.account.id };
}

/** Moves money in or out of a wallet through the ledger until it holds `kobo`. */
async function setBalance(accountId: number, kobo: number) {
  const now = await balance(accountId);
  const company = await openCompanyAccounts(t.db);
  const difference = BigInt(kobo) - now;
  if (difference === 0n) return;
  await t.db
    .transaction()
    .execute((trx) =>
      post(trx, [
        difference > 0n
          ? { debit: company.floatWema, credit: accountId, amount: difference, kind: 'pos_credit', reference: nextReference('TOPUP') }
          : { debit: accountId, credit: company.adjustments, amount: -difference, kind: 'adjustment', reference: nextReference('DRAIN') },
      ]),
    );
}

const balance = async (accountId: number) => (await balances(t.db, [accountId])).get(accountId) ?? 0n;

const startRun = (body: Record<string, unknown> = {}, path = INIT) => collector.request('POST', path, { body, headers: idempotencyKey() });

/** Starts a run over the settings given (or every active one), runs its job and answers the run. */
async function runOver(settingIds?: number[], body: Record<string, unknown> = {}) {
  const started = settingIds ? await startRun({ ids: settingIds, ...body }, BULK) : await startRun(body);
  expect(started.status, started.text).toBe(200);
  expect(started.body.run, started.text).not.toBeNull();
  await t.runJobs();
  return runNumbered(started.body.run.id);
}

async function runNumbered(id: number): Promise<DeductionRunRow> {
  const answer = await collector.request<DeductionRunRow>('GET', RUN(id));
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

async function itemsOf(runId: number, query: Record<string, string> = {}): Promise<DeductionItemRow[]> {
  const answer = await collector.request('GET', ITEMS(runId), { query });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.items;
}

const instalmentsOf = (loanId: number) =>
  t.db.selectFrom('loan_instalments').select(['number', 'amount', 'paid', 'paid_at']).where('loan_id', '=', loanId).orderBy('number').execute();
const loanOf = (loanId: number) => t.db.selectFrom('loans').select(['status', 'repaid']).where('id', '=', loanId).executeTakeFirstOrThrow();

/** What the ledger holds for a run: its repayment transfers' amounts, summed. */
async function ledgerTakenBy(runId: number): Promise<number> {
  const row = await sql<{ sum: string }>`
    select coalesce(sum(amount), 0)::text as sum from ledger_transfers where kind = 'loan_repayment' and reference like ${`DED-${runId}-%`}`.execute(t.db);
  return Number(row.rows[0]!.sum);
}

/** How many repayments each instalment of these loans got: exactly-once means none twice. */
async function repaymentsPerInstalment(loanIds: readonly number[]) {
  const rows = await sql<{ loan_id: number; instalment: number; n: number; amount: string }>`
    select loan_id, instalment, count(*)::int as n, sum(amount)::text as amount from loan_repayments
     where loan_id = any(${[...loanIds]}::int[]) group by loan_id, instalment order by loan_id, instalment`.execute(t.db);
  return rows.rows;
}

describe('a loan repaid by two runs across days', () => {
  it('takes the instalments due each day, once, through the ledger, until the loan is repaid', async () => {
    const loan = await disbursedLoan({ instalments: 10, disbursedDaysAgo: 5, name: 'Mama Put Kitchen' });
    // Disbursed five days ago: instalments 1 to 5 are due (each a day after the one before).
    const first = await runOver();
    expect(first).toMatchObject({
      scope: 'INIT',
      asOf: lagosDate(t.clock.now()),
      status: 'DONE',
      instalments: 5,
      taken: 5,
      partlyTaken: 0,
      notTaken: 0,
      amountTaken: 5 * EACH,
      amountShort: 0,
      failure: null,
    });
    expect(first.startedBy).toMatch(/^Test /);
    expect(first.finishedAt).not.toBeNull();
    expect(await ledgerTakenBy(first.id)).toBe(first.amountTaken);
    expect(await balance(loan.accountId)).toBe(BigInt(5 * EACH));
    const items = await itemsOf(first.id);
    expect(items.map((item) => [item.instalment, item.due, item.taken, item.state, item.reason])).toEqual(
      [1, 2, 3, 4, 5].map((number) => [number, EACH, EACH, 'TAKEN', null]),
    );
    expect(items[0]).toMatchObject({ loanId: loan.loanId, loanReference: `LN-${String(loan.loanId).padStart(6, '0')}`, businessName: 'Mama Put Kitchen' });
    expect(items[0]!.transferReference).toBe(`DED-${first.id}-${loan.loanId}-1`);
    expect(await loanOf(loan.loanId)).toMatchObject({ status: 'REPAYING', repaid: BigInt(5 * EACH) });
    const setting = await collector.request('GET', SETTING(loan.settingId));
    expect(setting.body).toMatchObject({ status: 'ACTIVE', outstanding: 5 * EACH, arrears: 0, loanStatus: 'REPAYING' });
    expect(setting.body.lastRunAt).toBe(t.clock.now().toISOString());

    // The next day's run on the same day finds nothing due.
    const again = await startRun();
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ run: null, plan: null });
    expect(again.body.message).toMatch(/No instalment is due by .* no run was started/);

    // Five days later the rest is due: the second run repays the loan, which closes and stops its deductions.
    t.clock.advance(5 * DAY);
    await signInCrew();
    const second = await runOver();
    expect(second).toMatchObject({ status: 'DONE', instalments: 5, taken: 5, amountTaken: 5 * EACH });
    expect(await ledgerTakenBy(second.id)).toBe(5 * EACH);
    expect(await loanOf(loan.loanId)).toMatchObject({ status: 'REPAID', repaid: BigInt(10 * EACH) });
    expect((await instalmentsOf(loan.loanId)).every((instalment) => instalment.paid === instalment.amount && instalment.paid_at !== null)).toBe(true);
    expect(await balance(loan.accountId)).toBe(0n);
    expect((await collector.request('GET', SETTING(loan.settingId))).body).toMatchObject({ status: 'PAUSED', outstanding: 0, arrears: 0 });
    expect(await repaymentsPerInstalment([loan.loanId])).toEqual(
      Array.from({ length: 10 }, (_, index) => ({ loan_id: loan.loanId, instalment: index + 1, n: 1, amount: String(EACH) })),
    );

    // The runs list, newest first.
    const runs = await collector.request('GET', `${BASE}/runs`);
    expect(runs.body.items.slice(0, 2).map((run: DeductionRunRow) => run.id)).toEqual([second.id, first.id]);

    // The report: the days as given, both included; each repayment once, with its ledger reference.
    const firstDay = lagosDate(new Date(t.clock.now().getTime() - 5 * DAY));
    const lastDay = lagosDate(t.clock.now());
    const report = await collector.request('GET', `${BASE}/report/csv`, { query: { from: firstDay, to: lastDay } });
    expect(report.status, report.text).toBe(200);
    expect(report.headers.get('content-disposition')).toContain(`deductions-${firstDay}-to-${lastDay}.csv`);
    const lines = report.text.trim().split('\n');
    expect(lines[0]).toBe('Date and time (Lagos),Run,Loan,Merchant,Instalment,Amount (NGN),Ledger reference');
    const mine = lines.filter((line) => line.includes(`LN-${String(loan.loanId).padStart(6, '0')}`));
    expect(mine).toHaveLength(10);
    expect(mine[0]).toBe(
      `${firstDay} 10:00,${first.id},LN-${String(loan.loanId).padStart(6, '0')},Mama Put Kitchen,1,1000.00,DED-${first.id}-${loan.loanId}-1`,
    );
    expect(mine[9]).toBe(
      `${lastDay} 10:00,${second.id},LN-${String(loan.loanId).padStart(6, '0')},Mama Put Kitchen,10,1000.00,DED-${second.id}-${loan.loanId}-10`,
    );
    const oneDay = await collector.request('GET', `${BASE}/report/csv`, { query: { from: firstDay, to: firstDay } });
    expect(
      oneDay.text
        .trim()
        .split('\n')
        .filter((line) => line.includes(`,${first.id},`)),
    ).toHaveLength(5);
    expect(oneDay.text).not.toContain(`DED-${second.id}-`);
    const backwards = await collector.request('GET', `${BASE}/report/csv`, { query: { from: lastDay, to: firstDay } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details.fields[0].field).toBe('to');

    // The loan book's import: Loandisk's repayment columns, its dates dd/mm/yyyy.
    const disk = await collector.request('GET', `${BASE}/report/loan-disk`, { query: { from: firstDay, to: lastDay } });
    expect(disk.status, disk.text).toBe(200);
    const diskLines = disk.text.trim().split('\n');
    expect(diskLines[0]).toBe('Loan Number,Repayment Amount,Repayment Collected Date,Repayment Method,Collected By,Description');
    const [year, month, day] = firstDay.split('-');
    expect(diskLines).toContain(
      `LN-${String(loan.loanId).padStart(6, '0')},1000.00,${day}/${month}/${year},Wallet Deduction,${first.startedBy},"Deduction run #${first.id}, instalment 1, DED-${first.id}-${loan.loanId}-1"`,
    );
    expect(diskLines.filter((line) => line.startsWith(`LN-${String(loan.loanId).padStart(6, '0')},`))).toHaveLength(10);

    // The loan book down: a 503 that says so, not a 500.
    t.loanBook.setOutage(true);
    try {
      const down = await collector.request('GET', `${BASE}/report/loan-disk`, { query: { from: firstDay, to: lastDay } });
      expect(down.status).toBe(503);
      expect(down.body.message).toMatch(/The Loandisk export failed: Loandisk is not answering .*try again later/);
      expect(down.body.details).toMatchObject({ reason: 'loan_book_unavailable', system: 'Loandisk' });
    } finally {
      t.loanBook.setOutage(false);
    }
  });

  it('refuses a day not yet come as the day to collect up to, naming asOf', async () => {
    const tomorrow = lagosDate(new Date(t.clock.now().getTime() + DAY));
    const answer = await startRun({ asOf: tomorrow });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields).toEqual([{ field: 'asOf', message: expect.stringContaining(lagosDate(t.clock.now())) }]);
  });
});

describe('what a run takes from a wallet that holds less', () => {
  it('takes part of an instalment when the setting allows it, and nothing of it when whole instalments only', async () => {
    const partial = await disbursedLoan({ instalments: 3, walletHolds: 150_000 });
    const whole = await disbursedLoan({ instalments: 3, walletHolds: 150_000 });
    const patched = await collector.request('PATCH', SETTING(whole.settingId), { body: { allowPartial: false } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.allowPartial).toBe(false);

    const run = await runOver([partial.settingId, whole.settingId]);
    expect(run).toMatchObject({ scope: 'BULK', instalments: 6, taken: 2, partlyTaken: 1, notTaken: 3, amountTaken: 250_000, amountShort: 350_000 });
    expect(await ledgerTakenBy(run.id)).toBe(250_000);
    const items = await itemsOf(run.id);
    const of = (loanId: number) => items.filter((item) => item.loanId === loanId).map((item) => [item.instalment, item.taken, item.state, item.reason]);
    expect(of(partial.loanId)).toEqual([
      [1, EACH, 'TAKEN', null],
      [2, 50_000, 'PARTLY_TAKEN', 'The wallet held ₦500.00 of the ₦1,000.00 due'],
      [3, 0, 'NOT_TAKEN', 'The wallet holds ₦0.0: nothing to take'],
    ]);
    expect(of(whole.loanId)).toEqual([
      [1, EACH, 'TAKEN', null],
      [2, 0, 'NOT_TAKEN', 'The wallet holds ₦500.00, less than the ₦1,000.00 due, and this loan is collected in whole instalments only'],
      [3, 0, 'NOT_TAKEN', expect.stringMatching(/^Instalment 2, due earlier, was not taken .*oldest first$/)],
    ]);
    expect(await balance(partial.accountId)).toBe(0n);
    expect(await balance(whole.accountId)).toBe(50_000n);
    expect((await instalmentsOf(partial.loanId)).map((instalment) => [instalment.paid, instalment.paid_at === null])).toEqual([
      [BigInt(EACH), false],
      [50_000n, true],
      [0n, true],
    ]);
    // Only what was not taken shows under the filter.
    expect((await itemsOf(run.id, { state: 'NOT_TAKEN' })).map((item) => item.instalment)).toEqual([3, 2, 3]);

    // Money in again: the next run takes what is left of instalment 2 first.
    await setBalance(partial.accountId, 60_000);
    const next = await runOver([partial.settingId]);
    expect((await itemsOf(next.id)).map((item) => [item.instalment, item.due, item.taken, item.state])).toEqual([
      [2, 50_000, 50_000, 'TAKEN'],
      [3, EACH, 10_000, 'PARTLY_TAKEN'],
    ]);
  });
});

describe('the cap per run', () => {
  it('takes at most the cap from a loan in one run, oldest instalments first', async () => {
    const loan = await disbursedLoan({ instalments: 4 });
    const tooHigh = await collector.request('PATCH', SETTING(loan.settingId), { body: { capPerRun: 4 * EACH + 1 } });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.details.fields).toEqual([{ field: 'capPerRun', message: 'must be at most ₦4,000.00, what the loan still owes' }]);
    const both = await collector.request('PATCH', SETTING(loan.settingId), { body: { capPerRun: 100, clearCap: true } });
    expect(both.status).toBe(400);
    const capped = await collector.request('PATCH', SETTING(loan.settingId), { body: { capPerRun: 250_000 } });
    expect(capped.status, capped.text).toBe(200);
    expect(capped.body).toMatchObject({ capPerRun: 250_000, allowPartial: true, outstanding: 4 * EACH, arrears: 4 * EACH });

    const run = await runOver([loan.settingId]);
    expect((await itemsOf(run.id)).map((item) => [item.instalment, item.taken, item.state, item.reason])).toEqual([
      [1, EACH, 'TAKEN', null],
      [2, EACH, 'TAKEN', null],
      [3, 50_000, 'PARTLY_TAKEN', 'The cap of ₦2,500.00 a run left ₦500.00 for it'],
      [4, 0, 'NOT_TAKEN', 'The cap of ₦2,500.00 a run is reached'],
    ]);
    expect(run.amountTaken).toBe(250_000);
    expect(await ledgerTakenBy(run.id)).toBe(250_000);

    const cleared = await collector.request('PATCH', SETTING(loan.settingId), { body: { clearCap: true } });
    expect(cleared.body.capPerRun).toBeNull();
    const rest = await runOver([loan.settingId]);
    expect(rest).toMatchObject({ instalments: 2, amountTaken: 150_000, taken: 2 });
  });
});

describe('a wallet on post-no-debit', () => {
  it('is not debited: every instalment is recorded as not taken with the policy’s sentence, and collection resumes once lifted', async () => {
    const loan = await disbursedLoan({ instalments: 2 });
    await t.db.updateTable('wallets').set({ status: 'PND' }).where('uid', '=', loan.walletUid).execute();
    const before = await balance(loan.accountId);
    const preview = await startRun({ ids: [loan.settingId], dryRun: true }, BULK);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.plan.items.map((item: LooseBody) => [item.state, item.reason])).toEqual([
      ['NOT_TAKEN', 'The wallet is on post-no-debit (PND): money may come in but not go out'],
      ['NOT_TAKEN', 'The wallet is on post-no-debit (PND): money may come in but not go out'],
    ]);
    const run = await runOver([loan.settingId]);
    expect(run).toMatchObject({ instalments: 2, notTaken: 2, amountTaken: 0, amountShort: 2 * EACH });
    expect((await itemsOf(run.id)).map((item) => item.reason)).toEqual([
      'The wallet is on post-no-debit (PND): money may come in but not go out',
      'The wallet is on post-no-debit (PND): money may come in but not go out',
    ]);
    expect(await balance(loan.accountId)).toBe(before);
    expect(await ledgerTakenBy(run.id)).toBe(0);
    expect(await loanOf(loan.loanId)).toMatchObject({ status: 'DISBURSED', repaid: 0n });

    await t.db.updateTable('wallets').set({ status: 'ACTIVE' }).where('uid', '=', loan.walletUid).execute();
    const lifted = await runOver([loan.settingId]);
    expect(lifted).toMatchObject({ taken: 2, amountTaken: 2 * EACH });
  });

  it('records a posting the ledger refuses with its sentence, leaves the loan’s later instalments waiting, and goes on to the next loan', async () => {
    const refused = await disbursedLoan({ instalments: 2 });
    const fine = await disbursedLoan({ instalments: 1 });
    const started = await startRun({ ids: [refused.settingId, fine.settingId] }, BULK);
    const runId = started.body.run.id as number;
    // Something already holds the first repayment's reference: the ledger refuses the posting (409), under its savepoint.
    const company = await openCompanyAccounts(t.db);
    await t.db
      .transaction()
      .execute((trx) =>
        post(trx, [{ debit: refused.accountId, credit: company.adjustments, amount: 1, kind: 'adjustment', reference: `DED-${runId}-${refused.loanId}-1` }]),
      );
    await t.runJobs();
    const run = await runNumbered(runId);
    expect(run).toMatchObject({ status: 'DONE', instalments: 3, taken: 1, notTaken: 2, amountTaken: EACH });
    expect((await itemsOf(runId)).map((item) => [item.loanId, item.instalment, item.state, item.reason])).toEqual([
      [refused.loanId, 1, 'NOT_TAKEN', 'A transfer with this reference is already posted. Nothing was posted'],
      [
        refused.loanId,
        2,
        'NOT_TAKEN',
        'Instalment 1, due earlier, was not taken (A transfer with this reference is already posted. Nothing was posted): instalments are collected oldest first',
      ],
      [fine.loanId, 1, 'TAKEN', null],
    ]);
    expect(await balance(refused.accountId)).toBe(BigInt(2 * EACH - 1));
    expect(await ledgerTakenBy(runId)).toBe(EACH);
    expect(await loanOf(refused.loanId)).toMatchObject({ status: 'DISBURSED', repaid: 0n });
  });
});

describe('exactly once', () => {
  it('takes each instalment once when two runs are started at once and run side by side', async () => {
    const loans = [await disbursedLoan({ instalments: 3 }), await disbursedLoan({ instalments: 2, walletHolds: 150_000 })];
    const ids = loans.map((loan) => loan.settingId);
    const a = await startRun({ ids }, BULK);
    const b = await startRun({ ids }, BULK);
    expect([a.status, b.status]).toEqual([200, 200]);
    await Promise.all([t.runJobs({ onlyId: a.body.run.jobId }), t.runJobs({ onlyId: b.body.run.jobId })]);
    const runs = [await runNumbered(a.body.run.id), await runNumbered(b.body.run.id)];
    expect(runs.map((run) => run.status)).toEqual(['DONE', 'DONE']);
    // Between them: every instalment of the first loan, and of the second what its wallet held.
    expect(runs[0]!.amountTaken + runs[1]!.amountTaken).toBe(3 * EACH + 150_000);
    for (const run of runs) expect(await ledgerTakenBy(run.id)).toBe(run.amountTaken);
    expect((await repaymentsPerInstalment(loans.map((loan) => loan.loanId))).every((row) => row.n === 1)).toBe(true);
    expect(await loanOf(loans[0]!.loanId)).toMatchObject({ status: 'REPAID', repaid: BigInt(3 * EACH) });
    expect(await loanOf(loans[1]!.loanId)).toMatchObject({ repaid: 150_000n });
    // One of them reached each instalment first; the other found it paid (or the wallet empty) and took nothing of it.
    const items = [...(await itemsOf(runs[0]!.id)), ...(await itemsOf(runs[1]!.id))];
    expect(items.filter((item) => item.taken > 0)).toHaveLength(5);
  });

  it('takes nothing twice when a chunk is rolled back by a crash and the job runs again, nor when two workers run one job', async () => {
    const loans = [];
    for (let index = 0; index < 3; index += 1) loans.push(await disbursedLoan({ instalments: 2 }));
    const ids = loans.map((loan) => loan.settingId);
    const started = await startRun({ ids }, BULK);
    const runId = started.body.run.id as number;
    // The process dies as the chunk records its items: everything of the chunk (postings included) rolls back.
    await sql`create function deductions_crash() returns trigger language plpgsql as $$ begin raise exception 'the server died'; end $$`.execute(t.db);
    await sql`create trigger deductions_crash before insert on deduction_run_items for each row execute function deductions_crash()`.execute(t.db);
    try {
      await t.runJobs({ onlyId: started.body.run.jobId });
    } finally {
      await sql`drop trigger deductions_crash on deduction_run_items`.execute(t.db);
      await sql`drop function deductions_crash()`.execute(t.db);
    }
    const job = await t.db.selectFrom('jobs').select(['status', 'failures', 'last_error']).where('id', '=', started.body.run.jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', failures: 1 });
    expect(job.last_error).toMatch(/the server died/);
    expect(await runNumbered(runId)).toMatchObject({ status: 'RUNNING', instalments: 0, amountTaken: 0 });
    expect(await ledgerTakenBy(runId)).toBe(0);
    expect(await repaymentsPerInstalment(loans.map((loan) => loan.loanId))).toEqual([]);

    // Taken up again after its back-off, by two workers at once (a lease taken over while the first still ran).
    t.clock.advance(11_000);
    const stub = () => ({
      id: Number(started.body.run.jobId),
      kind: 'deductions.run',
      payload: { runId },
      attempt: 2,
      deps: t.deps,
      signal: new AbortController().signal,
      progress: async () => {},
    });
    const [first, second] = await Promise.all([runDeductionRun(stub()), runDeductionRun(stub()), t.runJobs({ onlyId: started.body.run.jobId })]);
    expect([first.status, second.status]).toEqual(['done', 'done']);
    const run = await runNumbered(runId);
    expect(run).toMatchObject({ status: 'DONE', instalments: 6, taken: 6, amountTaken: 6 * EACH });
    expect(await ledgerTakenBy(runId)).toBe(6 * EACH);
    expect((await repaymentsPerInstalment(loans.map((loan) => loan.loanId))).map((row) => row.n)).toEqual([1, 1, 1, 1, 1, 1]);
    // Run once more, finished: nothing.
    expect((await runDeductionRun(stub())).status).toBe('done');
    expect(await ledgerTakenBy(runId)).toBe(6 * EACH);
  });
});

describe('a dry run', () => {
  it('lists exactly what the run then takes, and takes nothing itself', async () => {
    const whole = await disbursedLoan({ instalments: 3, walletHolds: 150_000 });
    await collector.request('PATCH', SETTING(whole.settingId), { body: { allowPartial: false } });
    const capped = await disbursedLoan({ instalments: 3 });
    await collector.request('PATCH', SETTING(capped.settingId), { body: { capPerRun: 120_000 } });
    await disbursedLoan({ instalments: 2, walletHolds: 30_000 });
    // ₦60,000 due from a Tier 1 wallet in a day: what its ₦50,000 daily limit does to repayments, the dry run says alike.
    await disbursedLoan({ instalments: 2, each: 3_000_000, tier1: true });
    const runsBefore = await t.db.selectFrom('deduction_runs').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const jobsBefore = await t.db.selectFrom('jobs').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const transfersBefore = await t.db.selectFrom('ledger_transfers').select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow();

    const preview = await startRun({ dryRun: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.run).toBeNull();
    const { plan } = preview.body;
    expect(plan.asOf).toBe(lagosDate(t.clock.now()));
    expect(plan.items).toHaveLength(plan.instalments);
    expect(plan.willTake).toBe(plan.items.filter((item: LooseBody) => item.taken > 0).length);
    expect(plan.amountTaken).toBe(plan.items.reduce((sum: number, item: LooseBody) => sum + item.taken, 0));
    expect(preview.body.message).toMatch(/^A run now would take ₦[\d,.]+ of the ₦[\d,.]+ due by .*Nothing was taken\.$/);
    expect(await t.db.selectFrom('deduction_runs').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).toEqual(runsBefore);
    expect(await t.db.selectFrom('jobs').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).toEqual(jobsBefore);
    expect(await t.db.selectFrom('ledger_transfers').select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow()).toEqual(transfersBefore);

    const run = await runOver();
    const items = await collector.request('GET', ITEMS(run.id), { query: { pageSize: '1000' } });
    const shape = (item: LooseBody) => [item.loanId, item.instalment, item.dueDate, item.due, item.taken, item.state, item.reason];
    expect(items.body.items.map(shape)).toEqual(plan.items.map(shape));
    expect(run.amountTaken).toBe(plan.amountTaken);
    expect(run.instalments).toBe(plan.instalments);
    expect(await ledgerTakenBy(run.id)).toBe(plan.amountTaken);
  });
});

describe('deduction settings', () => {
  it('lists settings with what each loan owes and its arrears, by merchant, loan and arrears', async () => {
    const loan = await disbursedLoan({ instalments: 4, disbursedDaysAgo: 2, name: 'Zainab Fabrics' });
    const listed = await collector.request('GET', SETTINGS, { query: { search: 'zainab' } });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        id: loan.settingId,
        loanId: loan.loanId,
        businessName: 'Zainab Fabrics',
        status: 'ACTIVE',
        loanStatus: 'DISBURSED',
        capPerRun: null,
        allowPartial: true,
        outstanding: 4 * EACH,
        arrears: 2 * EACH,
        lastRunAt: null,
      }),
    ]);
    const byReference = await collector.request('GET', SETTINGS, { query: { search: `LN-${String(loan.loanId).padStart(6, '0')}` } });
    expect(byReference.body.items.map((row: LooseBody) => row.id)).toEqual([loan.settingId]);
    const inArrears = await collector.request('GET', SETTINGS, { query: { inArrears: 'true', loanId: String(loan.loanId) } });
    expect(inArrears.body.items).toHaveLength(1);
    const csv = await collector.request('GET', SETTINGS, { query: { search: 'zainab', download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`LN-${String(loan.loanId).padStart(6, '0')},Zainab Fabrics,ACTIVE,DISBURSED,,true,4000.00,2000.00,`);
  });

  it('switches a batch on or off, counting those already there and those that are not collected as skipped', async () => {
    const loans = [await disbursedLoan({ instalments: 1 }), await disbursedLoan({ instalments: 1 }), await disbursedLoan({ instalments: 1 })];
    const [a, b, c] = loans.map((loan) => loan.settingId) as [number, number, number];
    await collector.request('PATCH', SETTING(c), { body: { status: 'PAUSED' } });
    const paused = await collector.request('POST', TOGGLE('PAUSED'), { body: { ids: [a, b, c, 999_999] }, headers: idempotencyKey() });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({
      matched: 3,
      changed: 2,
      skipped: [
        { id: 999_999, reason: 'no such deduction setting' },
        { id: c, reason: 'already paused' },
      ],
    });
    expect(paused.body.message).toBe('2 deduction settings paused; 2 skipped.');
    // A paused setting is left out of a run over every active one, but a bulk run takes it.
    const preview = await startRun({ dryRun: true });
    expect(preview.body.plan.items.some((item: LooseBody) => item.loanId === loans[0]!.loanId)).toBe(false);
    const chosen = await startRun({ ids: [a], dryRun: true }, BULK);
    expect(chosen.body.plan.items.map((item: LooseBody) => item.loanId)).toEqual([loans[0]!.loanId]);

    // Repaid by a bulk run: its setting is paused and cannot be switched on again.
    await runOver([a]);
    const activated = await collector.request('POST', TOGGLE('ACTIVE'), { body: { ids: [a, b] }, headers: idempotencyKey() });
    expect(activated.body).toMatchObject({
      matched: 2,
      changed: 1,
      skipped: [{ id: a, reason: `LN-${String(loans[0]!.loanId).padStart(6, '0')} is repaid: nothing is being collected on it` }],
    });
    const patched = await collector.request('PATCH', SETTING(a), { body: { status: 'ACTIVE' } });
    expect(patched.status).toBe(409);
    expect(patched.body.details).toMatchObject({ reason: 'loan_status', status: 'REPAID' });
  });

  it('removes a setting; what runs took stays', async () => {
    const loan = await disbursedLoan({ instalments: 1 });
    const run = await runOver([loan.settingId]);
    const removed = await collector.request('DELETE', SETTING(loan.settingId));
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.ok).toBe(true);
    expect((await collector.request('GET', SETTING(loan.settingId))).status).toBe(404);
    expect((await collector.request('DELETE', SETTING(loan.settingId))).status).toBe(404);
    expect(await itemsOf(run.id)).toHaveLength(1);
    expect((await collector.request('GET', ITEMS(999_999))).status).toBe(404);
    expect((await collector.request('GET', RUN(999_999))).status).toBe(404);
  });
});

describe('deduction files', () => {
  async function upload(path: 'validate' | 'save', lines: string[], fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new File([lines.join('\n')], 'deductions.csv'));
    const response = await t.app.request(`${BASE}/upload/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${collector.token}`, 'device-id': collector.deviceId, ...idempotencyKey() },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as LooseBody, text };
  }

  it('offers a template with the columns and an example row', async () => {
    const template = await collector.request('GET', `${BASE}/upload/template`);
    expect(template.status).toBe(200);
    expect(template.text).toBe('loan,cap_per_run,allow_partial,status\nLN-000042,5000.00,yes,ACTIVE\n');
  });

  it('checks every row against the loans it names and saves nothing with a bad row unless told to skip them', async () => {
    const known = await disbursedLoan({ instalments: 4 });
    const other = await disbursedLoan({ instalments: 2 });
    const made = await ledgerWallet(t.db, { business: { kyc_exempt: true } });
    const requested = await officer.request('POST', '/v1/payments/admin/addloan', {
      body: { businessId: made.business.id, principal: 100_000, frequency: 'WEEKLY', instalments: 2, reason: 'Shelves' },
      headers: idempotencyKey(),
    });
    const waiting = requested.body.loan.id as number;
    const ref = (id: number) => `LN-${String(id).padStart(6, '0')}`;
    const lines = [
      'Loan Reference,Cap per run,Partial,Status',
      `${ref(known.loanId)},2500.00,no,paused`,
      `${ref(999_999)},,,`,
      `${waiting},,,`,
      `${other.loanId},3000,,`,
      `${ref(known.loanId)},,,`,
      `${ref(other.loanId)},abc,maybe,SOMETIMES`,
      ',,,',
      'not-a-loan,,,',
    ];
    const checked = await upload('validate', lines);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toMatchObject({ saved: false, rows: 7, good: 1, created: 0, updated: 0 });
    expect(checked.body.problems).toEqual([
      { row: 2, field: 'loan', value: ref(999_999), message: `names no loan: there is no ${ref(999_999)}` },
      { row: 3, field: 'loan', value: String(waiting), message: 'is requested: only disbursed, repaying or defaulted loans are collected' },
      { row: 4, field: 'cap_per_run', value: '3000', message: `is more than the ₦2,000.00 ${ref(other.loanId)} still owes` },
      { row: 5, field: 'loan', value: ref(known.loanId), message: `names ${ref(known.loanId)} again (first at row 1)` },
      { row: 6, field: 'loan', value: ref(other.loanId), message: `names ${ref(other.loanId)} again (first at row 4)` },
      { row: 6, field: 'cap_per_run', value: 'abc', message: 'is not an amount in Naira (such as 5000.00)' },
      { row: 6, field: 'allow_partial', value: 'maybe', message: 'must be yes or no' },
      { row: 6, field: 'status', value: 'SOMETIMES', message: 'must be ACTIVE or PAUSED' },
      { row: 8, field: 'loan', value: 'not-a-loan', message: "is not a loan reference (LN-000042) or a loan's number" },
    ]);
    expect(checked.body.message).toBe('1 row of 7 is good; 6 rows are bad. Nothing was saved.');

    const refused = await upload('save', lines);
    expect(refused.status).toBe(400);
    expect(refused.body.details.problems).toHaveLength(9);
    const setting = () => t.db.selectFrom('deduction_settings').selectAll().where('loan_id', '=', known.loanId).executeTakeFirstOrThrow();
    expect(await setting()).toMatchObject({ status: 'ACTIVE', cap_per_run: null, allow_partial: true, source: 'DISBURSEMENT' });

    const saved = await upload('save', lines, { skipBadRows: 'true' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ saved: true, rows: 7, good: 1, created: 0, updated: 1 });
    expect(saved.body.message).toBe('0 loans put under deduction, 1 setting updated; 6 bad rows skipped.');
    expect(await setting()).toMatchObject({ status: 'PAUSED', cap_per_run: 250_000n, allow_partial: false, source: 'DISBURSEMENT' });

    // A loan taken out of deduction comes back by file, made from the upload.
    await collector.request('DELETE', SETTING(other.settingId));
    const back = await upload('save', ['loan', ref(other.loanId)]);
    expect(back.body).toMatchObject({ saved: true, created: 1, updated: 0, problems: [] });
    expect(await t.db.selectFrom('deduction_settings').selectAll().where('loan_id', '=', other.loanId).executeTakeFirstOrThrow()).toMatchObject({
      status: 'ACTIVE',
      cap_per_run: null,
      allow_partial: true,
      source: 'UPLOAD',
    });
  });
});
