import { type LoanDetail, type LoanRow, lagosDate, loanCharges, type Permission } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { ledgerFingerprint, ledgerWallet } from '../../test/ledger-kit';
import { insertBusiness } from '../../test/merchant-fixtures';
import { idempotencyKey } from '../../test/risk-kit';
import { balances, COMPANY_ACCOUNTS, openCompanyAccounts, post } from '../ledger/index';
import { afterRepayment } from './index';

const LIST = '/v1/payments/admin/getallloans';
const ADD = '/v1/payments/admin/addloan';
const GET = (id: number) => `/v1/payments/admin/getloan/${id}`;
const UPDATE = '/v1/payments/admin/updateloan';
const TRACKER = '/v1/payments/admin/loans/loan-tracker-all';
const APPROVALS = '/api/approvals';
const DAY = 86_400_000;

const OFFICER: Permission[] = ['loans.view', 'loans.manage', 'approvals.view'];
const APPROVER: Permission[] = ['loans.view', 'loans.approve', 'approvals.view'];
const DISBURSER: Permission[] = ['loans.view', 'loans.manage', 'loans.disburse', 'approvals.view'];

/** The admins one app's tests act as: who requests, who approves (four-eyes), who pays out, who only looks. */
async function crewOf(app: TestApp) {
  return {
    officer: await app.actor({ permissions: OFFICER }),
    approver: await app.actor({ permissions: APPROVER }),
    disburser: await app.actor({ permissions: DISBURSER }),
    viewer: await app.actor({ permissions: ['loans.view'] }),
  };
}

let t: TestApp;
let officer: Actor;
let approver: Actor;
let disburser: Actor;
let viewer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  ({ officer, approver, disburser, viewer } = await crewOf(t));
});
afterAll(() => t.close());

/** A merchant with a wallet (KYC exempt: Tier 3, so the tier limits stay out of the way). */
const merchant = (app: TestApp = t, funds = 0, name?: string) => ledgerWallet(app.db, { funds, business: { kyc_exempt: true, ...(name ? { name } : {}) } });

const TERMS = { principal: 10_000_000, interestBps: 500, fee: 50_000, frequency: 'DAILY', instalments: 30 } as const;

const request = (as: Actor, businessId: number, body: Record<string, unknown> = {}) =>
  as.request('POST', ADD, {
    body: { businessId, ...TERMS, reason: 'Stock for the festive season', ...body },
    headers: idempotencyKey(),
  });
