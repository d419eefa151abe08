import { nuban } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { ledgerFingerprint, ledgerWallet, nextReference } from '../../test/ledger-kit';
import { insertBusiness, insertFixedAccount, insertWallet } from '../../test/merchant-fixtures';
import { idempotencyKey } from '../../test/risk-kit';
import { enqueueJob } from '../jobs/index';
import { balances, openCompanyAccounts, post } from '../ledger/index';

const NEW = '/ft/v1/sweep/new';
const PROCESS = '/ft/v1/sweep/process';
const CANCEL = '/ft/v1/sweep/cancel';
const STATUS = '/ft/v1/sweep/status';
const HISTORY = '/ft/v1/history/sweep';
const GTBANK = '058';

let t: TestApp;
let maker: Actor;
let approver: Actor;
let viewer: Actor;
let serials = 0;
/** A valid GTBank number whose serial ends as asked: 991 makes the sandbox fail every transfer to it. */
const destination = (ending = '123') => nuban(GTBANK, `${String(200000 + ++serials).padStart(6, '0')}${ending}`);

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.actor({ permissions: ['transfers.bulk', 'transfers.view', 'approvals.view'] });
  approver = await t.actor({ permissions: ['transfers.bulk', 'transfers.view', 'approvals.view', 'jobs.view'] });
  viewer = await t.actor({ permissions: ['transfers.view'] });
});
afterAll(() => t.close());

/** A Tier 3 merchant (KYC exempt, so the tier limits stay out of the way) holding `funds` kobo, with a Wema fixed account. */
async function source(funds: number, options: { wallet?: Record<string, unknown>; name?: string } = {}) {
  const made = await ledgerWallet(t.db, {
    funds,
    business: { kyc_exempt: true, ...(options.name ? { name: options.name } : {}) },
    ...(options.wallet ? { wallet: options.wallet } : {}),
  });
  const fixed = await insertFixedAccount(t.db, made.business.id, { bank: 'WEMA', account_number: nuban('035', String(300000000 + made.business.id)) });
  const balance = async () => (await balances(t.db, [made.account.id])).get(made.account.id) ?? 0n;
  return { ...made, fixed, balance };
}

const sweepNew = (body: Record<string, unknown>, as: Actor = maker) =>
  as.request('POST', NEW, { body: { bankCode: GTBANK, narration: 'Month-end sweep', ...body }, headers: idempotencyKey() });
const status = async (id: number) => (await viewer.request('GET', STATUS, { query: { id: String(id) } })).body;

/** Submits a sweep and has the second admin approve it; answers the approval's answer. */
async function approve(id: number) {
  const submitted = await maker.request('POST', PROCESS, { body: { id, reason: 'Month-end consolidation' }, headers: idempotencyKey() });
  expect(submitted.status, submitted.text).toBe(200);
  const approved = await approver.request('POST', `/api/approvals/${submitted.body.sweep.approvalRequestId}/approve`, { headers: idempotencyKey() });
  expect(approved.status, approved.text).toBe(200);
  return approved;
}

/** Runs the jobs until the sweep's transfers are final (the sweep, then the sends). */
async function runUntilSettled(id: number) {
  for (let round = 0; round < 5; round += 1) {
    await t.runJobs();
    if ((await status(id)).sweep.status !== 'RUNNING') break;
  }
  return status(id);
}

