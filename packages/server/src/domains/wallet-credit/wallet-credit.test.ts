import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { SAMPLE_FILES } from '../../test/kyc-kit';
import { ledgerFingerprint, ledgerWallet } from '../../test/ledger-kit';
import { insertBusiness, insertWallet } from '../../test/merchant-fixtures';
import { idempotencyKey, lastAudit } from '../../test/risk-kit';

const BASE = '/api/EWTraction/walletcredit';
const NEW = `${BASE}/requests/new`;
const NEW_DEBIT = `${BASE}/requests/new/debit`;
const AUTHORISE = `${BASE}/requests/authorise`;
const AUTHORISE_DEBIT = `${BASE}/requests/authorise/debit`;
const CHECK = '/api/EWTraction/ledger/check';

let t: TestApp;
let requester: Actor;
let authoriser: Actor;
let financeAuthoriser: Actor;
let financeWithoutPermission: Actor;
let policyKeeper: Actor;
let financeId: number;

beforeAll(async () => {
  t = await createTestApp();
  financeId = (await t.db.selectFrom('departments').select('id').where('name', '=', 'Finance').executeTakeFirstOrThrow()).id;
  requester = await t.actor({ permissions: ['wallets.view', 'wallets.credit.request', 'approvals.view'] });
  authoriser = await t.actor({ permissions: ['wallets.view', 'wallets.credit.authorise', 'approvals.view', 'ledger.view'] });
  financeAuthoriser = await t.actor({ permissions: ['wallets.view', 'wallets.credit.authorise', 'approvals.view'], departmentIds: [financeId] });
  financeWithoutPermission = await t.actor({ permissions: ['wallets.view', 'approvals.view'], departmentIds: [financeId] });
  policyKeeper = await t.actor({ permissions: ['approvals.view', 'approvals.policies'] });
});
afterAll(() => t.close());

const send = (as: Actor, path: string, body: Record<string, unknown>) => as.request('POST', path, { body, headers: idempotencyKey() });
const ask = (as: Actor, business: string | number, amount: number, reason = 'Refund of a failed transfer, ticket 4411', path = NEW) =>
  send(as, path, { business: String(business), amount, reason });
const balanceOf = async (business: { id: number }) =>
  (await authoriser.request('GET', `${BASE}/business/${business.id}`)).body.business?.wallet?.balance as number | undefined;
async function ledgerIsSound() {
  const check = await authoriser.request('GET', CHECK);
  expect(check.body, JSON.stringify(check.body.differences)).toMatchObject({ ok: true, differences: [] });
}

