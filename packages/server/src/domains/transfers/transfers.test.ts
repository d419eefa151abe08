import { nuban } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { ledgerFingerprint, ledgerWallet } from '../../test/ledger-kit';
import { balances } from '../ledger/index';

const CREATE = '/v1/payments/createfundstransfer';
const GTBANK = '058';

let t: TestApp;
let sender: Actor;
let reviewer: Actor;
let viewer: Actor;
let keys = 0;
const key = () => ({ 'idempotency-key': `transfer-test-${++keys}-${Date.now()}` });
/** A valid GTBank number whose serial ends as asked: the sandbox provider's provocations (991 fails, 993 pending then paid, 994 pending then failed, 995 paid but the answer is lost, 997 unknown). */
const account = (ending = '123') => nuban(GTBANK, `${String(100000 + keys * 7 + Math.floor(Math.random() * 1000)).padStart(6, '0')}${ending}`);

beforeAll(async () => {
  t = await createTestApp();
  sender = await t.actor({ permissions: ['transfers.create', 'transfers.view', 'transfers.retry', 'wallets.view'] });
  reviewer = await t.actor({ permissions: ['transfers.review', 'transfers.view'] });
  viewer = await t.actor({ permissions: ['transfers.view'] });
});
afterAll(() => t.close());

/** A Tier 3 merchant (KYC exempt: ₦5,000,000 a day) holding `funds` kobo. */
async function merchant(funds = 100_000_000, wallet: { status?: 'PND' | 'FROZEN' } = {}) {
  const made = await ledgerWallet(t.db, { funds, business: { kyc_exempt: true } });
  // Funded while active, then restricted.
  if (wallet.status) await t.db.updateTable('wallets').set({ status: wallet.status }).where('uid', '=', made.wallet.uid).execute();
  const balance = async () => (await balances(t.db, [made.account.id])).get(made.account.id);
  return { ...made, balance };
}

const send = (business: number, body: Record<string, unknown>, headers: Record<string, string> = key()) =>
  sender.request('POST', CREATE, {
    body: { business: String(business), bankCode: GTBANK, amount: 1_000_000, narration: 'Supplier invoice 118', ...body },
    headers,
  });

const detail = async (id: number) => (await viewer.request('GET', `/v1/payments/fundstransfer/${id}`)).body;

describe('a single transfer', () => {
  it('debits the amount and the fee at once, sends after the commit, and records the provider and session id', async () => {
    const m = await merchant();
    const answer = await send(m.business.id, { accountNumber: account() });
    expect(answer.status).toBe(200);
    expect(answer.body.transfer).toMatchObject({ status: 'QUEUED', amount: 1_000_000, provider: 'providus', source: m.business.name });
    expect(answer.body.transfer.sessionId).toMatch(/^\d{30}$/);
    const fee = answer.body.transfer.fee as number;
    expect(fee).toBeGreaterThan(0);
    expect(await m.balance()).toBe(BigInt(100_000_000 - 1_000_000 - fee));
    await t.runJobs();
    const sent = await detail(answer.body.transfer.id);
    expect(sent.status).toBe('SUCCESSFUL');
    expect(sent.responseCode).toBe('00');
    expect(sent.events.map((event: { status: string }) => event.status)).toEqual(['QUEUED', 'SENDING', 'SUCCESSFUL']);
    expect(sent.postings.map((posting: { kind: string }) => posting.kind)).toEqual(['transfer_out', 'fee']);
    expect(sent.postings[0].creditAccount).toBe('Providus float');
    expect(sent.accountName).toMatch(/\S/);
    expect(await m.balance()).toBe(BigInt(100_000_000 - 1_000_000 - fee));
  });

  it('gives the money back exactly once when the bank fails it for good', async () => {
    const m = await merchant();
    const answer = await send(m.business.id, { accountNumber: account('991') });
    await t.runJobs();
    await t.runJobs();
    const failed = await detail(answer.body.transfer.id);
    expect(failed).toMatchObject({ status: 'FAILED', responseCode: '57', reversalWaiting: null, needsAttention: true });
    expect(failed.reversal.reference).toBe(`reversal:${failed.reference}`);
    expect(failed.postings.map((posting: { kind: string }) => posting.kind).sort()).toEqual(['fee', 'reversal', 'reversal', 'transfer_out']);
    expect(await m.balance()).toBe(100_000_000n);
  });

  it.each([
    ['pending then paid', '993', 'SUCCESSFUL', 100_000_000 - 1_000_000],
    ['pending then failed', '994', 'FAILED', 100_000_000],
  ])('treats %s as unknown until a re-query says otherwise', async (_name, ending, final, kept) => {
    const m = await merchant();
    const answer = await send(m.business.id, { accountNumber: account(ending) });
    await t.runJobs();
    const pending = await detail(answer.body.transfer.id);
    expect(pending).toMatchObject({ status: 'PENDING', responseCode: '09' });
    expect(pending.nextRequeryAt).not.toBeNull();
    // The sandbox decides a minute after the send; the first re-query (30 s) is too early.
    t.clock.advance(31_000);
    await t.runJobs();
    expect(await detail(answer.body.transfer.id)).toMatchObject({ status: 'PENDING', requeryCount: 1 });
    t.clock.advance(61_000);
    await t.runJobs();
    const done = await detail(answer.body.transfer.id);
    expect(done.status).toBe(final);
    expect(await m.balance()).toBe(BigInt(kept - (final === 'SUCCESSFUL' ? done.fee : 0)));
  });

  it('never fails a transfer whose answer timed out: the re-query finds it paid, and it is paid once', async () => {
    const m = await merchant();
    const answer = await send(m.business.id, { accountNumber: account('995') });
    await t.runJobs();
    const pending = await detail(answer.body.transfer.id);
    expect(pending.events.at(-1).note).toMatch(/did not answer/);
    expect(pending.status).toBe('PENDING');
    t.clock.advance(31_000);
    await t.runJobs();
    const paid = await detail(answer.body.transfer.id);
    expect(paid.status).toBe('SUCCESSFUL');
    const sessions = await t.db.selectFrom('sandbox_transfer_sessions').selectAll().where('session_id', '=', paid.sessionId).execute();
    expect(sessions).toHaveLength(1);
  });

  it('previews the debit without posting or sending anything', async () => {
    const m = await merchant();
    const before = await ledgerFingerprint(t.db);
    const preview = await send(m.business.id, { accountNumber: account() }, { prefer: 'dry-run' });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('preference-applied')).toBe('dry-run');
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect(await t.db.selectFrom('bank_transfers').select('id').where('business_id', '=', m.business.id).execute()).toEqual([]);
  });
});

