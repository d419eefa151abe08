import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmailDeliveryError } from '../../providers/email/email-provider';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertFixedAccount, insertKycRecord, insertWallet } from '../../test/merchant-fixtures';
import { sha256 } from '../../crypto';
import { deliverPending } from '../outbox';
import { recordBusinessEvents } from './business-events.repository';
import { auditRows, insertBankAccount, insertBusinessUser, insertStore, insertSupportIssue } from '../../test/merchant-rows';

let t: TestApp;
let boss: Actor;
let creator: Actor;
let viewer: Actor;
let support: Actor;
let nobody: Actor;

beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin', email: 'boss@traction.ng' });
  creator = await t.actor({ permissions: ['merchants.create'] });
  viewer = await t.actor({ permissions: ['merchants.view'] });
  support = await t.actor({ permissions: ['merchants.support'] });
  nobody = await t.actor({ permissions: [] });
});
afterAll(() => t.close());

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  businessName: 'Mama Put Kitchen',
  category: 'restaurant',
  state: 'LA',
  address: '12 Allen Avenue, Ikeja',
  firstName: 'Ada',
  lastName: 'Obi',
  email: ' Ada@MamaPut.ng ',
  phone: '0803 123 4567',
  ...overrides,
});

/** The worker as it runs a minute from now, when the first retry is due; the test clock stays put. */
const aMinuteLater = () => ({ ...t.deps, clock: { now: () => new Date(t.clock.now().getTime() + 60_000) } });