describe('the preview', () => {
  it("lists each source's amount (balance less fee and leave-behind) and the total, and skips a PND wallet and an empty one with why", async () => {
    const rich = await source(1_000_000);
    const poorer = await source(500_000);
    const pnd = await source(800_000, { wallet: { status: 'PND' } });
    const empty = await source(10);
    const before = await ledgerFingerprint(t.db);
    const answer = await sweepNew({
      ids: [poorer.business.id, pnd.business.id, rich.business.id, empty.business.id],
      accountNumber: destination(),
      leaveBehind: 10_000,
    });
    expect(answer.status, answer.text).toBe(200);
    const { sweep, rows } = answer.body;
    const fee = sweep.fee as number;
    expect(fee).toBeGreaterThan(0);
    const amountOf = (funds: number) => funds - fee - 10_000;
    expect(sweep).toMatchObject({
      status: 'DRAFT',
      sources: 4,
      leaveBehind: 10_000,
      total: amountOf(1_000_000) + amountOf(500_000),
      fees: 2 * fee,
      selection: '4 selected wallets',
      approvalRequestId: null,
      jobId: null,
    });
    expect(sweep.progress).toMatchObject({ rows: 2, skipped: 2, pending: 2, done: 0 });
    // The richest first, each with the fixed account people know it by.
    expect(rows.map((row: { businessId: number }) => row.businessId)).toEqual([rich.business.id, pnd.business.id, poorer.business.id, empty.business.id]);
    expect(rows[0]).toMatchObject({
      status: 'WAITING',
      amount: amountOf(1_000_000),
      balance: 1_000_000,
      skipReason: null,
      fixedAccountBank: 'WEMA',
      fixedAccountNumber: rich.fixed.account_number,
    });
    expect(rows[1]).toMatchObject({ status: 'SKIPPED', amount: 0 });
    expect(rows[1].skipReason).toMatch(/post-no-debit \(PND\)/);
    expect(rows[3].skipReason).toMatch(/holds ₦0\.10: nothing is left after the ₦[\d,.]+ fee and the ₦100\.00 to leave behind/);
    expect(answer.body.message).toMatch(/saved as a draft: .* from 2 wallets to Guaranty Trust Bank .*; 2 skipped/);
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect(
      await t.db
        .selectFrom('bank_transfers')
        .select('id')
        .where('batch_id', '=', BigInt(sweep.id) as never)
        .execute(),
    ).toEqual([]);
  });

  it('lists a selected business without a wallet, or whose wallet never held money, as skipped with why', async () => {
    const funded = await source(200_000);
    const walletless = await insertBusiness(t.db, { name: 'Walletless Traders' });
    const unfunded = await insertBusiness(t.db, { name: 'Unfunded Traders' });
    await insertWallet(t.db, unfunded.id);
    const answer = await sweepNew({ ids: [funded.business.id, walletless.id, unfunded.id], accountNumber: destination() });
    expect(answer.status, answer.text).toBe(200);
    const byBusiness = new Map(answer.body.rows.map((row: { businessId: number }) => [row.businessId, row]));
    expect(byBusiness.get(funded.business.id)).toMatchObject({ status: 'WAITING' });
    expect(byBusiness.get(walletless.id)).toMatchObject({ status: 'SKIPPED', walletUid: null, skipReason: 'The business has no wallet to pay from or into' });
    expect(byBusiness.get(unfunded.id)).toMatchObject({ status: 'SKIPPED', balance: 0 });
    expect((byBusiness.get(unfunded.id) as { skipReason: string }).skipReason).toMatch(/^It holds ₦0\.0: nothing is left after the/);
  });

  it('previews without saving when asked, and a filter takes every wallet matching it, counting the empty ones rather than listing them', async () => {
    const first = await source(2_000_000, { name: 'Sweepfilter Stores 1' });
    const second = await source(3_000_000, { name: 'Sweepfilter Stores 2' });
    await source(5, { name: 'Sweepfilter Stores 3' });
    const sweeps = async () => (await t.db.selectFrom('sweeps').select('id').execute()).length;
    const saved = await sweeps();
    const preview = await sweepNew({ matching: { search: 'sweepfilter' }, accountNumber: destination(), previewOnly: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.sweep).toMatchObject({ id: 0, sources: 2, ignored: 1 });
    expect(preview.body.sweep.selection).toBe('Every wallet matching "sweepfilter" (2 with money)');
    expect(preview.body.rows.map((row: { businessId: number }) => row.businessId)).toEqual([second.business.id, first.business.id]);
    expect(preview.body.message).toMatch(/^Preview: .*Nothing was saved\.$/);
    expect(await sweeps()).toBe(saved);

    const limited = await sweepNew({ matching: { search: 'sweepfilter', minBalance: 2_500_000 }, accountNumber: destination() });
    expect(limited.status, limited.text).toBe(200);
    expect(limited.body.rows.map((row: { businessId: number }) => row.businessId)).toEqual([second.business.id]);
    expect(await sweeps()).toBe(saved + 1);
  });
});

describe('processing', () => {
  it('needs a second admin; the job sweeps each wallet down to what it leaves behind, and a run again sweeps nothing twice', async () => {
    const a = await source(1_000_000);
    const b = await source(700_000);
    const made = await sweepNew({ ids: [a.business.id, b.business.id], accountNumber: destination(), leaveBehind: 5_000 });
    const id = made.body.sweep.id as number;

    const submitted = await maker.request('POST', PROCESS, { body: { id, reason: 'Month-end consolidation' }, headers: idempotencyKey() });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.sweep).toMatchObject({ status: 'AWAITING_APPROVAL', reason: 'Month-end consolidation' });
    expect(submitted.body.message).toMatch(/waits for another admin's approval: request #\d+/);
    const requestId = submitted.body.sweep.approvalRequestId as number;
    const request = (await approver.request('GET', `/api/approvals/${requestId}`)).body.request;
    expect(request).toMatchObject({ commandId: 'transfers.sweep', label: 'Bulk sweep', amount: made.body.sweep.total, status: 'PENDING' });
    expect(request.reason).toContain(`sweep #${id}`);

    const again = await maker.request('POST', PROCESS, { body: { id, reason: 'Once more' }, headers: idempotencyKey() });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already waits for approval/);
    const own = await maker.request('POST', `/api/approvals/${requestId}/approve`, { headers: idempotencyKey() });
    expect(own.status).toBe(409);
    expect(own.body.details.reason).toBe('own_request');
    expect((await status(id)).sweep.status).toBe('AWAITING_APPROVAL');
    expect(await a.balance()).toBe(1_000_000n);

    const approved = await approver.request('POST', `/api/approvals/${requestId}/approve`, { headers: idempotencyKey() });
    expect(approved.status, approved.text).toBe(200);
    const running = (await status(id)).sweep;
    expect(running).toMatchObject({ status: 'RUNNING' });
    expect(running.jobId).toEqual(expect.any(Number));

    const done = await runUntilSettled(id);
    expect(done.sweep.status).toBe('DONE');
    expect(done.sweep.progress).toMatchObject({ rows: 2, done: 2, succeeded: 2, failed: 0, pending: 0, shortfall: 0, amountMoved: done.sweep.total });
    expect(done.rows.map((row: { status: string }) => row.status)).toEqual(['SUCCESSFUL', 'SUCCESSFUL']);
    expect(done.rows[0].reference).toBe(`SWEEP-${id}-1`);
    expect(await a.balance()).toBe(5_000n);
    expect(await b.balance()).toBe(5_000n);
    const job = (await approver.request('GET', `/api/jobs/${running.jobId}`)).body;
    expect(job).toMatchObject({ status: 'done', progress: { done: 2, total: 2 } });

    // A run again (a job taken over after a crash, say) finds every source started: nothing is swept twice,
    // even for a source whose row lost track of its transfer.
    await t.db.updateTable('sweep_rows').set({ state: 'WAITING', transfer_id: null }).where('sweep_id', '=', BigInt(id)).where('row_number', '=', 1).execute();
    await t.db.transaction().execute((trx) => enqueueJob(trx, { kind: 'sweeps.run', payload: { sweepId: id }, now: t.clock.now() }));
    await t.runJobs();
    const rerun = await status(id);
    expect(rerun.rows.map((row: { status: string; transferId: number }) => [row.status, row.transferId])).toEqual(
      done.rows.map((row: { status: string; transferId: number }) => [row.status, row.transferId]),
    );
    expect(
      await t.db
        .selectFrom('bank_transfers')
        .select('id')
        .where('batch_id', '=', BigInt(id) as never)
        .execute(),
    ).toHaveLength(2);
    expect(await a.balance()).toBe(5_000n);
  });

  it('sweeps what a wallet holds when it runs, never more than the preview, and records the difference', async () => {
    const fallen = await source(1_000_000);
    const grown = await source(1_000_000);
    const made = await sweepNew({ ids: [fallen.business.id, grown.business.id], accountNumber: destination() });
    const id = made.body.sweep.id as number;
    const fee = made.body.sweep.fee as number;
    const company = await openCompanyAccounts(t.db);
    await t.db.transaction().execute((trx) =>
      post(trx, [
        { debit: fallen.account.id, credit: company.adjustments, amount: 300_000, kind: 'debit', reference: nextReference('OUT') },
        { debit: company.floatWema, credit: grown.account.id, amount: 200_000, kind: 'pos_credit', reference: nextReference('IN') },
      ]),
    );
    await approve(id);
    const done = await runUntilSettled(id);
    const byBusiness = new Map(done.rows.map((row: { businessId: number }) => [row.businessId, row]));
    expect(byBusiness.get(fallen.business.id)).toMatchObject({ status: 'SUCCESSFUL', balanceAtRun: 700_000, swept: 700_000 - fee, shortfall: 300_000 });
    expect(byBusiness.get(grown.business.id)).toMatchObject({ status: 'SUCCESSFUL', balanceAtRun: 1_200_000, swept: 1_000_000 - fee, shortfall: 0 });
    expect(done.sweep.progress.shortfall).toBe(300_000);
    expect(await fallen.balance()).toBe(0n);
    expect(await grown.balance()).toBe(200_000n);
  });

  it('records a source the run may not sweep (turned PND since the preview) with its sentence, and sweeps the others', async () => {
    const turned = await source(900_000);
    const fine = await source(900_000);
    const made = await sweepNew({ ids: [turned.business.id, fine.business.id], accountNumber: destination() });
    const id = made.body.sweep.id as number;
    await approve(id);
    await t.db.updateTable('wallets').set({ status: 'PND' }).where('business_id', '=', turned.business.id).execute();
    const done = await runUntilSettled(id);
    const byBusiness = new Map(done.rows.map((row: { businessId: number }) => [row.businessId, row]));
    const refused = byBusiness.get(turned.business.id) as { status: string; refusal: string; transferId: number | null };
    expect(refused).toMatchObject({ status: 'REFUSED', transferId: null });
    expect(refused.refusal).toMatch(/post-no-debit \(PND\)/);
    expect(byBusiness.get(fine.business.id)).toMatchObject({ status: 'SUCCESSFUL' });
    expect(done.sweep).toMatchObject({ status: 'DONE', progress: { failed: 1, refused: 1, succeeded: 1 } });
    expect(await turned.balance()).toBe(900_000n);
  });

  it('gives every source its money back, once, when the destination bank fails the transfers', async () => {
    const a = await source(600_000);
    const b = await source(400_000);
    const made = await sweepNew({ ids: [a.business.id, b.business.id], accountNumber: destination('991') });
    const id = made.body.sweep.id as number;
    await approve(id);
    const done = await runUntilSettled(id);
    expect(done.rows.map((row: { status: string }) => row.status)).toEqual(['FAILED', 'FAILED']);
    expect(done.sweep).toMatchObject({ status: 'DONE', progress: { failed: 2, succeeded: 0, amountMoved: 0 } });
    const reversals = await t.db
      .selectFrom('bank_transfers')
      .select('reversal_transfer_id')
      .where('batch_id', '=', BigInt(id) as never)
      .execute();
    expect(reversals.every((row) => row.reversal_transfer_id !== null)).toBe(true);
    await t.runJobs();
    expect(await a.balance()).toBe(600_000n);
    expect(await b.balance()).toBe(400_000n);
  });

  it('cancels a draft, which then cannot be submitted', async () => {
    const a = await source(300_000);
    const made = await sweepNew({ ids: [a.business.id], accountNumber: destination() });
    const id = made.body.sweep.id as number;
    const cancelled = await maker.request('POST', CANCEL, { body: { id, reason: 'Wrong destination' }, headers: idempotencyKey() });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.sweep.status).toBe('CANCELLED');
    const submitted = await maker.request('POST', PROCESS, { body: { id, reason: 'Month-end' }, headers: idempotencyKey() });
    expect(submitted.status).toBe(409);
    expect(submitted.body.message).toMatch(/was cancelled/);
  });
});