const update = (as: Actor, id: number, action: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  as.request('PATCH', UPDATE, { body: { id, action, ...body }, headers: { ...idempotencyKey(), ...headers } });
const decide = (as: Actor, requestId: number, decision: 'approve' | 'decline', body: Record<string, unknown> = {}) =>
  as.request('POST', `${APPROVALS}/${requestId}/${decision}`, { body, headers: idempotencyKey() });
const detail = async (id: number, as: Actor = viewer) => {
  const answer = await as.request<LoanDetail>('GET', GET(id));
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

/** A loan taken as far as asked: requested, approved by a second admin, disbursed. */
async function loanUpTo(
  stage: 'REQUESTED' | 'APPROVED' | 'DISBURSED',
  options: { app?: TestApp; crew?: Awaited<ReturnType<typeof crewOf>>; body?: Record<string, unknown>; disbursedOn?: string } = {},
) {
  const crew = options.crew ?? { officer, approver, disburser, viewer };
  const made = await merchant(options.app ?? t);
  const asked = await request(crew.officer, made.business.id, options.body);
  expect(asked.status, asked.text).toBe(200);
  const loan = asked.body.loan;
  if (stage !== 'REQUESTED') {
    const approved = await decide(crew.approver, loan.approvalRequestId!, 'approve');
    expect(approved.status, approved.text).toBe(200);
  }
  if (stage === 'DISBURSED') {
    const paid = await update(crew.disburser, loan.id, 'DISBURSE', options.disbursedOn ? { disbursedOn: options.disbursedOn } : {});
    expect(paid.status, paid.text).toBe(200);
  }
  return { ...made, loan };
}

/**
 * A repayment as the deductions write it: one ledger transfer wallet → loans receivable, the
 * repayment row, the instalment and the loan's running total, then `afterRepayment`.
 */
async function repay(app: TestApp, loanId: number, instalment: number, amount: number) {
  await app.db.transaction().execute(async (trx) => {
    const loan = await trx.selectFrom('loans').select(['business_id']).where('id', '=', loanId).forUpdate().executeTakeFirstOrThrow();
    const wallet = await trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('business_id', '=', loan.business_id)
      .where('kind', '=', 'wallet')
      .executeTakeFirstOrThrow();
    const company = await openCompanyAccounts(trx);
    const [transfer] = await post(trx, [
      { debit: wallet.id, credit: company.loansReceivable, amount, kind: 'loan_repayment', reference: `TEST-REPAY-${loanId}-${instalment}-${Date.now()}` },
    ]);
    await trx.insertInto('loan_repayments').values({ loan_id: loanId, instalment, amount, transfer_id: transfer!.id, created_at: app.clock.now() }).execute();
    await trx
      .updateTable('loan_instalments')
      .set((eb) => ({
        paid: eb('paid', '+', BigInt(amount)),
        paid_at: sql<Date | null>`case when paid + ${amount} = amount then ${app.clock.now()}::timestamptz end`,
      }))
      .where('loan_id', '=', loanId)
      .where('number', '=', instalment)
      .execute();
    await trx
      .updateTable('loans')
      .set((eb) => ({ repaid: eb('repaid', '+', BigInt(amount)) }))
      .where('id', '=', loanId)
      .execute();
    await afterRepayment(trx, loanId, app.clock.now());
  });
}

async function companyBalance(app: TestApp, code: string): Promise<bigint> {
  await openCompanyAccounts(app.db);
  const account = await app.db.selectFrom('ledger_accounts').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return (await balances(app.db, [account.id])).get(account.id) ?? 0n;
}

describe('a loan from request to disbursement', () => {
  it('is requested, approved by a second admin only, and disbursed through the ledger with its schedule', async () => {
    const made = await merchant();
    const asked = await request(officer, made.business.id);
    expect(asked.status, asked.text).toBe(200);
    const { interest, total } = loanCharges(TERMS);
    expect(interest).toBe(500_000);
    expect(asked.body.loan).toMatchObject({
      status: 'REQUESTED',
      principal: TERMS.principal,
      interest,
      fee: TERMS.fee,
      totalRepayable: total,
      instalmentAmount: Math.floor(total / 30),
      repaid: 0,
      outstanding: 0,
      arrears: 0,
      daysPastDue: 0,
      nextDueDate: null,
      requestedBy: expect.stringContaining('Test'),
    });
    expect(asked.body.loan.reference).toBe(`LN-${String(asked.body.loan.id).padStart(6, '0')}`);
    expect(asked.body.message).toMatch(/waits for another admin's approval: request #\d+/);
    const loan = asked.body.loan;

    // In the approvals queue, for the principal.
    const queue = await approver.request('GET', APPROVALS, { query: { status: 'PENDING' } });
    expect(queue.status, queue.text).toBe(200);
    const queued = queue.body.items.find((item: { id: number }) => item.id === loan.approvalRequestId);
    expect(queued).toMatchObject({ commandId: 'loans.approve', businessId: made.business.id, amount: TERMS.principal, subject: { kind: 'loan', id: loan.id } });
    expect(queued.reason).toContain(loan.reference);

    // Nothing may be disbursed before approval, and the requester never approves their own.
    const early = await update(disburser, loan.id, 'DISBURSE');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`${loan.reference} is requested: it cannot be disbursed`);
    expect(early.body.details).toMatchObject({ reason: 'loan_status', status: 'REQUESTED' });
    const own = await decide(officer, loan.approvalRequestId!, 'approve');
    expect(own.status).toBe(409);
    expect(own.body.details.reason).toBe('own_request');
    const approved = await decide(approver, loan.approvalRequestId!, 'approve');
    expect(approved.status, approved.text).toBe(200);
    const afterApproval = await detail(loan.id, disburser);
    expect(afterApproval).toMatchObject({ status: 'APPROVED', approvedBy: expect.stringContaining('Test'), actions: ['DISBURSE', 'CANCEL'] });
    // Approving moved no money.
    expect((await balances(t.db, [made.account.id])).get(made.account.id)).toBe(0n);

    const receivableBefore = await companyBalance(t, COMPANY_ACCOUNTS.loansReceivable);
    const incomeBefore = await companyBalance(t, COMPANY_ACCOUNTS.loanIncome);
    const paid = await update(disburser, loan.id, 'DISBURSE');
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.message).toMatch(new RegExp(`^${loan.reference} disbursed: ₦100,000.00 to the wallet of .* \\(LOAN-${loan.id}-DISB\\)`));
    expect(paid.body.loan).toMatchObject({ status: 'DISBURSED', outstanding: total, repaid: 0, arrears: 0, disbursedBy: expect.stringContaining('Test') });
    expect((await balances(t.db, [made.account.id])).get(made.account.id)).toBe(BigInt(TERMS.principal));
    expect(await companyBalance(t, COMPANY_ACCOUNTS.loansReceivable)).toBe(receivableBefore - BigInt(total));
    expect(await companyBalance(t, COMPANY_ACCOUNTS.loanIncome)).toBe(incomeBefore + BigInt(interest + TERMS.fee));

    const disbursed = await detail(loan.id);
    const today = lagosDate(t.clock.now());
    expect(disbursed.disbursementReference).toBe(`LOAN-${loan.id}-DISB`);
    expect(disbursed.writeOffReference).toBeNull();
    expect(disbursed.actions).toEqual([]);
    expect(disbursed.schedule).toHaveLength(30);
    expect(disbursed.schedule.reduce((sum, instalment) => sum + instalment.amount, 0)).toBe(total);
    expect(disbursed.schedule[0]).toMatchObject({ number: 1, dueDate: lagosDate(new Date(t.clock.now().getTime() + DAY)), state: 'UPCOMING', paid: 0 });
    expect(disbursed.nextDueDate).toBe(disbursed.schedule[0]!.dueDate);
    expect(disbursed.events.map((event) => event.toStatus)).toEqual(['DISBURSED', 'APPROVED', 'REQUESTED']);
    expect(disbursed.events[0]!.adminName).toContain('Test');
    expect(today).toBe('2026-11-21');
    // Collected automatically from now on.
    const setting = await t.db.selectFrom('deduction_settings').selectAll().where('loan_id', '=', loan.id).executeTakeFirstOrThrow();
    expect(setting).toMatchObject({ status: 'ACTIVE', allow_partial: true, source: 'DISBURSEMENT' });

    // A second disbursement is refused naming the state; nothing posted twice.
    const again = await update(disburser, loan.id, 'DISBURSE');
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ status: 'DISBURSED' });
  });

  it('previews a disbursement (Prefer: dry-run) without keeping anything, then applies it with the token', async () => {
    const { loan, business } = await loanUpTo('APPROVED');
    const before = await ledgerFingerprint(t.db);
    const preview = await update(disburser, loan.id, 'DISBURSE', {}, { prefer: 'dry-run' });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.headers.get('preference-applied')).toBe('dry-run');
    const { total, interest } = loanCharges(TERMS);
    expect(preview.body.transfers).toEqual([
      {
        reference: `LOAN-${loan.id}-DISB`,
        kind: 'loan_disbursement',
        from: 'Loans receivable',
        to: `Wallet of ${business.name}`,
        amount: TERMS.principal,
        partOf: null,
      },
      {
        reference: `LOAN-${loan.id}-CHARGE`,
        kind: 'loan_charge',
        from: 'Loans receivable',
        to: 'Loan interest and fees',
        amount: interest + TERMS.fee,
        partOf: null,
      },
    ]);
    expect(preview.body.balances).toEqual([expect.objectContaining({ before: 0, after: TERMS.principal })]);
    expect(preview.body.answer.loan).toMatchObject({ status: 'DISBURSED', outstanding: total });
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect((await detail(loan.id)).status).toBe('APPROVED');
    expect(await t.db.selectFrom('loan_instalments').select('number').where('loan_id', '=', loan.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('deduction_settings').select('id').where('loan_id', '=', loan.id).execute()).toEqual([]);

    const applied = await update(disburser, loan.id, 'DISBURSE', {}, { 'if-match': preview.body.token });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.loan.status).toBe('DISBURSED');
  });

  it('counts the schedule from a day past when told, never from a day to come', async () => {
    const { loan } = await loanUpTo('APPROVED', { body: { frequency: 'WEEKLY', instalments: 4, fee: 0, interestBps: 0 } });
    const future = await update(disburser, loan.id, 'DISBURSE', { disbursedOn: '2026-11-22' });
    expect(future.status).toBe(400);
    expect(future.body.details.fields[0].field).toBe('disbursedOn');
    const paid = await update(disburser, loan.id, 'DISBURSE', { disbursedOn: '2026-11-01' });
    expect(paid.status, paid.text).toBe(200);
    const shown = await detail(loan.id);
    expect(shown.schedule.map((instalment) => [instalment.dueDate, instalment.state])).toEqual([
      ['2026-11-08', 'LATE'],
      ['2026-11-15', 'LATE'],
      ['2026-11-22', 'UPCOMING'],
      ['2026-11-29', 'UPCOMING'],
    ]);
    expect(shown).toMatchObject({ arrears: TERMS.principal / 2, daysPastDue: 13, nextDueDate: '2026-11-08' });
  });
});