describe('a credit under four-eyes', () => {
  it('waits for another admin, who posts it from adjustments to the wallet; the requester never can', async () => {
    const { business } = await ledgerWallet(t.db, { funds: 10_000, business: { email: 'mama.put@credit.ng', name: 'Mama Put Credits' } });
    const asked = await ask(requester, 'MAMA.PUT@credit.ng', 500_000);
    expect(asked.status, asked.text).toBe(200);
    const { request } = asked.body;
    expect(request).toMatchObject({
      commandId: 'wallets.credit',
      label: 'Wallet credit',
      businessId: business.id,
      amount: 500_000,
      status: 'PENDING',
      requestedById: requester.id,
      decidedById: null,
      transferReference: null,
    });
    expect(Date.parse(request.expiresAt) - Date.parse(request.requestedAt)).toBe(72 * 3_600_000);
    expect(asked.body.message).toContain('₦5,000.00');
    expect(await balanceOf(business)).toBe(10_000);

    const own = await send(requester, AUTHORISE, { id: request.id });
    // the requester lacks the authorise permission at all; given it, four-eyes still refuses
    expect(own.status).toBe(403);
    const both = await t.actor({ permissions: ['wallets.view', 'wallets.credit.request', 'wallets.credit.authorise', 'approvals.view'] });
    const mine = await ask(both, business.id, 1_000);
    const selfApproved = await send(both, AUTHORISE, { id: mine.body.request.id });
    expect(selfApproved.status).toBe(409);
    expect(selfApproved.body.details.reason).toBe('own_request');
    expect(selfApproved.body.message).toMatch(/another admin must decide it \(four-eyes\)/);
    const viaQueue = await both.request('POST', `/api/approvals/${mine.body.request.id}/approve`, { headers: idempotencyKey() });
    expect(viaQueue.status).toBe(409);

    const before = await t.snapshot();
    const authorised = await send(authoriser, AUTHORISE, { id: request.id, note: 'Ticket checked' });
    expect(authorised.status, authorised.text).toBe(200);
    expect(authorised.body.request).toMatchObject({
      status: 'APPROVED',
      decidedById: authoriser.id,
      decisionNote: 'Ticket checked',
      transferReference: `CR-${request.id}`,
    });
    expect(authorised.body.message).toContain(`posted as CR-${request.id}`);
    expect(await t.snapshot()).not.toEqual(before);
    expect(await balanceOf(business)).toBe(510_000);

    const transfer = await t.db.selectFrom('ledger_transfers').selectAll().where('reference', '=', `CR-${request.id}`).executeTakeFirstOrThrow();
    const adjustments = await t.db.selectFrom('ledger_accounts').select('id').where('code', '=', 'company:adjustments').executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      kind: 'credit',
      amount: 500_000n,
      debit_account_id: adjustments.id,
      narration: 'Refund of a failed transfer, ticket 4411',
      admin_id: authoriser.id,
      command_id: 'wallet-credit.authorise',
    });
    const audit = await lastAudit(t.db, 'wallet-credit.authorise');
    expect(audit).toMatchObject({ outcome: 'ok', admin_id: authoriser.id });
    await ledgerIsSound();

    // decided: the same decision is "already", another is a plain conflict
    const again = await send(authoriser, AUTHORISE, { id: request.id });
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('already');
    expect(again.body.message).toMatch(/already approved by/);
    const decline = await send(financeAuthoriser, `/api/approvals/${request.id}/decline`, { reason: 'Changed my mind' });
    expect(decline.status).toBe(409);
    expect(decline.body.details.reason).toBe('decided');
    expect(await balanceOf(business)).toBe(510_000);
  });

  it('needs the Finance department above ₦500,000.00 and the permission in every band (403 naming what is missing)', async () => {
    // Tier 3 (KYC override): the tier's balance cap does not stop the large credits.
    const { business } = await ledgerWallet(t.db, { business: { kyc_exempt: true } });
    const small = (await ask(requester, business.id, 50_000_000)).body.request;
    const large = (await ask(requester, business.id, 50_000_001)).body.request;

    const outsideFinance = await send(authoriser, AUTHORISE, { id: large.id });
    expect(outsideFinance.status).toBe(403);
    expect(outsideFinance.body.message).toMatch(/above ₦500,000\.00 are decided by an admin of Finance holding .*; you are not in Finance/);
    expect(outsideFinance.body.details).toMatchObject({ reason: 'approval_band', missing: 'department' });

    const noPermission = await financeWithoutPermission.request('POST', `/api/approvals/${large.id}/approve`, { headers: idempotencyKey() });
    expect(noPermission.status).toBe(403);
    expect(noPermission.body.message).toMatch(/you do not hold “Authorise wallet credits and debits \(four-eyes\)”/);
    expect(noPermission.body.details.missing).toBe('permission');

    const view = await authoriser.request('GET', `/api/approvals/${large.id}`);
    expect(view.body.you).toMatchObject({ allowed: false });
    expect(view.body.decidedBy).toMatch(/^an admin of Finance holding/);
    expect((await financeAuthoriser.request('GET', `/api/approvals/${large.id}`)).body.you).toEqual({ allowed: true, reason: null });

    // up to and including ₦500,000.00: any admin holding the permission
    const smallDone = await send(authoriser, AUTHORISE, { id: small.id });
    expect(smallDone.status, smallDone.text).toBe(200);
    const approved = await financeAuthoriser.request('POST', `/api/approvals/${large.id}/approve`, { headers: idempotencyKey() });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.request.transferReference).toBe(`CR-${large.id}`);
    expect(await balanceOf(business)).toBe(100_000_001);
    await ledgerIsSound();
  });

  it('declines with a reason; nothing is posted, and a declined request is never approved', async () => {
    const { business } = await ledgerWallet(t.db, { funds: 5_000 });
    const request = (await ask(requester, business.id, 9_900)).body.request;
    const noReason = await send(authoriser, `/api/approvals/${request.id}/decline`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.details.fields[0].field).toBe('reason');
    const declined = await send(authoriser, `/api/approvals/${request.id}/decline`, { reason: 'No ticket for this credit' });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body.request).toMatchObject({
      status: 'DECLINED',
      decidedById: authoriser.id,
      decisionNote: 'No ticket for this credit',
      transferReference: null,
    });
    const twice = await send(authoriser, `/api/approvals/${request.id}/decline`, { reason: 'Again' });
    expect(twice.body.details.reason).toBe('already');
    const approve = await send(authoriser, AUTHORISE, { id: request.id });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toMatch(/already declined by .*; it cannot be approved now/);
    expect(await balanceOf(business)).toBe(5_000);
  });
});