describe('refusals move nothing', () => {
  it.each([
    ['a number whose check digit is wrong', { accountNumber: '0123456788' }, 400, 'accountNumber'],
    ['an account the bank does not hold', { accountNumber: account('997') }, 400, 'accountNumber'],
    ['a bank transfers cannot reach', { bankCode: '999', accountNumber: '0123456789' }, 400, 'bankCode'],
    ['no amount', { amount: undefined, accountNumber: account() }, 400, 'amount'],
    ['a fractional amount', { amount: 10.5, accountNumber: account() }, 400, 'amount'],
  ])('%s is a 400 naming the field', async (_name, body, status, field) => {
    const m = await merchant();
    const before = await ledgerFingerprint(t.db);
    const refused = await send(m.business.id, body);
    expect(refused.status).toBe(status);
    expect(JSON.stringify(refused.body.details)).toContain(field);
    expect(await ledgerFingerprint(t.db)).toBe(before);
  });

  it.each([
    ['under PND', { status: 'PND' as const }, 'wallet_pnd'],
    ['frozen', { status: 'FROZEN' as const }, 'wallet_frozen'],
  ])('a wallet %s is a 409 with the reason', async (_name, wallet, reason) => {
    const m = await merchant(100_000_000, wallet);
    const before = await ledgerFingerprint(t.db);
    const refused = await send(m.business.id, { accountNumber: account() });
    expect(refused.status).toBe(409);
    expect(refused.body.details.reason).toBe(reason);
    expect(await ledgerFingerprint(t.db)).toBe(before);
  });

  it('refuses more than the wallet holds, a reference used before, and a name that is not the holder', async () => {
    const m = await merchant(500_000);
    const poor = await send(m.business.id, { accountNumber: account() });
    expect(poor.status).toBe(409);
    expect(poor.body.details.reason).toBe('insufficient_balance');
    expect(poor.body.message).toMatch(
      /^Insufficient balance: Wallet of .+ holds ₦5,000\.00; TRF-\S+ needs ₦10,025\.00 \(₦10,000\.00 and its fee\)\. Nothing was posted$/,
    );
    const rich = await merchant();
    const number = account();
    const first = await send(rich.business.id, { accountNumber: number, reference: 'INV-2026-0001-X' });
    expect(first.status).toBe(200);
    const again = await send(rich.business.id, { accountNumber: number, reference: 'INV-2026-0001-X' });
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('duplicate_reference');
    const wrongName = await send(rich.business.id, { accountNumber: account(), accountName: 'Somebody Else Entirely' });
    expect(wrongName.status).toBe(409);
    expect(wrongName.body.details.reason).toBe('name_mismatch');
  });

  it('needs the permission', async () => {
    const m = await merchant();
    const refused = await viewer.request('POST', CREATE, {
      body: { business: String(m.business.id), bankCode: GTBANK, accountNumber: account(), amount: 100, narration: 'x y z' },
      headers: key(),
    });
    expect(refused.status).toBe(403);
  });
});