describe('decisions and moves', () => {
  it('a declined request declines the loan', async () => {
    const { loan } = await loanUpTo('REQUESTED');
    const declined = await decide(approver, loan.approvalRequestId!, 'decline', { reason: 'Turnover too low' });
    expect(declined.status, declined.text).toBe(200);
    const shown = await detail(loan.id);
    expect(shown).toMatchObject({ status: 'DECLINED', actions: [], outstanding: 0 });
    expect(shown.closedAt).not.toBeNull();
    expect(shown.events[0]).toMatchObject({ fromStatus: 'REQUESTED', toStatus: 'DECLINED', note: expect.stringContaining('Turnover too low') });
  });

  it('editing a requested loan renews its approval request; the older one can no longer approve it', async () => {
    const { loan } = await loanUpTo('REQUESTED');
    const actions = (await detail(loan.id, officer)).actions;
    expect(actions).toEqual(['EDIT', 'CANCEL']);
    const edited = await update(officer, loan.id, 'EDIT', { principal: 20_000_000, instalments: 60, note: 'Bigger order' });
    expect(edited.status, edited.text).toBe(200);
    const { total } = loanCharges({ ...TERMS, principal: 20_000_000, instalments: 60 });
    expect(edited.body.loan).toMatchObject({ status: 'REQUESTED', principal: 20_000_000, instalments: 60, totalRepayable: total });
    const fresh = edited.body.loan.approvalRequestId as number;
    expect(fresh).not.toBe(loan.approvalRequestId);
    expect(edited.body.message).toContain(`Request #${loan.approvalRequestId} can no longer approve it`);
    const queued = await approver.request('GET', `${APPROVALS}/${fresh}`);
    expect(queued.body.request ?? queued.body).toMatchObject({ amount: 20_000_000 });

    const stale = await decide(approver, loan.approvalRequestId!, 'approve');
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `Request #${loan.approvalRequestId} cannot approve ${loan.reference}: its terms were changed since: request #${fresh} decides it now. Decline this request`,
    );
    // Declining the stale request leaves the loan waiting for the fresh one.
    expect((await decide(approver, loan.approvalRequestId!, 'decline', { reason: 'Superseded' })).status).toBe(200);
    expect((await detail(loan.id)).status).toBe('REQUESTED');
    expect((await decide(approver, fresh, 'approve')).status).toBe(200);
    expect((await detail(loan.id)).status).toBe('APPROVED');

    const late = await update(officer, loan.id, 'EDIT', { principal: 30_000_000 });
    expect(late.status).toBe(409);
    expect(late.body.details).toMatchObject({ reason: 'loan_status', status: 'APPROVED' });
  });

  it('cancels a loan not yet disbursed; its request can then only be declined', async () => {
    const { loan } = await loanUpTo('REQUESTED');
    const cancelled = await update(officer, loan.id, 'CANCEL', { note: 'Merchant changed their mind' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.loan.status).toBe('CANCELLED');
    expect(cancelled.body.message).toContain(`approval request #${loan.approvalRequestId} can only be declined now`);
    const stale = await decide(approver, loan.approvalRequestId!, 'approve');
    expect(stale.status).toBe(409);
    expect(stale.body.details).toMatchObject({ reason: 'loan_not_waiting', status: 'CANCELLED' });
    expect((await decide(approver, loan.approvalRequestId!, 'decline', { reason: 'Cancelled' })).status).toBe(200);
    expect((await detail(loan.id)).status).toBe('CANCELLED');
  });

  it('refuses terms beyond what the frequency allows, naming instalments', async () => {
    const made = await merchant();
    const refused = await request(officer, made.business.id, { frequency: 'WEEKLY', instalments: 105 });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields).toEqual([{ field: 'instalments', message: 'must be at most 104 for weekly repayments' }]);
  });

  it('refuses a merchant under fraud, one without a wallet, and one that does not exist', async () => {
    const fraud = await ledgerWallet(t.db, { business: { is_fraud: true, name: 'Shady Lending Ventures' } });
    const refused = await request(officer, fraud.business.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'Shady Lending Ventures is marked as fraud: it cannot borrow', details: { reason: 'merchant_fraud' } });
    const walletless = await insertBusiness(t.db, { name: 'Walletless Borrowers' });
    expect((await request(officer, walletless.id)).body.details.reason).toBe('no_wallet');
    expect((await request(officer, 99_999_999)).status).toBe(404);
  });

  it('refuses a disbursement to a wallet the money policy blocks, posting nothing', async () => {
    const { loan, wallet } = await loanUpTo('APPROVED');
    await t.db.updateTable('wallets').set({ status: 'FROZEN' }).where('uid', '=', wallet.uid).execute();
    const before = await ledgerFingerprint(t.db);
    const refused = await update(disburser, loan.id, 'DISBURSE');
    expect(refused.status).toBe(409);
    expect(refused.body.details.reason).toBe('wallet_frozen');
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect((await detail(loan.id)).status).toBe('APPROVED');
  });

  it('disbursing and writing off need loans.disburse: 403 naming it, and the detail offers neither without it', async () => {
    const { loan } = await loanUpTo('APPROVED');
    const refused = await update(officer, loan.id, 'DISBURSE');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have the "loans.disburse" permission needed to disburse a loan.');
    expect(refused.body.details).toMatchObject({ reason: 'missing_permission', permission: 'loans.disburse' });
    expect((await detail(loan.id, officer)).actions).toEqual(['CANCEL']);
    expect((await update(officer, loan.id, 'WRITE_OFF')).status).toBe(403);
    expect((await update(viewer, loan.id, 'CANCEL')).status).toBe(403);
  });

  it('refuses fields of another action, naming them', async () => {
    const { loan } = await loanUpTo('APPROVED');
    const refused = await update(disburser, loan.id, 'DISBURSE', { principal: 5_000_000 });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields[0].field).toBe('principal');
  });

  it('repayments make a loan repaying, then repaid; only a loan in arrears is defaulted, and only a defaulted one written off', async () => {
    const { loan } = await loanUpTo('DISBURSED', { body: { principal: 300_000, interestBps: 0, fee: 0, instalments: 3 }, disbursedOn: '2026-11-19' });
    // Instalment 1 (due 11-20) is late, instalment 2 is due today.
    let shown = await detail(loan.id, disburser);
    expect(shown.schedule.map((instalment) => instalment.state)).toEqual(['LATE', 'DUE', 'UPCOMING']);
    expect(shown).toMatchObject({ arrears: 200_000, daysPastDue: 1, actions: ['DEFAULT'] });
    await repay(t, loan.id, 1, 100_000);
    await repay(t, loan.id, 2, 40_000);
    shown = await detail(loan.id, disburser);
    expect(shown).toMatchObject({ status: 'REPAYING', repaid: 140_000, outstanding: 160_000, arrears: 60_000, daysPastDue: 0, nextDueDate: '2026-11-21' });
    expect(shown.schedule.map((instalment) => instalment.state)).toEqual(['PAID', 'PARTLY_PAID', 'UPCOMING']);
    expect(shown.repayments).toHaveLength(2);
    expect(shown.repayments[0]!.transferReference).toMatch(/^TEST-REPAY-/);

    const writeOff = await update(disburser, loan.id, 'WRITE_OFF');
    expect(writeOff.status).toBe(409);
    expect(writeOff.body.message).toBe(`${loan.reference} is repaying: it cannot be written off`);
    expect(writeOff.body.details).toMatchObject({ reason: 'loan_status', status: 'REPAYING' });

    await repay(t, loan.id, 2, 60_000);
    const notLate = await update(disburser, loan.id, 'DEFAULT');
    expect(notLate.status).toBe(409);
    expect(notLate.body.details.reason).toBe('not_in_arrears');
    expect(notLate.body.message).toContain('is not in arrears');

    await repay(t, loan.id, 3, 100_000);
    shown = await detail(loan.id);
    expect(shown).toMatchObject({ status: 'REPAID', repaid: 300_000, outstanding: 0, arrears: 0, nextDueDate: null });
    expect(shown.closedAt).not.toBeNull();
    const setting = await t.db.selectFrom('deduction_settings').select('status').where('loan_id', '=', loan.id).executeTakeFirstOrThrow();
    expect(setting.status).toBe('PAUSED');
  });

  it('writes off what a defaulted loan still owes through the ledger and pauses its deductions', async () => {
    const { loan } = await loanUpTo('DISBURSED', { body: { principal: 400_000, interestBps: 1_000, fee: 0, instalments: 4 }, disbursedOn: '2026-11-10' });
    await repay(t, loan.id, 1, 110_000);
    const defaulted = await update(officer, loan.id, 'DEFAULT', { note: 'No answer to calls' });
    expect(defaulted.status, defaulted.text).toBe(200);
    expect(defaulted.body.loan.status).toBe('DEFAULTED');
    expect((await detail(loan.id, disburser)).actions).toEqual(['WRITE_OFF']);

    const writeOffsBefore = await companyBalance(t, COMPANY_ACCOUNTS.loanWriteOffs);
    const written = await update(disburser, loan.id, 'WRITE_OFF', { note: 'Business closed' });
    expect(written.status, written.text).toBe(200);
    expect(written.body.loan).toMatchObject({ status: 'WRITTEN_OFF', repaid: 110_000, outstanding: 0, arrears: 0, daysPastDue: 0 });
    expect(await companyBalance(t, COMPANY_ACCOUNTS.loanWriteOffs)).toBe(writeOffsBefore - 330_000n);
    const shown = await detail(loan.id);
    expect(shown.writeOffReference).toBe(`LOAN-${loan.id}-WO`);
    const stored = await t.db.selectFrom('loans').select(['written_off', 'closed_at']).where('id', '=', loan.id).executeTakeFirstOrThrow();
    expect(stored.written_off).toBe(330_000n);
    expect(stored.closed_at).not.toBeNull();
    const setting = await t.db.selectFrom('deduction_settings').select('status').where('loan_id', '=', loan.id).executeTakeFirstOrThrow();
    expect(setting.status).toBe('PAUSED');
    const again = await update(disburser, loan.id, 'WRITE_OFF');
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('already');
  });
});

