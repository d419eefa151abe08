import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertFixedAccount, insertWallet } from '../../test/merchant-fixtures';
import { accountNumberAt, eventsOf, idempotencyKey, lastAudit, riskSnapshot } from '../../test/risk-kit';

let t: TestApp;
let ops: Actor;
let viewer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.actor({ role: 'admin', permissions: ['fixed-accounts.view', 'fixed-accounts.blacklist', 'fixed-accounts.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['fixed-accounts.view'] });
});
afterAll(() => t.close());

const LIST = '/v1/payments/admin/fixedaccounts/businesses';
const TOGGLE = '/v1/payments/fixedaccounts/toggleblacklist';
const BULK = '/v1/payments/fixedaccounts/bulkblacklist';
const INACTIVE = '/v1/payments/admin/fixedaccounts/inactive-records';
const DAY = 86_400_000;

/** A business with an ACTIVE wallet and one fixed account at a valid number. */
async function merchantWithAccount(values: Parameters<typeof insertFixedAccount>[2] = {}, business: Parameters<typeof insertBusiness>[1] = {}) {
  const b = await insertBusiness(t.db, business);
  await insertWallet(t.db, b.id);
  const bank = values.bank ?? 'WEMA';
  const account = await insertFixedAccount(t.db, b.id, { bank, account_number: accountNumberAt(bank), ...values });
  return { business: b, account };
}

describe('the fixed accounts list', () => {
  it('filters by blacklist, bank, account number or name prefix and the opening date range; downloads CSV', async () => {
    const owner = await insertBusiness(t.db, { name: 'Ilorin Listed Textiles' });
    const wema = await insertFixedAccount(t.db, owner.id, {
      bank: 'WEMA',
      account_number: accountNumberAt('WEMA'),
      account_name: 'Traction/Ilorin Listed Textiles',
      created_at: new Date('2026-11-10T10:00:00Z'),
    });
    const vfd = await insertFixedAccount(t.db, owner.id, {
      bank: 'VFD',
      account_number: accountNumberAt('VFD'),
      account_name: 'Traction/Ilorin Listed Textiles 2',
      blacklisted: true,
      blacklist_reason: 'Scam inflows',
      created_at: new Date('2026-11-15T10:00:00Z'),
    });
    const ids = (answer: { body: { items: { id: number }[] } }) => answer.body.items.map((row) => row.id);
    const all = await viewer.request('GET', LIST, { query: { search: 'ilorin listed' } });
    expect(ids(all)).toEqual([vfd.id, wema.id]);
    expect(all.body.items[0]).toMatchObject({
      businessId: owner.id,
      businessName: 'Ilorin Listed Textiles',
      bank: 'VFD',
      blacklisted: true,
      blacklistReason: 'Scam inflows',
      status: 'ACTIVE',
    });
    expect(ids(await viewer.request('GET', LIST, { query: { search: 'ilorin listed', blacklist: 'true' } }))).toEqual([vfd.id]);
    expect(ids(await viewer.request('GET', LIST, { query: { search: 'ilorin listed', bank: 'WEMA' } }))).toEqual([wema.id]);
    expect(ids(await viewer.request('GET', LIST, { query: { search: wema.account_number } }))).toEqual([wema.id]);
    expect(ids(await viewer.request('GET', LIST, { query: { search: vfd.account_number.slice(0, 8), businessId: String(owner.id) } }))).toEqual([vfd.id]);
    // Lagos days: the 15th 00:00 WAT is the 14th 23:00 UTC
    expect(ids(await viewer.request('GET', LIST, { query: { search: 'ilorin listed', startdatetime: '2026-11-15', enddatetime: '2026-11-15' } }))).toEqual([
      vfd.id,
    ]);

    const csv = await viewer.request('GET', LIST, { query: { search: 'ilorin listed', download: 'csv' } });
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Account number,Account name,Bank,Business,Status,Blacklisted,Blacklist reason,Last activity,Opened,ID,Business ID');
    expect(lines).toHaveLength(3);

    const download = await viewer.request('GET', '/v1/payments/admin/download_fixedaccounts', {
      query: { start_date: '2026-11-10', end_date: '2026-11-10', download: 'csv' },
    });
    expect(download.headers.get('content-disposition')).toContain('fixed-accounts-download-');
    const rows = download.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual([wema.account_number]);
  });

  it('refuses an admin without fixed-accounts.view', async () => {
    const outsider = await t.actor({ role: 'staff', permissions: ['fraud.view'] });
    expect((await outsider.request('GET', LIST)).status).toBe(403);
    expect((await outsider.request('GET', INACTIVE)).status).toBe(403);
  });
});

describe('blacklisting one account by its number', () => {
  it('blacklists with a reason and whitelists again, each in the business history', async () => {
    const { business, account } = await merchantWithAccount();
    const answer = await ops.request('POST', TOGGLE, {
      body: { accountNumber: account.account_number, blacklist: true, reason: 'Inflows from a reported scam' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.account).toMatchObject({
      id: account.id,
      blacklisted: true,
      blacklistReason: 'Inflows from a reported scam',
      blacklistedAt: t.clock.now().toISOString(),
    });
    expect(answer.body.message).toContain('payments into it are refused');
    const white = await ops.request('POST', TOGGLE, { body: { accountNumber: account.account_number, blacklist: false } });
    expect(white.body.account).toMatchObject({ blacklisted: false, blacklistReason: null, blacklistedAt: null });
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['fixed-account.blacklisted', 'fixed-account.whitelisted']);
  });

  it('answers 409 for the same state, 404 for a number that is not ours, 400 naming the field, 403 without the permission: nothing changes', async () => {
    const { account } = await merchantWithAccount({ blacklisted: true, blacklist_reason: 'Old' });
    const before = await riskSnapshot(t);
    const same = await ops.request('POST', TOGGLE, { body: { accountNumber: account.account_number, blacklist: true, reason: 'Again' } });
    expect(same.status).toBe(409);
    expect(same.body.message).toContain('already blacklisted');
    expect((await ops.request('POST', TOGGLE, { body: { accountNumber: accountNumberAt('WEMA'), blacklist: true, reason: 'Who?' } })).status).toBe(404);
    const short = await ops.request('POST', TOGGLE, { body: { accountNumber: '12345', blacklist: true, reason: 'Typo' } });
    expect(short.status).toBe(400);
    expect(short.body.details.fields[0]).toMatchObject({ field: 'accountNumber', message: 'must be a 10-digit account number' });
    const noReason = await ops.request('POST', TOGGLE, { body: { accountNumber: account.account_number, blacklist: true } });
    expect(noReason.body.details.fields[0].field).toBe('reason');
    const forbidden = await viewer.request('POST', TOGGLE, { body: { accountNumber: account.account_number, blacklist: false } });
    expect(forbidden.status).toBe(403);
    expect(await riskSnapshot(t)).toEqual(before);
    expect(await lastAudit(t.db, 'fixed-accounts.blacklist.toggle')).toMatchObject({ outcome: '403' });
  });
});

describe('blacklisting a selection of accounts', () => {
  it('acts on the ids named, skipping unknown ids and accounts already in that state', async () => {
    const one = await merchantWithAccount();
    const two = await merchantWithAccount();
    const done = await merchantWithAccount({ blacklisted: true });
    const answer = await ops.request('POST', BULK, {
      headers: idempotencyKey(),
      body: { ids: [one.account.id, two.account.id, done.account.id, 999_999], blacklist: true, reason: 'Mule accounts' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      matched: 3,
      changed: 2,
      skipped: expect.arrayContaining([
        { id: 999_999, reason: 'no such fixed account' },
        { id: done.account.id, reason: 'already blacklisted' },
      ]),
    });
    expect((await eventsOf(t.db, one.business.id)).map((e) => e.kind)).toEqual(['fixed-account.blacklisted']);
    expect(await eventsOf(t.db, done.business.id)).toEqual([]);
  });

  it('whitelists every account matching the filters across pages, less the exceptions; a replay changes nothing more', async () => {
    const owner = await insertBusiness(t.db, { name: 'Mule Farm Logistics' });
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) {
      ids.push(
        (
          await insertFixedAccount(t.db, owner.id, {
            bank: 'PROVIDUS',
            account_number: accountNumberAt('PROVIDUS'),
            account_name: `Traction/Mule Farm ${i}`,
            blacklisted: true,
            blacklist_reason: 'Ring',
          })
        ).id,
      );
    }
    const kept = ids[3]!;
    const headers = idempotencyKey();
    const body = { matching: { search: 'traction/mule farm', blacklist: true }, except: [kept], blacklist: false, reason: 'Cleared by compliance' };
    const first = await ops.request('POST', BULK, { headers, body });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ matched: 119, changed: 119, skipped: [] });
    const still = await t.db.selectFrom('fixed_accounts').select('id').where('business_id', '=', owner.id).where('blacklisted', '=', true).execute();
    expect(still.map((row) => row.id)).toEqual([kept]);
    expect((await eventsOf(t.db, owner.id)).filter((e) => e.kind === 'fixed-account.whitelisted')).toHaveLength(119);

    const before = await riskSnapshot(t);
    const again = await ops.request('POST', BULK, { headers, body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await riskSnapshot(t)).toEqual(before);
  });

  it('refuses without a key, a selection, a reason to blacklist, or the permission, and changes nothing', async () => {
    const { account } = await merchantWithAccount();
    const before = await riskSnapshot(t);
    expect((await ops.request('POST', BULK, { body: { ids: [account.id], blacklist: true, reason: 'Why' } })).body.details.fields[0].field).toBe(
      'Idempotency-Key',
    );
    expect(
      (await ops.request('POST', BULK, { headers: idempotencyKey(), body: { ids: [account.id], matching: {}, blacklist: true, reason: 'Why' } })).body.details
        .fields[0].field,
    ).toBe('ids');
    expect((await ops.request('POST', BULK, { headers: idempotencyKey(), body: { ids: [account.id], blacklist: true } })).body.details.fields[0].field).toBe(
      'reason',
    );
    expect((await viewer.request('POST', BULK, { headers: idempotencyKey(), body: { ids: [account.id], blacklist: true, reason: 'Why' } })).status).toBe(403);
    expect(await riskSnapshot(t)).toEqual(before);
  });
});

describe('inactive accounts', () => {
  it('lists ACTIVE accounts quiet for the period by the server clock, counting never-used accounts from their opening', async () => {
    const owner = await insertBusiness(t.db, { name: 'Sleepy Hollow Stores' });
    const now = t.clock.now().getTime();
    const at = (days: number) => new Date(now - days * DAY);
    const make = (values: Parameters<typeof insertFixedAccount>[2]) =>
      insertFixedAccount(t.db, owner.id, { account_number: accountNumberAt('WEMA'), account_name: 'Traction/Sleepy Hollow', ...values });
    const quiet45 = await make({ last_activity_at: at(45), created_at: at(400) });
    const quiet100 = await make({ last_activity_at: at(100), created_at: at(400) });
    const busy = await make({ last_activity_at: at(2), created_at: at(400) });
    const neverOld = await make({ last_activity_at: null, created_at: at(200) });
    const neverNew = await make({ last_activity_at: null, created_at: at(5) });
    await make({ last_activity_at: at(300), created_at: at(400), status: 'DEACTIVATED' });

    const ids = async (period: string) => {
      const answer = await viewer.request('GET', INACTIVE, { query: { inactive_period: period, search: 'sleepy hollow' } });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.items.map((row: { id: number }) => row.id);
    };
    expect(await ids('30')).toEqual([neverOld.id, quiet100.id, quiet45.id]);
    expect(await ids('90')).toEqual([neverOld.id, quiet100.id]);
    expect(await ids('180')).toEqual([neverOld.id]);
    expect(await ids('365')).toEqual([]);
    expect(await ids('30')).not.toContain(busy.id);
    expect(await ids('30')).not.toContain(neverNew.id);
    const page = await viewer.request('GET', INACTIVE, { query: { search: 'sleepy hollow' } });
    expect(page.body.items.find((row: { id: number }) => row.id === quiet100.id).idleDays).toBe(100);
    expect(page.body.total).toBe(3); // 30 days unless told

    // Sixty days on, the account quiet for 45 days has been quiet for 105 (a fresh sign-in: sessions idle out).
    t.clock.advance(60 * DAY);
    try {
      const later = await t.actor({ role: 'staff', permissions: ['fixed-accounts.view'] });
      const answer = await later.request('GET', INACTIVE, { query: { inactive_period: '90', search: 'sleepy hollow' } });
      expect(answer.body.items.map((row: { id: number }) => row.id)).toEqual([neverOld.id, quiet100.id, quiet45.id]);
    } finally {
      t.clock.advance(-60 * DAY);
    }
    const bad = await viewer.request('GET', INACTIVE, { query: { inactive_period: '45' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('inactive_period');
  });
});

describe('deactivating, re-pushing and renaming at the bank', () => {
  const DEACTIVATE = '/v1/payments/fixedaccounts/deactivate-account';
  const REPUSH = '/v1/payments/fixedaccounts/re-push';
  const RENAME = '/v1/payments/fixedaccounts/re-name';

  it('deactivates through the bank and records its reference; a second time is 409', async () => {
    const { business, account } = await merchantWithAccount({ bank: 'VFD' });
    const answer = await ops.request('POST', DEACTIVATE, { body: { id: account.id, reason: 'Idle for a year' } });
    expect(answer.status).toBe(200);
    expect(answer.body.account.status).toBe('DEACTIVATED');
    expect(answer.body.bankReference).toMatch(/^VFD-DEA-\d{10}$/);
    const [event] = await eventsOf(t.db, business.id);
    expect(event).toMatchObject({
      kind: 'fixed-account.deactivated',
      details: expect.objectContaining({ bankReference: answer.body.bankReference, reason: 'Idle for a year' }),
    });
    expect(await lastAudit(t.db, 'fixed-accounts.deactivate')).toMatchObject({ outcome: 'ok' });
    const again = await ops.request('POST', DEACTIVATE, { body: { id: account.id, reason: 'Idle for a year' } });
    expect(again.status).toBe(409);
  });

  it.each([
    ['times out', '999', 504, 'did not answer within 50 ms, so it may have'],
    ['fails', '998', 502, 'answered 503 Service Unavailable. Nothing was changed'],
  ] as const)('says so clearly when the bank %s, changes nothing of ours and audits the refusal', async (_what, ending, status, message) => {
    const { account } = await merchantWithAccount({ bank: 'WEMA', account_number: accountNumberAt('WEMA', ending) });
    for (const [path, body] of [
      [DEACTIVATE, { id: account.id, reason: 'Idle for a year' }],
      [REPUSH, { id: account.id }],
      [RENAME, { id: account.id, accountName: 'Traction/New Name' }],
    ] as const) {
      const before = await riskSnapshot(t);
      const answer = await ops.request('POST', path, { body });
      expect(answer.status, path).toBe(status);
      expect(answer.body.message).toContain(`Wema Bank ${message}`);
      expect(await riskSnapshot(t)).toEqual(before);
    }
    expect(await lastAudit(t.db, 'fixed-accounts.rename')).toMatchObject({ outcome: String(status), message: expect.stringContaining(message) });
  });

  it('re-pushes an account whose payments the policy allows (PND wallets take credits) and refuses the rest with the reason', async () => {
    const ok = await merchantWithAccount({ bank: 'PROVIDUS' });
    const pushed = await ops.request('POST', REPUSH, { body: { id: ok.account.id } });
    expect(pushed.status).toBe(200);
    expect(pushed.body.bankReference).toMatch(/^PRO-REG-/);
    expect((await eventsOf(t.db, ok.business.id)).map((e) => e.kind)).toEqual(['fixed-account.repushed']);

    const pnd = await insertBusiness(t.db);
    await insertWallet(t.db, pnd.id, { status: 'PND' });
    const pndAccount = await insertFixedAccount(t.db, pnd.id, { bank: 'WEMA', account_number: accountNumberAt('WEMA') });
    expect((await ops.request('POST', REPUSH, { body: { id: pndAccount.id } })).status).toBe(200);

    // Each merchant is made just before its own refusal: made all at once, the later ones were
    // still being inserted while the first refusal's snapshots were taken.
    const refusals: [string, () => Promise<number>][] = [
      ['blacklisted', () => merchantWithAccount({ blacklisted: true }).then((m) => m.account.id)],
      ['marked as fraud', () => merchantWithAccount({}, { is_fraud: true }).then((m) => m.account.id)],
      ['deactivated', () => merchantWithAccount({ status: 'DEACTIVATED' }).then((m) => m.account.id)],
    ];
    for (const [why, makeAccount] of refusals) {
      const accountId = await makeAccount();
      const before = await riskSnapshot(t);
      const answer = await ops.request('POST', REPUSH, { body: { id: accountId } });
      expect(answer.status, why).toBe(409);
      expect(answer.body.message, why).toContain(why);
      expect(await riskSnapshot(t)).toEqual(before);
    }
    const frozen = await insertBusiness(t.db);
    await insertWallet(t.db, frozen.id, { status: 'FROZEN' });
    const frozenAccount = await insertFixedAccount(t.db, frozen.id, { account_number: accountNumberAt('WEMA') });
    const answer = await ops.request('POST', REPUSH, { body: { id: frozenAccount.id } });
    expect(answer.status).toBe(409);
    expect(answer.body.details.reason).toBe('wallet_frozen');
  });

  it("renames to the business's current name by default, or to the name given; the same name is 409", async () => {
    const { business, account } = await merchantWithAccount({ account_name: 'Traction/Old Name' }, { name: 'Brand New Name Ltd' });
    const renamed = await ops.request('POST', RENAME, { body: { id: account.id } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.account.accountName).toBe('Traction/Brand New Name Ltd');
    expect((await ops.request('POST', RENAME, { body: { id: account.id } })).status).toBe(409);
    const given = await ops.request('POST', RENAME, { body: { id: account.id, accountName: 'Traction/BNN Lekki' } });
    expect(given.body.account.accountName).toBe('Traction/BNN Lekki');
    expect((await eventsOf(t.db, business.id)).map((e) => e.message)).toEqual([
      `Fixed account ${account.account_number} renamed "Traction/Old Name" → "Traction/Brand New Name Ltd"`,
      `Fixed account ${account.account_number} renamed "Traction/Brand New Name Ltd" → "Traction/BNN Lekki"`,
    ]);
  });

  it('refuses without fixed-accounts.manage (403) and for an unknown account (404), changing nothing', async () => {
    const { account } = await merchantWithAccount();
    const before = await riskSnapshot(t);
    for (const [path, body] of [
      [DEACTIVATE, { id: account.id, reason: 'Idle for a year' }],
      [REPUSH, { id: account.id }],
      [RENAME, { id: account.id }],
    ] as const) {
      expect((await viewer.request('POST', path, { body })).status, path).toBe(403);
      expect((await ops.request('POST', path, { body: { ...body, id: 999_999 } })).status, path).toBe(404);
    }
    expect(await riskSnapshot(t)).toEqual(before);
  });

  it('refuses an account whose number its bank says is invalid (400 naming the field), changing nothing', async () => {
    // Legacy data: a number with a wrong check digit for its bank.
    const owner = await insertBusiness(t.db);
    await insertWallet(t.db, owner.id);
    const good = accountNumberAt('WEMA');
    const broken = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;
    const account = await insertFixedAccount(t.db, owner.id, { bank: 'WEMA', account_number: broken });
    const before = await riskSnapshot(t);
    const answer = await ops.request('POST', REPUSH, { body: { id: account.id } });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0]).toMatchObject({ field: 'accountNumber', message: expect.stringContaining('not a valid Wema Bank account number') });
    expect(await riskSnapshot(t)).toEqual(before);
  });
});
