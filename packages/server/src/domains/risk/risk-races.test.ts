import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertFixedAccount, insertWallet } from '../../test/merchant-fixtures';
import { accountNumberAt, appWith, eventsOf, gate, lastAudit, riskSnapshot, staleReads } from '../../test/risk-kit';

/**
 * Two admins acting on the same record at once. Commands that run in one transaction must
 * decide on the row as it is under their lock, not on an earlier read: `staleReads` makes
 * every unlocked read see the state from before the other admin's change. Bank commands read,
 * ask the bank outside any transaction, then write: `gate` holds both requests at the bank,
 * so both have read before either writes.
 */
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.actor({
    role: 'admin',
    permissions: [
      'fraud.view',
      'fraud.manage',
      'merchants.trust',
      'wallets.status',
      'fixed-accounts.view',
      'fixed-accounts.blacklist',
      'fixed-accounts.manage',
    ],
  });
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a change that lands between the read and the write', () => {
  it('trust: a business marked as fraud meanwhile is not trusted (409), never both fraud and trusted', async () => {
    const business = await insertBusiness(t.db, { is_fraud: true, fraud_reason: 'Marked a moment ago' });
    const send = appWith(t, { db: t.db.withPlugin(staleReads((row) => (row.id === business.id && 'is_fraud' in row ? { is_fraud: false } : null))) });
    const before = await riskSnapshot(t);
    const answer = await send(admin, 'POST', `/v1/businesses/${business.id}/toggle-trust`, { isTrusted: true });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.details).toMatchObject({ reason: 'fraud' });
    expect(await riskSnapshot(t)).toEqual(before);
    const row = await t.db.selectFrom('businesses').select(['is_fraud', 'is_trusted']).where('id', '=', business.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_fraud: true, is_trusted: false });
  });

  it('wallet status: the history says the status it really had, and the same status is still 409', async () => {
    const business = await insertBusiness(t.db);
    const wallet = await insertWallet(t.db, business.id, { status: 'PND' });
    const send = appWith(t, { db: t.db.withPlugin(staleReads((row) => (row.uid === wallet.uid && 'status' in row ? { status: 'ACTIVE' } : null))) });
    const before = await riskSnapshot(t);
    const same = await send(admin, 'PATCH', `/api/wallet/update/status/${wallet.uid}`, { status: 'PND', reason: 'Disputed inflows' });
    expect(same.status, same.text).toBe(409);
    expect(same.body.message).toContain('already PND');
    expect(await riskSnapshot(t)).toEqual(before);

    const frozen = await send(admin, 'PATCH', `/api/wallet/update/status/${wallet.uid}`, { status: 'FROZEN', reason: 'Court order' });
    expect(frozen.status, frozen.text).toBe(200);
    expect(await eventsOf(t.db, business.id)).toEqual([
      expect.objectContaining({
        kind: 'wallet.status',
        message: 'Wallet PND → FROZEN: Court order',
        details: expect.objectContaining({ from: 'PND', to: 'FROZEN' }),
      }),
    ]);
  });

  it('fraud: marking a business someone else marked meanwhile is 409 and audited as such, not "ok" with no history', async () => {
    const business = await insertBusiness(t.db, { is_fraud: true, fraud_reason: 'First analyst' });
    const send = appWith(t, { db: t.db.withPlugin(staleReads((row) => (row.id === business.id && 'is_fraud' in row ? { is_fraud: false } : null))) });
    const before = await riskSnapshot(t);
    const answer = await send(admin, 'POST', `/v1/businesses/${business.id}/updatefraudstatus`, { is_fraud: true, reason: 'Second analyst' });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.message).toContain('already marked as fraud');
    expect(await riskSnapshot(t)).toEqual(before);
    expect(await lastAudit(t.db, 'fraud.update')).toMatchObject({ outcome: '409' });
  });

  it('blacklist toggle: an account blacklisted meanwhile is 409 and audited as such', async () => {
    const business = await insertBusiness(t.db);
    const account = await insertFixedAccount(t.db, business.id, {
      account_number: accountNumberAt('WEMA'),
      blacklisted: true,
      blacklist_reason: 'First analyst',
    });
    const send = appWith(t, { db: t.db.withPlugin(staleReads((row) => (row.id === account.id && 'blacklisted' in row ? { blacklisted: false } : null))) });
    const before = await riskSnapshot(t);
    const answer = await send(admin, 'POST', '/v1/payments/fixedaccounts/toggleblacklist', {
      accountNumber: account.account_number,
      blacklist: true,
      reason: 'Second analyst',
    });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.message).toContain('already blacklisted');
    expect(await riskSnapshot(t)).toEqual(before);
    expect(await lastAudit(t.db, 'fixed-accounts.blacklist.toggle')).toMatchObject({ outcome: '409' });
  });
});