describe('refusals', () => {
  it.each([
    ['a bank transfers cannot reach', { bankCode: '999', accountNumber: '0123456789' }, 'bankCode'],
    ['a number whose check digit is wrong', { accountNumber: '0123456788' }, 'accountNumber'],
    ['neither ids nor a filter', { ids: undefined }, 'ids'],
    ['a negative amount to leave behind', { leaveBehind: -1 }, 'leaveBehind'],
    ['a business that does not exist', { ids: [999_999] }, 'ids'],
  ])('%s is a 400 naming the field', async (_name, body, field) => {
    const a = await source(100_000);
    const before = await t.snapshot();
    const refused = await sweepNew({ ids: [a.business.id], accountNumber: destination(), ...body });
    expect(refused.status, refused.text).toBe(400);
    expect(JSON.stringify(refused.body.details)).toContain(field);
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses to sweep into one of our own fixed accounts', async () => {
    const a = await source(100_000);
    const own = await source(100_000);
    await insertFixedAccount(t.db, own.business.id, { bank: 'WEMA', account_number: nuban('035', '512345678') });
    const refused = await sweepNew({ ids: [a.business.id], bankCode: '035', accountNumber: nuban('035', '512345678') });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0]).toMatchObject({ field: 'accountNumber' });
    expect(refused.body.message).toMatch(/would come back into a wallet/);
  });

  it('needs transfers.bulk to make or submit a sweep, and transfers.view to read one', async () => {
    const a = await source(100_000);
    const made = await sweepNew({ ids: [a.business.id], accountNumber: destination() });
    expect((await sweepNew({ ids: [a.business.id], accountNumber: destination() }, viewer)).status).toBe(403);
    const submit = await viewer.request('POST', PROCESS, { body: { id: made.body.sweep.id, reason: 'Month-end' }, headers: idempotencyKey() });
    expect(submit.status).toBe(403);
    const stranger = await t.actor({ permissions: [] });
    expect((await stranger.request('GET', HISTORY)).status).toBe(403);
    expect((await viewer.request('GET', STATUS, { query: { id: String(made.body.sweep.id) } })).status).toBe(200);
    expect((await viewer.request('GET', STATUS, { query: { id: '999999' } })).status).toBe(404);
  });
});