describe('fraud rules and review', () => {
  it('holds a large transfer to a new beneficiary without moving money; release sends it, block ends it', async () => {
    const m = await merchant(400_000_000);
    const held = await send(m.business.id, { accountNumber: account(), amount: 150_000_000 });
    expect(held.status).toBe(200);
    expect(held.body.transfer.status).toBe('HELD');
    expect(held.body.transfer.evaluations.some((evaluation: { matched: boolean; action: string }) => evaluation.matched && evaluation.action === 'hold')).toBe(
      true,
    );
    expect(await m.balance()).toBe(400_000_000n);

    const released = await reviewer.request('POST', `/v1/payments/fundstransfer/${held.body.transfer.id}/review`, {
      body: { decision: 'release', note: 'Called the merchant: a genuine supplier' },
      headers: key(),
    });
    expect(released.status).toBe(200);
    expect(released.body.transfer.status).toBe('QUEUED');
    expect(await m.balance()).toBe(BigInt(400_000_000 - 150_000_000 - released.body.transfer.fee));
    await t.runJobs();
    expect((await detail(held.body.transfer.id)).status).toBe('SUCCESSFUL');

    const second = await send(m.business.id, { accountNumber: account(), amount: 150_000_000 });
    const blocked = await reviewer.request('POST', `/v1/payments/fundstransfer/${second.body.transfer.id}/review`, {
      body: { decision: 'block', note: 'Mule account pattern' },
      headers: key(),
    });
    expect(blocked.body.transfer.status).toBe('BLOCKED');
    const again = await reviewer.request('POST', `/v1/payments/fundstransfer/${second.body.transfer.id}/review`, {
      body: { decision: 'release', note: 'Changed my mind' },
      headers: key(),
    });
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('not_held');
  });
});

describe('retries', () => {
  it('sends a failed transfer again once, as a new transfer; a second retry is refused', async () => {
    const m = await merchant();
    const failed = await send(m.business.id, { accountNumber: account('991') });
    await t.runJobs();
    const retry = await sender.request('POST', `/v1/payments/fundstransfer/${failed.body.transfer.id}/retry`, {
      body: { reason: 'Beneficiary bank is back' },
      headers: key(),
    });
    expect(retry.status).toBe(200);
    expect(retry.body.transfer).toMatchObject({ origin: 'retry', retryOf: failed.body.transfer.id, status: 'QUEUED' });
    expect(retry.body.transfer.sessionId).not.toBe(failed.body.transfer.sessionId);
    const twice = await sender.request('POST', `/v1/payments/fundstransfer/${failed.body.transfer.id}/retry`, { body: { reason: 'Again' }, headers: key() });
    expect(twice.status).toBe(409);
    expect(twice.body.details.reason).toBe('already_retried');
    const paid = await sender.request('POST', `/v1/payments/fundstransfer/${retry.body.transfer.id}/retry`, { body: { reason: 'Not failed' }, headers: key() });
    expect(paid.status).toBe(409);
  });

  it('lists what needs attention and answers batch status', async () => {
    const m = await merchant();
    const failed = await send(m.business.id, { accountNumber: account('991') });
    const ok = await send(m.business.id, { accountNumber: account() });
    await t.runJobs();
    const attention = await viewer.request('GET', '/v1/payments/getallfundstransferstatus', {
      query: { attention: 'true', businessId: String(m.business.id) },
    });
    expect(attention.status).toBe(200);
    expect(attention.body.items.map((row: { id: number }) => row.id)).toEqual([failed.body.transfer.id]);
    const batch = await viewer.request('GET', `/v1/payments/getfundstransferstatus/batch/${failed.body.transfer.id},${ok.body.transfer.id},999999`);
    expect(batch.body.items.map((row: { status: string; final: boolean }) => [row.status, row.final])).toEqual([
      ['FAILED', true],
      ['SUCCESSFUL', true],
    ]);
    expect(batch.body.missing).toEqual([999999]);
    const csv = await viewer.request('GET', '/v1/payments/getallfundstransferstatus', { query: { businessId: String(m.business.id), download: 'csv' } });
    expect(csv.text.split('\n')[0]).toContain('Reference');
  });
});