describe('the list and the tracker', () => {
  it('filters by status, merchant, reference and arrears, and downloads as CSV', async () => {
    const made = await merchant(t, 0, 'Filterable Lending Stores');
    const asked = await request(officer, made.business.id, { purpose: 'TERMINAL' });
    const loan = asked.body.loan;
    const byMerchant = await viewer.request('GET', LIST, { query: { businessId: String(made.business.id) } });
    expect(byMerchant.status, byMerchant.text).toBe(200);
    expect(byMerchant.body.items.map((row: LoanRow) => row.id)).toEqual([loan.id]);
    for (const search of [loan.reference, String(loan.id), 'filterable lend']) {
      const found = await viewer.request('GET', LIST, { query: { search } });
      expect(
        found.body.items.map((row: LoanRow) => row.id),
        search,
      ).toContain(loan.id);
    }
    const requested = await viewer.request('GET', LIST, { query: { status: 'REQUESTED', purpose: 'TERMINAL' } });
    expect(requested.body.items.every((row: LoanRow) => row.status === 'REQUESTED' && row.purpose === 'TERMINAL')).toBe(true);
    const overdue = await viewer.request('GET', LIST, { query: { overdue: 'true' } });
    expect(overdue.status, overdue.text).toBe(200);
    expect(overdue.body.items.length).toBeGreaterThan(0);
    expect(overdue.body.items.every((row: LoanRow) => row.arrears > 0)).toBe(true);

    const csv = await viewer.request('GET', LIST, { query: { businessId: String(made.business.id), download: 'csv' } });
    expect(csv.status).toBe(200);
    const [header, line] = csv.text.trim().split('\n');
    expect(header).toBe('Loan,Requested,Merchant,Purpose,Status,Principal,Repayable,Repaid,Repaid so far,Outstanding,Arrears,Days past due,Next due');
    expect(line).toContain(`${loan.reference},`);
    expect(line).toContain(',Filterable Lending Stores,');
    expect(line).toContain(',100000.00,');
  });

  it('shows what each schedule expected by a day against what was repaid, most days past due first, on the app clock', async () => {
    const app = await createTestApp();
    try {
      let crew = await crewOf(app);
      const slow = await loanUpTo('DISBURSED', {
        app,
        crew,
        body: { principal: 1_000_000, interestBps: 0, fee: 0, instalments: 10 },
        disbursedOn: '2026-11-15',
      });
      const slower = await loanUpTo('DISBURSED', {
        app,
        crew,
        body: { principal: 1_000_000, interestBps: 0, fee: 0, instalments: 10 },
        disbursedOn: '2026-11-11',
      });
      const onTime = await loanUpTo('DISBURSED', { app, crew, body: { principal: 1_000_000, interestBps: 0, fee: 0, instalments: 10 } });
      await loanUpTo('APPROVED', { app, crew });
      await repay(app, slow.loan.id, 1, 100_000);

      const tracked = await crew.viewer.request('POST', TRACKER, { body: {} });
      expect(tracked.status, tracked.text).toBe(200);
      expect(tracked.body.items.map((row: { id: number }) => row.id)).toEqual([slower.loan.id, slow.loan.id, onTime.loan.id]);
      // 11-11 + 1 day: ten instalments due by 11-21, none paid.
      expect(tracked.body.items[0]).toMatchObject({
        expected: 1_000_000,
        repaid: 0,
        arrears: 1_000_000,
        daysPastDue: 9,
        instalmentsDue: 10,
        instalmentsPaid: 0,
      });
      expect(tracked.body.items[1]).toMatchObject({
        expected: 600_000,
        repaid: 100_000,
        arrears: 500_000,
        daysPastDue: 4,
        instalmentsDue: 6,
        instalmentsPaid: 1,
      });
      expect(tracked.body.items[2]).toMatchObject({ expected: 0, arrears: 0, daysPastDue: 0, instalmentsDue: 0, nextDueDate: '2026-11-22' });

      const asOf = await crew.viewer.request('POST', TRACKER, { body: { asOf: '2026-11-18', minDaysPastDue: 1 } });
      expect(asOf.body.items.map((row: { id: number; daysPastDue: number }) => [row.id, row.daysPastDue])).toEqual([
        [slower.loan.id, 6],
        [slow.loan.id, 1],
      ]);

      // Three days on (sessions are signed in afresh on the moved clock).
      app.clock.advance(3 * DAY);
      crew = await crewOf(app);
      const later = await crew.viewer.request('POST', TRACKER, { body: { minDaysPastDue: 1 } });
      expect(later.body.items.map((row: { id: number; daysPastDue: number }) => [row.id, row.daysPastDue])).toEqual([
        [slower.loan.id, 12],
        [slow.loan.id, 7],
        [onTime.loan.id, 2],
      ]);
      const onTimeShown = await detail(onTime.loan.id, crew.viewer);
      expect(onTimeShown).toMatchObject({ arrears: 300_000, daysPastDue: 2 });
      expect(onTimeShown.schedule.slice(0, 4).map((instalment) => instalment.state)).toEqual(['LATE', 'LATE', 'DUE', 'UPCOMING']);

      const csv = await crew.viewer.request('POST', TRACKER, { body: { download: 'csv' } });
      expect(csv.status).toBe(200);
      expect(csv.text.split('\n')[0]).toBe('Loan,Merchant,Status,Expected by now,Repaid,Arrears,Days past due,Instalments due,Paid,Outstanding,Next due');
      expect(csv.text).toContain(`${slower.loan.reference},`);
    } finally {
      await app.close();
    }
  });

  it('leaves a loan requested when its approval request expires', async () => {
    const app = await createTestApp();
    try {
      const crew = await crewOf(app);
      const { loan } = await loanUpTo('REQUESTED', { app, crew });
      app.clock.advance(73 * 3_600_000);
      const approver2 = await app.actor({ permissions: APPROVER });
      const expired = await decide(approver2, loan.approvalRequestId!, 'approve');
      expect(expired.status).toBe(409);
      expect(expired.body.details.reason).toBe('expired');
      const viewer2 = await app.actor({ permissions: ['loans.view'] });
      expect((await detail(loan.id, viewer2)).status).toBe('REQUESTED');
    } finally {
      await app.close();
    }
  });
});