const outboxCount = async (to: string) => (await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', to).execute()).length;

describe('signing up a merchant', () => {
  it('creates the business, its owner, an active wallet, pending email and phone KYC, a history entry and emails a set-password link', async () => {
    const answer = await creator.request('POST', '/v1/auth/signup', { body: signupBody() });
    expect(answer.status, answer.text).toBe(200);
    const { business, owner, walletUid, setupLinkExpiresAt } = answer.body;
    expect(business).toMatchObject({
      name: 'Mama Put Kitchen',
      email: 'ada@mamaput.ng',
      phone: '+2348031234567',
      category: 'RESTAURANT',
      stateCode: 'LA',
      state: 'Lagos',
      isFraud: false,
      walletStatus: 'ACTIVE',
    });
    expect(owner).toMatchObject({ businessId: business.id, email: 'ada@mamaput.ng', role: 'owner', status: 'invited', firstName: 'Ada' });
    expect(setupLinkExpiresAt).toBe('2026-11-21T10:00:00.000Z');

    const wallet = await t.db.selectFrom('wallets').selectAll().where('business_id', '=', business.id).executeTakeFirstOrThrow();
    expect(wallet).toMatchObject({ uid: walletUid, status: 'ACTIVE' });
    const kyc = await t.db.selectFrom('kyc_records').selectAll().where('business_id', '=', business.id).orderBy('verification_type').execute();
    expect(kyc.map((k) => [k.verification_type, k.status, k.detail])).toEqual([
      ['EMAIL', 'PENDING', 'ada@mamaput.ng'],
      ['PHONE', 'PENDING', '+2348031234567'],
    ]);
    const kycEvents = await t.db
      .selectFrom('kyc_events')
      .selectAll()
      .where(
        'kyc_id',
        'in',
        kyc.map((k) => k.id),
      )
      .execute();
    expect(kycEvents.map((e) => [e.from_status, e.to_status])).toEqual([
      [null, 'PENDING'],
      [null, 'PENDING'],
    ]);
    const events = await t.db.selectFrom('business_events').selectAll().where('business_id', '=', business.id).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'business.signed-up', admin_id: creator.id });

    const mail = t.email.latest('ada@mamaput.ng', 'invite')!;
    expect(mail.data.link).toMatch(/^http:\/\/localhost:5173\/merchant\/reset-password\?token=mpw_/);
    const token = new URL(mail.data.link!).searchParams.get('token')!;
    const stored = await t.db.selectFrom('business_user_tokens').selectAll().where('user_id', '=', owner.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ token_hash: sha256(token), used_at: null, created_by: creator.id });
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(stored[0]!.expires_at.toISOString()).toBe('2026-11-21T10:00:00.000Z');

    const audit = await auditRows(t.db, 'merchants.signup');
    expect(audit.at(-1)).toMatchObject({ outcome: 'ok', admin_id: creator.id });
  });

  it('refuses the same owner email for the same business name (any case) with 409, changes nothing and sends no email', async () => {
    const before = await t.snapshot();
    const mails = t.email.mailbox('ada@mamaput.ng').length;
    const queued = await outboxCount('ada@mamaput.ng');
    const again = await creator.request('POST', '/v1/auth/signup', { body: signupBody({ businessName: 'MAMA PUT kitchen', phone: '+234 803 123 4567' }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already owns');
    expect(await t.snapshot()).toEqual(before);
    expect(t.email.mailbox('ada@mamaput.ng')).toHaveLength(mails);
    expect(await outboxCount('ada@mamaput.ng')).toBe(queued);
  });

  it('counts a merchant on the staff referral code it signed up with; an unknown or deactivated code is a 400 that keeps nothing', async () => {
    const staff = await t.actor({ permissions: ['staff-codes.manage', 'staff-codes.view'] });
    const code = async (body: Record<string, unknown>) => {
      const made = await staff.request('POST', '/v1/staff/create', {
        body: { name: 'Adaeze Okafor', phone: '08031112222', role: 'Merchant Sales Officer', ...body },
      });
      expect(made.status, made.text).toBe(200);
      return made.body.staffCode as { id: number; code: string };
    };
    const active = await code({ email: 'adaeze.okafor@traction.ng', code: 'TRC7001' });
    const gone = await code({ email: 'emeka.obi@traction.ng', code: 'TRC7002', name: 'Emeka Obi' });
    const off = await staff.request('PATCH', `/v1/staff/${gone.id}/status`, { body: { status: 'DEACTIVATED', reason: 'Left the company' } });
    expect(off.status, off.text).toBe(200);

    for (const referralCode of ['TRC7009', 'trc7002']) {
      const before = await t.snapshot();
      const refused = await creator.request('POST', '/v1/auth/signup', {
        body: signupBody({ businessName: `Refused ${referralCode}`, email: `${referralCode}@example.ng`, referralCode }),
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.details.fields[0].field).toBe('referralCode');
      expect(await t.snapshot()).toEqual(before);
    }

    const signed = await creator.request('POST', '/v1/auth/signup', {
      body: signupBody({ businessName: 'Referred Foods', email: 'referred@foods.ng', referralCode: ' trc7001 ' }),
    });
    expect(signed.status, signed.text).toBe(200);
    const listed = await staff.request('GET', '/v1/staff/retrieve?search=TRC7001');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.items.find((row: { id: number }) => row.id === active.id)).toMatchObject({ code: 'TRC7001', signUps: 1 });
  });

  it('lets exactly one of ten identical signups at once through; the others get the same 409', async () => {
    const body = signupBody({ businessName: 'Race Day Suya', email: 'racer@suya.ng' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => creator.request('POST', '/v1/auth/signup', { body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toBe('racer@suya.ng already owns a business called Race Day Suya');
    const businesses = await t.db.selectFrom('businesses').select('id').where('email', '=', 'racer@suya.ng').execute();
    expect(businesses).toHaveLength(1);
    expect(await t.db.selectFrom('business_users').select('id').where('email', '=', 'racer@suya.ng').execute()).toHaveLength(1);
    expect(t.email.mailbox('racer@suya.ng')).toHaveLength(1);
  });

  it('answers 409 when only the unique index knows the business (the race the check before inserting cannot see)', async () => {
    // A business row with the owner's email but no user yet: what a concurrent signup looks like mid-way.
    await insertBusiness(t.db, { name: 'Half Made Foods', email: 'halfway@foods.ng' });
    const before = await t.snapshot();
    const answer = await creator.request('POST', '/v1/auth/signup', { body: signupBody({ businessName: 'HALF made foods', email: 'halfway@foods.ng' }) });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.message).toBe('halfway@foods.ng already owns a business called HALF made foods');
    expect(await t.snapshot()).toEqual(before);
    expect(await outboxCount('halfway@foods.ng')).toBe(0);
  });

  it.each([
    ['category', { category: 'SPACESHIPS' }],
    ['category', { category: 'not a code!' }],
    ['state', { state: 'XX' }],
    ['phone', { phone: '12345' }],
    ['phone', { phone: '+44 7700 900123' }],
    ['email', { email: 'not-an-email' }],
    ['businessName', { businessName: '' }],
  ])('answers 400 naming %s for %j and changes nothing', async (field, overrides) => {
    const before = await t.snapshot();
    const answer = await creator.request('POST', '/v1/auth/signup', { body: signupBody({ email: 'other@example.ng', ...overrides }) });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.details.fields[0].field).toBe(field);
    expect(await t.snapshot()).toEqual(before);
  });

  it.each([
    ['08031234567', '+2348031234567'],
    ['8031234567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+234 (0)803-123-4567', '+2348031234567'],
    ['0903 000 1111', '+2349030001111'],
    ['07011112222', '+2347011112222'],
    ['0601234567', null],
  ])('reads the phone %s as %s', async (phone, expected) => {
    const answer = await creator.request('POST', '/v1/auth/signup', {
      body: signupBody({ businessName: `Phone ${phone}`, email: `p${phone.replace(/\D/g, '')}@example.ng`, phone }),
    });
    if (expected === null) {
      expect(answer.status).toBe(400);
      expect(answer.body.details.fields[0].field).toBe('phone');
    } else {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.business.phone).toBe(expected);
    }
  });

  it('refuses an admin without merchants.create with 403, audits the refusal and changes nothing', async () => {
    const before = await t.snapshot();
    const answer = await viewer.request('POST', '/v1/auth/signup', { body: signupBody({ email: 'blocked@example.ng' }) });
    expect(answer.status).toBe(403);
    expect(await t.snapshot()).toEqual(before);
    expect((await auditRows(t.db, 'merchants.signup')).at(-1)).toMatchObject({ outcome: '403', admin_id: viewer.id });
  });

  it('signs the merchant up when the mail service is down and sends the welcome email once it is back', async () => {
    vi.spyOn(t.email, 'send').mockRejectedValueOnce(new EmailDeliveryError('The mail service did not answer in time', true));
    const answer = await creator.request('POST', '/v1/auth/signup', { body: signupBody({ businessName: 'Patient Kitchen', email: 'patient@example.ng' }) });
    vi.restoreAllMocks();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.owner).toMatchObject({ email: 'patient@example.ng', status: 'invited' });
    const outbox = () => t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', 'patient@example.ng').executeTakeFirstOrThrow();
    expect(await outbox()).toMatchObject({ kind: 'invite', status: 'pending', attempts: 1, last_error: 'The mail service did not answer in time' });
    expect(t.email.latest('patient@example.ng')).toBeUndefined();

    expect(await deliverPending(aMinuteLater())).toMatchObject({ sent: 1 });
    expect(await outbox()).toMatchObject({ status: 'sent', attempts: 2, body: null, data: null });
    const link = t.email.latest('patient@example.ng', 'invite')!.data.link!;
    const stored = await t.db.selectFrom('business_user_tokens').select('token_hash').where('user_id', '=', answer.body.owner.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(new URL(link).searchParams.get('token')!));
  });

  it('signs the merchant up when the welcome email bounces, and gives the email up with a log entry', async () => {
    const logged = vi.spyOn(t.deps.logger, 'error');
    const answer = await creator.request('POST', '/v1/auth/signup', { body: signupBody({ email: 'owner+bounce@example.ng' }) });
    expect(answer.status, answer.text).toBe(200);
    const row = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', 'owner+bounce@example.ng').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, body: null, data: null });
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ outboxId: row.id }), expect.stringContaining('given up'));
    vi.restoreAllMocks();
  });
});