describe('two admins at the bank at once', () => {
  async function merchant(bank: 'WEMA' | 'VFD' = 'VFD') {
    const business = await insertBusiness(t.db);
    await insertWallet(t.db, business.id);
    const account = await insertFixedAccount(t.db, business.id, { bank, account_number: accountNumberAt(bank), account_name: 'Traction/Before' });
    return { business, account };
  }

  it('deactivate twice at once: one deactivates, the other is told someone got there first (409); one history line', async () => {
    const { business, account } = await merchant();
    const original = t.banks.vfd.deactivateAccount.bind(t.banks.vfd);
    const both = gate(2);
    vi.spyOn(t.banks.vfd, 'deactivateAccount').mockImplementation(async (...args) => {
      await both();
      return original(...args);
    });
    const path = '/v1/payments/fixedaccounts/deactivate-account';
    const answers = await Promise.all([
      admin.request('POST', path, { body: { id: account.id, reason: 'Idle for a year' } }),
      admin.request('POST', path, { body: { id: account.id, reason: 'Closed by request' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.message).toContain('was deactivated by someone else');
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['fixed-account.deactivated']);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('outcome')
      .where('command_id', '=', 'fixed-accounts.deactivate')
      .where(sql<boolean>`input->>'id' = ${String(account.id)}`)
      .execute();
    expect(audits.map((a) => a.outcome).sort()).toEqual(['409', 'ok']);
  });

  it('rename twice at once: the first write wins, the second is 409 and says what the bank may now show; one history line', async () => {
    const { business, account } = await merchant('WEMA');
    const original = t.banks.wema.renameAccount.bind(t.banks.wema);
    const both = gate(2);
    vi.spyOn(t.banks.wema, 'renameAccount').mockImplementation(async (...args) => {
      await both();
      return original(...args);
    });
    const path = '/v1/payments/fixedaccounts/re-name';
    const answers = await Promise.all([
      admin.request('POST', path, { body: { id: account.id, accountName: 'Traction/First' } }),
      admin.request('POST', path, { body: { id: account.id, accountName: 'Traction/Second' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.message).toContain('was renamed by someone else');
    const row = await t.db.selectFrom('fixed_accounts').select('account_name').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.account_name).toBe(winner.body.account.accountName);
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['fixed-account.renamed']);
  });

  it('rename while it is being deactivated: the rename is 409 once the deactivation has landed', async () => {
    const { business, account } = await merchant('VFD');
    const both = gate(2);
    const deactivate = t.banks.vfd.deactivateAccount.bind(t.banks.vfd);
    const rename = t.banks.vfd.renameAccount.bind(t.banks.vfd);
    vi.spyOn(t.banks.vfd, 'deactivateAccount').mockImplementation(async (...args) => {
      await both();
      return deactivate(...args);
    });
    let renamed!: () => void;
    const deactivated = new Promise<void>((resolve) => (renamed = resolve));
    vi.spyOn(t.banks.vfd, 'renameAccount').mockImplementation(async (...args) => {
      await both();
      await deactivated; // the rename's answer arrives after the deactivation is written
      return rename(...args);
    });
    const renaming = admin.request('POST', '/v1/payments/fixedaccounts/re-name', { body: { id: account.id, accountName: 'Traction/After' } });
    const closing = await admin.request('POST', '/v1/payments/fixedaccounts/deactivate-account', { body: { id: account.id, reason: 'Idle' } });
    renamed();
    const answer = await renaming;
    expect(closing.status).toBe(200);
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.message).toContain('deactivated');
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['fixed-account.deactivated']);
  });
});