describe('reading', () => {
  it('lists sweeps with their progress, filtered by status, and as CSV', async () => {
    const a = await source(200_000);
    const made = await sweepNew({ ids: [a.business.id], accountNumber: destination() });
    const drafts = await viewer.request('GET', HISTORY, { query: { status: 'DRAFT', businessId: String(a.business.id) } });
    expect(drafts.status, drafts.text).toBe(200);
    expect(drafts.body.items).toEqual([
      expect.objectContaining({ id: made.body.sweep.id, status: 'DRAFT', sources: 1, total: made.body.sweep.total, succeeded: 0, bankCode: GTBANK }),
    ]);
    const csv = await viewer.request('GET', HISTORY, { query: { download: 'csv', status: 'DRAFT' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Sweep,Created,To,Bank,Account number,Sources');
  });

  it("answers a wallet's balance, what its provider says, and what a sweep of it would take", async () => {
    const a = await source(450_000);
    const answer = await viewer.request('GET', '/ft/v1/enquiry/balance', { query: { businessId: String(a.business.id) } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      businessId: a.business.id,
      balance: 450_000,
      provider: 'wema',
      fixedAccountNumber: a.fixed.account_number,
      refusal: null,
      providerError: null,
    });
    expect(answer.body.providerBalance).toEqual(expect.any(Number));
    expect(answer.body.sweepable).toBe(450_000 - answer.body.fee);
    const pnd = await source(450_000, { wallet: { status: 'PND' } });
    const refused = (await viewer.request('GET', '/ft/v1/enquiry/balance', { query: { businessId: String(pnd.business.id) } })).body;
    expect(refused).toMatchObject({ sweepable: 0 });
    expect(refused.refusal).toMatch(/PND/);
  });

  it('names the holder of a destination account and lists the banks', async () => {
    const account = destination();
    const named = await maker.request('GET', '/ft/v1/enquiry/account', { query: { bankCode: GTBANK, accountNumber: account } });
    expect(named.status, named.text).toBe(200);
    expect(named.body).toMatchObject({ bankCode: GTBANK, accountNumber: account, bankName: 'Guaranty Trust Bank' });
    const banks = await viewer.request('GET', '/ft/v1/banks');
    expect(banks.body.items).toContainEqual(expect.objectContaining({ cbnCode: GTBANK }));
  });
});