describe('another business for an existing merchant user', () => {
  it('creates it for the owner with their name and password, a wallet and pending KYC', async () => {
    const first = await creator.request('POST', '/v1/auth/signup', { body: signupBody({ businessName: 'Bukka One', email: 'tunde@bukka.ng' }) });
    await t.db.updateTable('business_users').set({ password_hash: 'scrypt$hash' }).where('id', '=', first.body.owner.id).execute();
    const answer = await creator.request('POST', '/v1/businesses/', {
      body: { ownerEmail: 'TUNDE@bukka.ng', businessName: 'Bukka Two', category: 'RESTAURANT', state: 'OY' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.business).toMatchObject({ name: 'Bukka Two', email: 'tunde@bukka.ng', phone: '+2348031234567', state: 'Oyo', walletStatus: 'ACTIVE' });
    expect(answer.body.owner).toMatchObject({ firstName: 'Ada', role: 'owner', status: 'active' });
    const events = await t.db.selectFrom('business_events').select(['kind', 'admin_id']).where('business_id', '=', answer.body.business.id).execute();
    expect(events).toEqual([{ kind: 'business.created', admin_id: creator.id }]);
    const kyc = await t.db.selectFrom('kyc_records').select('verification_type').where('business_id', '=', answer.body.business.id).execute();
    expect(kyc.map((k) => k.verification_type).sort()).toEqual(['EMAIL', 'PHONE']);
  });

  it('answers 404 for an unknown owner, 409 for a name they already have, 403 without the permission — changing nothing', async () => {
    const before = await t.snapshot();
    const unknown = await creator.request('POST', '/v1/businesses/', {
      body: { ownerEmail: 'ghost@example.ng', businessName: 'X', category: 'RETAIL', state: 'LA' },
    });
    expect(unknown.status).toBe(404);
    const taken = await creator.request('POST', '/v1/businesses/', {
      body: { ownerEmail: 'tunde@bukka.ng', businessName: 'bukka two', category: 'RETAIL', state: 'LA' },
    });
    expect(taken.status).toBe(409);
    const denied = await support.request('POST', '/v1/businesses/', {
      body: { ownerEmail: 'tunde@bukka.ng', businessName: 'Bukka Three', category: 'RETAIL', state: 'LA' },
    });
    expect(denied.status).toBe(403);
    const badCategory = await creator.request('POST', '/v1/businesses/', {
      body: { ownerEmail: 'tunde@bukka.ng', businessName: 'Bukka Four', category: 'NOPE', state: 'LA' },
    });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.details.fields[0].field).toBe('category');
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('merchant password links', () => {
  it('issues a fresh single-use link, voids the earlier unused ones, emails it, records it and is audited', async () => {
    const signup = await creator.request('POST', '/v1/auth/signup', { body: signupBody({ businessName: 'Link Test Ltd', email: 'linker@example.ng' }) });
    const userId = signup.body.owner.id as number;
    const welcome = await t.db.selectFrom('business_user_tokens').select(['id']).where('user_id', '=', userId).executeTakeFirstOrThrow();

    const first = await support.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'Linker@Example.ng' } });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ email: 'linker@example.ng', voided: 1, expiresAt: '2026-11-21T10:00:00.000Z' });
    expect(t.email.latest('linker@example.ng', 'password-reset')?.data.link).toBe(first.body.link);

    const second = await support.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'linker@example.ng' } });
    expect(second.body.voided).toBe(1);
    expect(second.body.link).not.toBe(first.body.link);

    const tokens = await t.db.selectFrom('business_user_tokens').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    expect(tokens).toHaveLength(3);
    expect(tokens[0]!.id).toBe(welcome.id);
    expect(tokens.map((token) => token.used_at !== null)).toEqual([true, true, false]);
    const live = new URL(second.body.link).searchParams.get('token')!;
    expect(tokens[2]!.token_hash).toBe(sha256(live));

    const history = await t.db
      .selectFrom('business_events')
      .select(['kind', 'admin_id'])
      .where('business_id', '=', signup.body.business.id)
      .where('kind', '=', 'business.password-link')
      .execute();
    expect(history).toEqual([
      { kind: 'business.password-link', admin_id: support.id },
      { kind: 'business.password-link', admin_id: support.id },
    ]);
    const audit = await auditRows(t.db, 'merchants.password-link');
    expect(audit.slice(-2).map((row) => [row.outcome, row.admin_id, (row.input as { email: string }).email])).toEqual([
      ['ok', support.id, 'linker@example.ng'],
      ['ok', support.id, 'linker@example.ng'],
    ]);
  });

  it('never keeps the link for replays, even when the console sends an Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'password-link-key-1' };
    const first = await support.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'linker@example.ng' }, headers });
    const again = await support.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'linker@example.ng' }, headers });
    expect(first.status, first.text).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body.link).not.toBe(first.body.link);
    const stored = await t.db.selectFrom('idempotency_keys').select('response_body').where('key', '=', 'password-link-key-1').execute();
    expect(stored).toEqual([]);
  });

  it('does not count expired links as voided', async () => {
    await support.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'linker@example.ng' } });
    t.clock.advance(61 * 60_000);
    try {
      const later = await support.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'linker@example.ng' } });
      expect(later.body.voided).toBe(0);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('answers 404 for an unknown email and 403 without merchants.support, audited, changing nothing', async () => {
    const before = await t.snapshot();
    expect((await support.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'ghost@example.ng' } })).status).toBe(404);
    const denied = await viewer.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'linker@example.ng' } });
    expect(denied.status).toBe(403);
    expect(await t.snapshot()).toEqual(before);
    expect((await auditRows(t.db, 'merchants.password-link')).slice(-2).map((row) => row.outcome)).toEqual(['404', '403']);
    const bad = await support.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('email');
  });
});