describe('a debit under four-eyes', () => {
  it('posts from the wallet to adjustments; one the wallet can no longer cover changes nothing and stays pending', async () => {
    const { business, wallet } = await ledgerWallet(t.db, { funds: 100_000 });
    // more than the wallet holds is refused at once
    const tooMuch = await ask(requester, business.id, 100_001, 'Duplicate POS credit', NEW_DEBIT);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toMatch(/holds ₦1,000\.00; a debit of ₦1,000\.01 would overdraw it/);

    const first = (await ask(requester, business.id, 80_000, 'Duplicate POS credit, ticket 4412', NEW_DEBIT)).body.request;
    const second = (await ask(requester, business.id, 50_000, 'Duplicate POS credit, ticket 4413', NEW_DEBIT)).body.request;
    expect(first.commandId).toBe('wallets.debit');

    // the credit command does not authorise a debit
    const wrong = await send(authoriser, AUTHORISE, { id: first.id });
    expect(wrong.status).toBe(409);
    expect(wrong.body.details.reason).toBe('wrong_action');

    const done = await send(authoriser, AUTHORISE_DEBIT, { id: first.id });
    expect(done.status, done.text).toBe(200);
    expect(done.body.request.transferReference).toBe(`DR-${first.id}`);
    const transfer = await t.db.selectFrom('ledger_transfers').selectAll().where('reference', '=', `DR-${first.id}`).executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      kind: 'debit',
      debit_account_id: (await t.db.selectFrom('ledger_accounts').select('id').where('wallet_uid', '=', wallet.uid).executeTakeFirstOrThrow()).id,
    });
    expect(await balanceOf(business)).toBe(20_000);

    const snapshot = await t.snapshot();
    const ledger = await ledgerFingerprint(t.db);
    const refused = await send(authoriser, AUTHORISE_DEBIT, { id: second.id });
    expect(refused.status).toBe(409);
    expect(refused.body.details.reason).toBe('insufficient_balance');
    expect(await t.snapshot()).toEqual(snapshot);
    expect(await ledgerFingerprint(t.db)).toBe(ledger);
    expect((await authoriser.request('GET', `/api/approvals/${second.id}`)).body.request.status).toBe('PENDING');
    await ledgerIsSound();
  });

  it('is refused by the money policy of a frozen wallet, and can be previewed without posting', async () => {
    const { business, wallet } = await ledgerWallet(t.db, { funds: 40_000 });
    const request = (await ask(requester, business.id, 10_000, 'Chargeback recovery', NEW_DEBIT)).body.request;
    const preview = await authoriser.request('POST', AUTHORISE_DEBIT, { body: { id: request.id }, headers: { ...idempotencyKey(), prefer: 'dry-run' } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.dryRun).toBe(true);
    expect(preview.body.transfers).toEqual([expect.objectContaining({ reference: `DR-${request.id}`, kind: 'debit', amount: 10_000 })]);
    expect(preview.body.balances).toEqual([expect.objectContaining({ before: 40_000, after: 30_000 })]);
    expect((await authoriser.request('GET', `/api/approvals/${request.id}`)).body.request.status).toBe('PENDING');

    await t.db.updateTable('wallets').set({ status: 'FROZEN' }).where('uid', '=', wallet.uid).execute();
    const before = await t.snapshot();
    const frozen = await send(authoriser, AUTHORISE_DEBIT, { id: request.id });
    expect(frozen.status).toBe(409);
    expect(await t.snapshot()).toEqual(before);
    expect(await balanceOf(business)).toBe(40_000);
  });
});

