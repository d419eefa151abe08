import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertWallet } from '../../test/merchant-fixtures';
import { eventsOf, idempotencyKey, lastAudit, riskSnapshot } from '../../test/risk-kit';

let t: TestApp;
let analyst: Actor;
let viewer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  analyst = await t.actor({ role: 'admin', permissions: ['fraud.view', 'fraud.manage', 'merchants.trust', 'wallets.status'] });
  viewer = await t.actor({ role: 'staff', permissions: ['fraud.view', 'wallets.view'] });
});
afterAll(() => t.close());

const LIST = '/v1/businesses/admin/getallbusinessesforfraud';
const update = (id: number) => `/v1/businesses/${id}/updatefraudstatus`;
const BULK = '/v1/businesses/updatefraudstatus/bulk';

describe('the fraud list', () => {
  it('filters by fraud, KYC override, wallet and a name or email prefix, pages by 100 and downloads CSV', async () => {
    const marked = await insertBusiness(t.db, { name: 'Zorba Flagged Stores', email: 'zorba.flag@fraudlist.ng', is_fraud: true, fraud_reason: 'Card testing' });
    const exempt = await insertBusiness(t.db, { name: 'Zorba Exempt Pharmacy', email: 'exempt@fraudlist.ng', kyc_exempt: true });
    const walleted = await insertBusiness(t.db, { name: 'Zorba Wallet Foods', email: 'wallet@fraudlist.ng' });
    await insertWallet(t.db, walleted.id, { status: 'PND' });
    const ids = (answer: { body: { items: { id: number }[] } }) => answer.body.items.map((row) => row.id);

    const byName = await viewer.request('GET', LIST, { query: { search: 'zorba' } });
    expect(byName.status).toBe(200);
    expect(ids(byName)).toEqual([walleted.id, exempt.id, marked.id]);
    expect(byName.body).toMatchObject({ page: 1, pageSize: 100, total: 3, hasMore: false });
    expect(byName.body.items[0]).toMatchObject({
      name: 'Zorba Wallet Foods',
      hasWallet: true,
      walletStatus: 'PND',
      isFraud: false,
      stateCode: 'LA',
      stateName: 'Lagos',
    });

    expect(ids(await viewer.request('GET', LIST, { query: { search: 'ZORBA.FLAG@' } }))).toEqual([marked.id]);
    expect(ids(await viewer.request('GET', LIST, { query: { search: String(exempt.id) } }))).toContain(exempt.id);
    // a prefix, not a substring: "stores" is inside a name but starts none of them
    expect(ids(await viewer.request('GET', LIST, { query: { search: 'flagged' } }))).toEqual([]);
    expect(ids(await viewer.request('GET', LIST, { query: { search: 'zorba', is_fraud: 'true' } }))).toEqual([marked.id]);
    expect(ids(await viewer.request('GET', LIST, { query: { search: 'zorba', kyc_override: 'true' } }))).toEqual([exempt.id]);
    expect(ids(await viewer.request('GET', LIST, { query: { search: 'zorba', has_wallet: 'false' } }))).toEqual([exempt.id, marked.id]);
    // LIKE wildcards typed by people are matched literally
    expect(ids(await viewer.request('GET', LIST, { query: { search: 'zor_a' } }))).toEqual([]);

    const csv = await viewer.request('GET', LIST, { query: { search: 'zorba', download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('ID,Business,Email,State,Fraud,Fraud reason,Marked,Trusted,KYC override,Wallet,Signed up');
    expect(lines).toHaveLength(4);
    expect(csv.text).toContain('Card testing');
    // the state by name, not its code
    expect(lines[1]).toContain(',Lagos,');
  });

  it('refuses an admin without fraud.view', async () => {
    const outsider = await t.actor({ role: 'staff', permissions: ['merchants.view'] });
    expect((await outsider.request('GET', LIST)).status).toBe(403);
  });
});

describe('marking and clearing fraud', () => {
  it('marks a trusted business as fraud with a reason: trust goes, both land in its history, the audit says ok', async () => {
    const business = await insertBusiness(t.db, { is_trusted: true, trusted_at: new Date('2026-10-01T00:00:00Z') });
    const answer = await analyst.request('POST', update(business.id), { body: { is_fraud: true, reason: 'Chargebacks from stolen cards' } });
    expect(answer.status).toBe(200);
    expect(answer.body.business).toMatchObject({
      id: business.id,
      isFraud: true,
      fraudReason: 'Chargebacks from stolen cards',
      isTrusted: false,
      fraudMarkedAt: t.clock.now().toISOString(),
    });
    expect(answer.body.message).toContain('trust was withdrawn');
    const row = await t.db.selectFrom('businesses').selectAll().where('id', '=', business.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_fraud: true, fraud_marked_by: analyst.id, is_trusted: false, trusted_by: null, trusted_at: null });
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['fraud.marked', 'trust.revoked']);
    expect(await lastAudit(t.db, 'fraud.update')).toMatchObject({ outcome: 'ok', admin_id: analyst.id });

    const cleared = await analyst.request('POST', update(business.id), { body: { is_fraud: false } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.business).toMatchObject({ isFraud: false, fraudReason: null, fraudMarkedAt: null, isTrusted: false });
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['fraud.marked', 'trust.revoked', 'fraud.cleared']);
  });

  it.each([
    ['marking a business already marked', { is_fraud: true, reason: 'Again' }, true, 'already marked as fraud'],
    ['clearing a business not marked', { is_fraud: false }, false, 'not marked as fraud'],
  ])('answers 409 for %s and changes nothing', async (_what, body, isFraud, message) => {
    const business = await insertBusiness(t.db, { is_fraud: isFraud });
    const before = await riskSnapshot(t);
    const answer = await analyst.request('POST', update(business.id), { body });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain(message);
    expect(await riskSnapshot(t)).toEqual(before);
    expect(await lastAudit(t.db, 'fraud.update')).toMatchObject({ outcome: '409' });
  });

  it('needs a reason to mark (400 naming reason), and 404 for a business that does not exist', async () => {
    const business = await insertBusiness(t.db);
    const before = await riskSnapshot(t);
    const noReason = await analyst.request('POST', update(business.id), { body: { is_fraud: true } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details.fields[0]).toMatchObject({ field: 'reason', message: 'is required when marking a business as fraud' });
    const short = await analyst.request('POST', update(business.id), { body: { is_fraud: true, reason: 'x' } });
    expect(short.body.details.fields[0].field).toBe('reason');
    expect((await analyst.request('POST', update(999_999), { body: { is_fraud: true, reason: 'Nobody' } })).status).toBe(404);
    expect(await riskSnapshot(t)).toEqual(before);
  });

  it('refuses an admin without fraud.manage with 403, changes nothing and audits the refusal', async () => {
    const business = await insertBusiness(t.db);
    const before = await riskSnapshot(t);
    const answer = await viewer.request('POST', update(business.id), { body: { is_fraud: true, reason: 'Not mine to say' } });
    expect(answer.status).toBe(403);
    expect(answer.body.details).toMatchObject({ reason: 'missing_permission', permission: 'fraud.manage' });
    expect(await riskSnapshot(t)).toEqual(before);
    expect(await lastAudit(t.db, 'fraud.update')).toMatchObject({ outcome: '403', admin_id: viewer.id });
  });
});

describe('marking fraud on a selection', () => {
  it('marks the ids named, skips the unknown and those already marked, one history line per business changed', async () => {
    const a = await insertBusiness(t.db, { is_trusted: true });
    const b = await insertBusiness(t.db);
    const already = await insertBusiness(t.db, { is_fraud: true, fraud_reason: 'Old case' });
    const answer = await analyst.request('POST', BULK, {
      headers: idempotencyKey(),
      body: { ids: [a.id, b.id, already.id, 999_999], is_fraud: true, reason: 'Ring of mule accounts' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      matched: 3,
      changed: 2,
      skipped: expect.arrayContaining([
        { id: 999_999, reason: 'no such business' },
        { id: already.id, reason: 'already marked as fraud' },
      ]),
    });
    expect((await eventsOf(t.db, a.id)).map((e) => e.kind)).toEqual(['fraud.marked', 'trust.revoked']);
    expect((await eventsOf(t.db, b.id)).map((e) => e.kind)).toEqual(['fraud.marked']);
    expect(await eventsOf(t.db, already.id)).toEqual([]);
    const reasons = await t.db.selectFrom('businesses').select('fraud_reason').where('id', 'in', [a.id, b.id, already.id]).orderBy('id').execute();
    expect(reasons.map((r) => r.fraud_reason)).toEqual(['Ring of mule accounts', 'Ring of mule accounts', 'Old case']);
  });

  it('marks every business matching the filters, across pages, less the exceptions; a replayed key answers the same and changes nothing more', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 130; i++) ids.push((await insertBusiness(t.db, { name: `Kwara Ring ${i}`, email: `ring${i}@kwararing.ng` })).id);
    const left = ids[17]!;
    const headers = idempotencyKey();
    const body = { matching: { search: 'kwara ring', is_fraud: false }, except: [left], is_fraud: true, reason: 'Same device fingerprint' };
    const first = await analyst.request('POST', BULK, { headers, body });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ matched: 129, changed: 129, skipped: [] });
    const marked = await t.db.selectFrom('businesses').select('id').where('name', 'like', 'Kwara Ring %').where('is_fraud', '=', true).execute();
    expect(marked).toHaveLength(129);
    expect(marked.map((m) => m.id)).not.toContain(left);
    const events = await t.db.selectFrom('business_events').select('business_id').where('kind', '=', 'fraud.marked').where('business_id', 'in', ids).execute();
    expect(events).toHaveLength(129);

    const before = await riskSnapshot(t);
    const again = await analyst.request('POST', BULK, { headers, body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await riskSnapshot(t)).toEqual(before);
    const audits = await t.db.selectFrom('audit_log').select('outcome').where('command_id', '=', 'fraud.update-bulk').execute();
    expect(audits.filter((row) => row.outcome === 'ok').length).toBe(2); // the two runs above; the replay wrote none
  });

  it('needs an Idempotency-Key, a selection, a reason to mark, and the permission; changes nothing when refused', async () => {
    const business = await insertBusiness(t.db);
    const before = await riskSnapshot(t);
    const noKey = await analyst.request('POST', BULK, { body: { ids: [business.id], is_fraud: true, reason: 'Why not' } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.fields[0].field).toBe('Idempotency-Key');
    const neither = await analyst.request('POST', BULK, { headers: idempotencyKey(), body: { is_fraud: true, reason: 'Why not' } });
    expect(neither.body.details.fields[0].field).toBe('ids');
    const noReason = await analyst.request('POST', BULK, { headers: idempotencyKey(), body: { ids: [business.id], is_fraud: true } });
    expect(noReason.body.details.fields[0].field).toBe('reason');
    const forbidden = await viewer.request('POST', BULK, { headers: idempotencyKey(), body: { ids: [business.id], is_fraud: true, reason: 'Why not' } });
    expect(forbidden.status).toBe(403);
    expect(await riskSnapshot(t)).toEqual(before);
  });
});

describe('trusted merchants', () => {
  const TOGGLE = (id: number) => `/v1/businesses/${id}/toggle-trust`;

  it('trusts and untrusts, lists by trust, and writes both to the history', async () => {
    const business = await insertBusiness(t.db, { name: 'Trusty Okafor Foods' });
    const trusted = await analyst.request('POST', TOGGLE(business.id), { body: { isTrusted: true } });
    expect(trusted.status).toBe(200);
    expect(trusted.body.business).toMatchObject({ isTrusted: true, trustedAt: t.clock.now().toISOString() });
    const list = await analyst.request('GET', '/v1/businesses/admin/accounts-for-trusting', { query: { search: 'trusty', isTrusted: 'true' } });
    expect(list.body.items.map((row: { id: number }) => row.id)).toEqual([business.id]);
    expect((await analyst.request('GET', '/v1/businesses/admin/accounts-for-trusting', { query: { search: 'trusty', isTrusted: 'false' } })).body.total).toBe(
      0,
    );
    expect((await analyst.request('POST', TOGGLE(business.id), { body: { isTrusted: false } })).body.business.isTrusted).toBe(false);
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['trust.granted', 'trust.revoked']);
  });

  it('refuses to trust a business marked as fraud, or to repeat a state (409), and refuses admins without merchants.trust (403): nothing changes', async () => {
    const fraudster = await insertBusiness(t.db, { is_fraud: true });
    const plain = await insertBusiness(t.db);
    const before = await riskSnapshot(t);
    const fraud = await analyst.request('POST', TOGGLE(fraudster.id), { body: { isTrusted: true } });
    expect(fraud.status).toBe(409);
    expect(fraud.body.message).toContain('marked as fraud');
    expect((await analyst.request('POST', TOGGLE(plain.id), { body: { isTrusted: false } })).status).toBe(409);
    expect((await viewer.request('POST', TOGGLE(plain.id), { body: { isTrusted: true } })).status).toBe(403);
    expect((await viewer.request('GET', '/v1/businesses/admin/accounts-for-trusting')).status).toBe(403);
    const bad = await analyst.request('POST', TOGGLE(plain.id), { body: { isTrusted: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('isTrusted');
    expect(await riskSnapshot(t)).toEqual(before);
  });
});

describe('wallet status (PND accounts)', () => {
  const STATUS = (uid: string) => `/api/wallet/update/status/${uid}`;

  it('lists wallets by status and business, and changes a status with a reason, in the history', async () => {
    const business = await insertBusiness(t.db, { name: 'Pnd Candidate Ventures' });
    const wallet = await insertWallet(t.db, business.id);
    const active = await viewer.request('GET', '/api/wallets', { query: { search: 'pnd candidate' } });
    expect(active.body.items).toEqual([expect.objectContaining({ uid: wallet.uid, status: 'ACTIVE', businessName: 'Pnd Candidate Ventures' })]);

    const answer = await analyst.request('PATCH', STATUS(wallet.uid), { body: { status: 'PND', reason: 'Disputed inflows under review' } });
    expect(answer.status).toBe(200);
    expect(answer.body.wallet).toMatchObject({ status: 'PND', statusReason: 'Disputed inflows under review', statusChangedAt: t.clock.now().toISOString() });
    const pnd = await viewer.request('GET', '/api/wallets', { query: { status: 'PND', businessId: String(business.id) } });
    expect(pnd.body.items.map((row: { uid: string }) => row.uid)).toEqual([wallet.uid]);
    const byUid = await viewer.request('GET', '/api/wallets', { query: { uid: wallet.uid.toUpperCase() } });
    expect(byUid.body.total).toBe(1);
    const events = await eventsOf(t.db, business.id);
    expect(events).toEqual([
      expect.objectContaining({ kind: 'wallet.status', message: 'Wallet ACTIVE → PND: Disputed inflows under review', admin_id: analyst.id }),
    ]);
  });

  it('answers 409 for the status it already has, 404 for an unknown wallet, 400 naming a bad uid or status, 403 without wallets.status: nothing changes', async () => {
    const business = await insertBusiness(t.db);
    const wallet = await insertWallet(t.db, business.id, { status: 'FROZEN' });
    const outsider = await t.actor({ role: 'staff', permissions: ['wallets.status'] });
    const before = await riskSnapshot(t);
    const same = await analyst.request('PATCH', STATUS(wallet.uid), { body: { status: 'FROZEN', reason: 'Still looking' } });
    expect(same.status).toBe(409);
    expect(same.body.message).toContain('already FROZEN');
    expect((await analyst.request('PATCH', STATUS('00000000-0000-4000-8000-000000000000'), { body: { status: 'PND', reason: 'Nobody' } })).status).toBe(404);
    const badUid = await analyst.request('PATCH', STATUS('not-a-uid'), { body: { status: 'PND', reason: 'Typo' } });
    expect(badUid.status).toBe(400);
    expect(badUid.body.details.fields[0].field).toBe('uid');
    const badStatus = await analyst.request('PATCH', STATUS(wallet.uid), { body: { status: 'DORMANT', reason: 'Typo' } });
    expect(badStatus.body.details.fields[0].field).toBe('status');
    const noReason = await analyst.request('PATCH', STATUS(wallet.uid), { body: { status: 'ACTIVE' } });
    expect(noReason.body.details.fields[0].field).toBe('reason');
    const forbidden = await viewer.request('PATCH', STATUS(wallet.uid), { body: { status: 'ACTIVE', reason: 'Case closed' } });
    expect(forbidden.status).toBe(403);
    expect((await outsider.request('GET', '/api/wallets')).status).toBe(403);
    expect(await riskSnapshot(t)).toEqual(before);
  });
});