describe('the merchant page', () => {
  it('gathers the business, its flags with who set them, users, accounts, wallet, fixed accounts, stores, latest KYC, open issues and history', async () => {
    const business = await insertBusiness(t.db, {
      name: 'Detail Stores',
      bvn: '22212345678',
      is_fraud: true,
      fraud_reason: 'Chargebacks from 3 banks',
      fraud_marked_by: boss.id,
      fraud_marked_at: new Date('2026-11-20T10:00:00Z'),
      kyc_exempt: true,
      kyc_override_by: boss.id,
      kyc_override_at: new Date('2026-11-19T10:00:00Z'),
    });
    await insertBusinessUser(t.db, business.id, { role: 'cashier', email: 'cashier@detail.ng' });
    await insertBusinessUser(t.db, business.id, { role: 'owner', email: 'owner@detail.ng' });
    const other = await insertBankAccount(t.db, business.id);
    const settlement = await insertBankAccount(t.db, business.id, { is_settlement: true });
    await insertWallet(t.db, business.id, {
      status: 'PND',
      status_reason: 'Court order',
      status_changed_by: boss.id,
      status_changed_at: new Date('2026-11-20T11:00:00Z'),
    });
    const fixed = await insertFixedAccount(t.db, business.id, { blacklisted: true, blacklist_reason: 'Mule account' });
    await insertStore(t.db, business.id, { name: 'Ikeja outlet' });
    await insertKycRecord(t.db, business.id, { verification_type: 'DOCUMENT', status: 'DISAPPROVED' });
    const latestDocument = await insertKycRecord(t.db, business.id, { verification_type: 'DOCUMENT', status: 'PROCESSING' });
    await insertKycRecord(t.db, business.id, { verification_type: 'EMAIL', document_type: null, id_number: null, status: 'APPROVED' });
    await insertSupportIssue(t.db, business.id, { status: 'OPEN' });
    await insertSupportIssue(t.db, business.id, { status: 'IN_PROGRESS' });
    await insertSupportIssue(t.db, business.id, { status: 'RESOLVED' });
    await recordBusinessEvents(
      t.db,
      Array.from({ length: 55 }, (_, i) => ({
        businessId: business.id,
        kind: 'fraud.marked' as const,
        message: `Event ${i}`,
        adminId: i % 2 ? boss.id : null,
        at: new Date(Date.UTC(2026, 10, 1, 0, i)),
      })),
    );

    const answer = await viewer.request('GET', `/v1/businesses/${business.id}`);
    expect(answer.status, answer.text).toBe(200);
    const detail = answer.body;
    expect(detail.business).toMatchObject({ id: business.id, name: 'Detail Stores', state: 'Lagos', categoryLabel: 'Retail shop', bvnLast4: '5678' });
    expect(JSON.stringify(detail)).not.toContain('22212345678');
    expect(detail.flags.fraud).toEqual({
      isFraud: true,
      reason: 'Chargebacks from 3 banks',
      at: '2026-11-20T10:00:00.000Z',
      by: { id: boss.id, name: expect.any(String), email: 'boss@traction.ng' },
    });
    expect(detail.flags.kycOverride).toMatchObject({ kycExempt: true, bvnExempt: false, by: { email: 'boss@traction.ng' } });
    expect(detail.flags.trusted).toEqual({ isTrusted: false, at: null, by: null });
    expect(detail.users.map((u: { role: string }) => u.role)).toEqual(['owner', 'cashier']);
    expect(detail.bankAccounts.map((a: { id: number }) => a.id)).toEqual([settlement.id, other.id]);
    expect(detail.wallet).toMatchObject({ status: 'PND', reason: 'Court order', changedBy: { email: 'boss@traction.ng' } });
    expect(detail.fixedAccounts).toEqual([
      expect.objectContaining({ id: fixed.id, blacklisted: true, blacklistReason: 'Mule account', accountNumber: fixed.account_number }),
    ]);
    expect(detail.stores).toEqual([expect.objectContaining({ name: 'Ikeja outlet', stateCode: 'LA' })]);
    expect(detail.kyc.map((k: { verificationType: string; status: string; id: number }) => [k.verificationType, k.status, k.id])).toEqual([
      ['DOCUMENT', 'PROCESSING', latestDocument.id],
      ['EMAIL', 'APPROVED', expect.any(Number)],
    ]);
    expect(detail.openSupportIssues).toBe(2);
    expect(detail.events).toHaveLength(50);
    expect(detail.events[0]).toMatchObject({ message: 'Event 54', adminName: null, adminEmail: null });
    expect(detail.events[1]).toMatchObject({ message: 'Event 53', adminName: expect.stringContaining('Test'), adminEmail: 'boss@traction.ng' });
  });

  it('answers 404 for an unknown business and 403 without merchants.view', async () => {
    expect((await viewer.request('GET', '/v1/businesses/999999')).status).toBe(404);
    const business = await insertBusiness(t.db);
    expect((await nobody.request('GET', `/v1/businesses/${business.id}`)).status).toBe(403);
    const bad = await viewer.request('GET', '/v1/businesses/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('id');
  });
});

describe('bank accounts of a business', () => {
  it('lists them, settlement first; 404 for an unknown business; 403 without merchants.view', async () => {
    const business = await insertBusiness(t.db);
    const plain = await insertBankAccount(t.db, business.id);
    const settlement = await insertBankAccount(t.db, business.id, { is_settlement: true });
    const answer = await viewer.request('GET', `/v1/payments/accounts/businesses/${business.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.businessId).toBe(business.id);
    expect(answer.body.items.map((a: { id: number; isSettlement: boolean }) => [a.id, a.isSettlement])).toEqual([
      [settlement.id, true],
      [plain.id, false],
    ]);
    expect((await viewer.request('GET', '/v1/payments/accounts/businesses/999999')).status).toBe(404);
    expect((await nobody.request('GET', `/v1/payments/accounts/businesses/${business.id}`)).status).toBe(403);
  });
});

describe('finding businesses by prefix', () => {
  beforeAll(async () => {
    for (let i = 0; i < 25; i++) await insertBusiness(t.db, { name: `Zenith Foods ${i}`, email: `orders${i}@zenithfoods.ng` });
    await insertBusiness(t.db, { name: 'Zen_Garden Spa', email: 'hello@zen-garden.ng' });
    await insertBusiness(t.db, { name: 'Kola Zenith', email: 'zenith@kola.ng' });
  });

  it('by name: the start of the name, any case, at most 20, newest first', async () => {
    const answer = await viewer.request('GET', `/v1/businesses/name/${encodeURIComponent('zenith FOODS')}`);
    expect(answer.status).toBe(200);
    expect(answer.body.items).toHaveLength(20);
    expect(answer.body.items[0].name).toBe('Zenith Foods 24');
    const none = await viewer.request('GET', '/v1/businesses/name/Kola%20Zenith%20X');
    expect(none.body.items).toEqual([]);
    // The middle of a name does not match; only its start does.
    expect((await viewer.request('GET', '/v1/businesses/name/Foods')).body.items).toEqual([]);
  });

  it('treats LIKE wildcards literally', async () => {
    const underscore = await viewer.request('GET', '/v1/businesses/name/Zen_');
    expect(underscore.body.items.map((b: { name: string }) => b.name)).toEqual(['Zen_Garden Spa']);
    const percent = await viewer.request('GET', '/v1/businesses/name/%25');
    expect(percent.status).toBe(400);
    expect(percent.body.details.fields[0].field).toBe('name');
  });

  it('by name or email: matches the start of either', async () => {
    const byEmail = await viewer.request('GET', '/v1/businesses/nameoremail/zenith@');
    expect(byEmail.body.items.map((b: { name: string }) => b.name)).toEqual(['Kola Zenith']);
    const both = await viewer.request('GET', '/v1/businesses/nameoremail/kola');
    expect(both.body.items.map((b: { name: string }) => b.name)).toEqual(['Kola Zenith']);
    const byName = await viewer.request('GET', '/v1/businesses/nameoremail/ZENITH');
    expect(byName.body.items).toHaveLength(20);
    expect((await nobody.request('GET', '/v1/businesses/nameoremail/zenith')).status).toBe(403);
  });
});

describe('businesses with their stores', () => {
  it('nests the stores, searches by the start of the name or by id, and refuses a non-numeric id search', async () => {
    const business = await insertBusiness(t.db, { name: 'Storey Mart' });
    await insertStore(t.db, business.id, { name: 'Yaba', address: '1 Herbert Macaulay Way' });
    await insertStore(t.db, business.id, { name: 'Surulere', state_code: 'LA' });
    const byName = await viewer.request('GET', '/v1/businesses/admin/getallbusinesswithstores', { query: { search: 'storey' } });
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.items).toEqual([
      expect.objectContaining({
        id: business.id,
        name: 'Storey Mart',
        state: 'Lagos',
        storeCount: 2,
        stores: [expect.objectContaining({ name: 'Yaba', address: '1 Herbert Macaulay Way' }), expect.objectContaining({ name: 'Surulere' })],
      }),
    ]);
    const byId = await viewer.request('GET', '/v1/businesses/admin/getallbusinesswithstores', { query: { search: String(business.id), search_by: 'id' } });
    expect(byId.body.items.map((b: { id: number }) => b.id)).toEqual([business.id]);
    const bad = await viewer.request('GET', '/v1/businesses/admin/getallbusinesswithstores', { query: { search: 'storey', search_by: 'id' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('search');
    expect((await nobody.request('GET', '/v1/businesses/admin/getallbusinesswithstores')).status).toBe(403);
  });
});