describe('requests', () => {
  it.each([
    ['zero', 0, 'must be more than zero'],
    ['negative', -500, 'must be more than zero'],
    ['a fraction of a kobo', 1.5, 'must be whole kobo'],
    ['above ₦10 billion', 1_000_000_000_001, 'must be at most ₦10,000,000,000.00'],
  ])('refuses an amount that is %s with 400 naming the field', async (_what, amount, message) => {
    const { business } = await ledgerWallet(t.db);
    const before = await t.snapshot();
    for (const path of [NEW, NEW_DEBIT]) {
      const answer = await ask(requester, business.id, amount, 'Refund', path);
      expect(answer.status).toBe(400);
      expect(answer.body.details.fields).toContainEqual({ field: 'amount', message });
    }
    expect(await t.snapshot()).toEqual(before);
  });

  it('needs an Idempotency-Key, the request permission, a known business with a wallet', async () => {
    const { business } = await ledgerWallet(t.db);
    const noKey = await requester.request('POST', NEW, { body: { business: String(business.id), amount: 100, reason: 'Refund' } });
    expect(noKey.status).toBe(400);
    expect((await ask(authoriser, business.id, 100)).status).toBe(403);
    const unknown = await ask(requester, 'nobody@nowhere.ng', 100);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No business has the email nobody@nowhere.ng');
    const walletless = await insertBusiness(t.db, { name: 'No Wallet Ventures' });
    const none = await ask(requester, walletless.id, 100);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('No Wallet Ventures has no wallet: there is nothing to credit');
  });

  it('keeps an evidence document, served back from the request', async () => {
    const { business } = await ledgerWallet(t.db);
    const form = new FormData();
    form.append('business', String(business.id));
    form.append('amount', '25000');
    form.append('reason', 'Refund with bank statement');
    form.append('evidence', new File([SAMPLE_FILES.pdf], 'statement.pdf', { type: 'application/pdf' }));
    const answer = await t.app.request(NEW, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${requester.token}`, 'device-id': requester.deviceId, ...idempotencyKey() },
    });
    const body = (await answer.json()) as { request: { id: number; evidenceUploadId: number | null; amount: number } };
    expect(answer.status, JSON.stringify(body)).toBe(200);
    expect(body.request.amount).toBe(25_000);
    expect(body.request.evidenceUploadId).toEqual(expect.any(Number));
    const file = await t.app.request(`/api/approvals/${body.request.id}/evidence`, {
      headers: { authorization: `Bearer ${authoriser.token}`, 'device-id': authoriser.deviceId },
    });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(SAMPLE_FILES.pdf);
  });

  it('finds a business with its wallet balance (0 before any money moved) and lists requests by business, direction and status', async () => {
    const business = await insertBusiness(t.db, { name: 'Fresh Wallet Stores', email: 'fresh@credit.ng' });
    const wallet = await insertWallet(t.db, business.id);
    const found = await requester.request('GET', `${BASE}/business/fresh@credit.ng`);
    expect(found.status).toBe(200);
    expect(found.body.business).toEqual({
      id: business.id,
      name: 'Fresh Wallet Stores',
      email: 'fresh@credit.ng',
      isFraud: false,
      wallet: { uid: wallet.uid, status: 'ACTIVE', balance: 0 },
    });
    expect((await requester.request('GET', `${BASE}/business/${business.id}`)).body.business.id).toBe(business.id);

    const credit = (await ask(requester, business.id, 1_000)).body.request;
    t.clock.advance(1_000);
    const debitAsk = await ask(requester, business.id, 1_000, 'Claw back', NEW_DEBIT);
    expect(debitAsk.status).toBe(409); // the wallet holds nothing yet
    const laterCredit = (await ask(requester, business.id, 2_000)).body.request;
    await send(authoriser, `/api/approvals/${credit.id}/decline`, { reason: 'Duplicate request' });

    const list = (body: Record<string, unknown>) => requester.request('POST', `${BASE}/requests`, { body: { businessId: business.id, ...body } });
    const ids = (answer: { body: { items: { id: number }[] } }) => answer.body.items.map((row) => row.id);
    expect(ids(await list({}))).toEqual([laterCredit.id, credit.id]);
    expect(ids(await list({ status: 'DECLINED' }))).toEqual([credit.id]);
    expect(ids(await list({ direction: 'DEBIT' }))).toEqual([]);
    const csv = await requester.request('POST', `${BASE}/requests`, { body: { businessId: business.id }, query: { download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Fresh Wallet Stores');

    // the queue: pending only, oldest first
    const queue = await authoriser.request('GET', '/api/approvals', { query: { search: 'fresh wallet' } });
    expect(ids(queue)).toEqual([laterCredit.id]);
  });
});

describe('approval policies', () => {
  it('lists the defaults and changes bands and expiry (audited); the next decisions follow them', async () => {
    const listed = await authoriser.request('GET', '/api/approval-policies');
    expect(listed.status).toBe(200);
    const credit = listed.body.items.find((policy: { command: string }) => policy.command === 'wallets.credit');
    expect(credit).toMatchObject({
      label: 'Wallet credit',
      expiryHours: 72,
      bands: [
        { upToKobo: 50_000_000, permission: 'wallets.credit.authorise', department: null },
        { upToKobo: null, permission: 'wallets.credit.authorise', department: 'Finance' },
      ],
    });
    expect(credit.summary).toBe(
      'up to ₦500,000.00: any admin holding “Authorise wallet credits and debits (four-eyes)”; above ₦500,000.00: an admin of Finance holding “Authorise wallet credits and debits (four-eyes)”. Requests expire after 72 hours.',
    );

    expect(credit.bandsText).toBe('500000=wallets.credit.authorise; wallets.credit.authorise@Finance');

    const path = '/api/approval-policies/wallets.credit';
    expect((await authoriser.request('PATCH', path, { body: { expiryHours: 24, bands: credit.bandsText } })).status).toBe(403);
    const bad = await policyKeeper.request('PATCH', path, {
      body: { expiryHours: 72, bands: '10000=wallets.credit.authorise; 5000=no.such.permission; 1,000=x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.map((issue: { field: string; message: string }) => `${issue.field}: ${issue.message}`)).toEqual([
      'bands: band 2: no.such.permission is not a permission id',
      'bands: band 3 (1,000=x) must read LIMIT=PERMISSION or LIMIT=PERMISSION@DEPARTMENT',
      "bands: band 2's limit must be more than band 1's",
    ]);
    const unknownDepartment = await policyKeeper.request('PATCH', path, { body: { expiryHours: 72, bands: 'wallets.credit.authorise@Astrology' } });
    expect(unknownDepartment.status).toBe(400);
    expect(unknownDepartment.body.details.fields).toEqual([{ field: 'bands', message: 'there is no department named Astrology' }]);

    const changed = await policyKeeper.request('PATCH', path, { body: { expiryHours: 24, bands: 'wallets.credit.authorise @ finance' } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.policy).toMatchObject({
      expiryHours: 24,
      bands: [{ upToKobo: null, department: 'Finance' }],
      bandsText: 'wallets.credit.authorise@Finance',
    });
    expect(await lastAudit(t.db, 'approval-policies.update')).toMatchObject({ outcome: 'ok', admin_id: policyKeeper.id });
    const same = await policyKeeper.request('PATCH', path, { body: { expiryHours: 24, bands: changed.body.policy.bandsText } });
    expect(same.body.details.reason).toBe('already');

    const { business } = await ledgerWallet(t.db);
    const request = (await ask(requester, business.id, 100)).body.request;
    expect(Date.parse(request.expiresAt) - Date.parse(request.requestedAt)).toBe(24 * 3_600_000);
    expect((await send(authoriser, AUTHORISE, { id: request.id })).status).toBe(403);
    expect((await send(financeAuthoriser, AUTHORISE, { id: request.id })).status).toBe(200);

    // a bounded last band: nobody may approve, so nobody may ask for, more
    const capped = await policyKeeper.request('PATCH', path, {
      body: { expiryHours: 24, bands: '10000=wallets.credit.authorise' },
    });
    expect(capped.body.policy.summary).toMatch(/above ₦10,000\.00: nobody \(cannot be requested\)/);
    const above = await ask(requester, business.id, 1_000_001);
    expect(above.status).toBe(409);
    expect(above.body.message).toBe('Nobody may approve a wallet credit above ₦10,000.00 under the approval policy; ask for less');

    // back to the defaults for the other tests
    const restored = await policyKeeper.request('PATCH', path, { body: { expiryHours: 72, bands: credit.bandsText } });
    expect(restored.status, restored.text).toBe(200);
    expect(
      (await policyKeeper.request('PATCH', '/api/approval-policies/transfers.nothing', { body: { expiryHours: 5, bands: credit.bandsText } })).status,
    ).toBe(404);
  });
});

// Last: moving the clock 72 hours ends every session signed in before.
describe('expiry', () => {
  it('expires after the policy hours, by the server clock: it can no longer be approved', async () => {
    const { business } = await ledgerWallet(t.db);
    const request = (await ask(requester, business.id, 7_500)).body.request;
    const pending = await authoriser.request('GET', '/api/approvals', { query: { businessId: String(business.id) } });
    expect(pending.body.items.map((row: { id: number }) => row.id)).toEqual([request.id]);

    t.clock.advance(72 * 3_600_000);
    const late = await t.actor({ permissions: ['wallets.view', 'wallets.credit.authorise', 'approvals.view'] });
    const before = await t.snapshot();
    const refused = await send(late, AUTHORISE, { id: request.id });
    expect(refused.status).toBe(409);
    expect(refused.body.details.reason).toBe('expired');
    expect(refused.body.message).toBe(`Wallet credit request #${request.id} expired at 2026-11-24 10:00 (Lagos time), undecided; ask for a new request`);
    expect(await t.snapshot()).toEqual(before);
    expect((await late.request('GET', `/api/approvals/${request.id}`)).body.request.status).toBe('EXPIRED');
    expect((await late.request('GET', '/api/approvals', { query: { businessId: String(business.id) } })).body.items).toEqual([]);
    const expired = await late.request('GET', '/api/approvals', { query: { businessId: String(business.id), status: 'EXPIRED' } });
    expect(expired.body.items.map((row: { id: number }) => row.id)).toEqual([request.id]);
    const decline = await send(late, `/api/approvals/${request.id}/decline`, { reason: 'Too late' });
    expect(decline.body.details.reason).toBe('expired');
  });
});
