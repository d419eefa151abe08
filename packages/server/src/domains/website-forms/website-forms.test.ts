import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES, jpegOfSize, storedFiles } from '../../test/kyc-kit';
import { createTestApp, type Actor, type LooseBody, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

const SUPPORT = '/v1/sendzohoemail';
const CHARGEBACK = '/v1/public/chargeback';
const LIST = '/v1/website-forms';
const LIMIT = 4 * 1024;
const MINUTE = 60_000;

let t: TestApp;
let manager: Actor;
let viewer: Actor;
let businessId: number;
let ip = 0;
/** A fresh address for each test that is not about the rate limit. */
const nextAddress = () => `198.51.100.${++ip}`;

const support = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Obi',
  email: 'Ada.Obi@Example.ng',
  phone: '0803 123 4567',
  businessName: 'Ada Stores',
  subject: 'Terminal not printing',
  message: 'Our terminal stopped printing slips this morning.',
  ...overrides,
});

const sendSupport = (body: Record<string, unknown>, address = nextAddress()) => t.request('POST', SUPPORT, { body, headers: { 'x-forwarded-for': address } });

const chargebackFields = (overrides: Record<string, string> = {}) => ({
  claimant: 'CARDHOLDER',
  name: 'Bola Ade',
  email: 'bola@example.ng',
  phone: '+2348091234567',
  rrn: '600000000001',
  amount: '2500000',
  transactionDate: '2026-11-20',
  description: 'I was charged twice for one purchase at this shop.',
  ...overrides,
});

/** The public chargeback form as the page sends it: multipart, the evidence as the part `file`. */
async function sendChargeback(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }, address = nextAddress()) {
  const form = new FormData();
  // An empty field is left out, as the console leaves it out.
  for (const [key, value] of Object.entries(fields)) if (value !== '') form.append(key, value);
  if (file) form.append('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
  const response = await t.app.request(CHARGEBACK, { method: 'POST', headers: { 'x-forwarded-for': address }, body: form });
  const text = await response.text();
  let body: LooseBody = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}

const formCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('website_forms')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const idOf = (reference: string) => Number(reference.replace(/^WF-0*/, ''));
const formRow = (reference: string) => t.db.selectFrom('website_forms').selectAll().where('id', '=', idOf(reference)).executeTakeFirstOrThrow();

async function insertPayment(values: { rrn: string; terminalId: string; amount: number; at: string }) {
  const band = await t.db.selectFrom('pricing_bands').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('payment_logs')
    .values({
      business_id: businessId,
      terminal_id: values.terminalId,
      channel: 'ussd',
      amount: values.amount,
      charge: 0,
      pricing_band_id: band.id,
      route: 'NIBSS',
      bank_code: '058',
      response_code: '51',
      status: 'FAILED',
      rrn: values.rrn,
      stan: '000001',
      reference: `PAY-${values.rrn}-${values.amount}-${values.terminalId}`,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  // A small file limit so "too large" needs no megabytes of test data.
  t = await createTestApp({ config: { uploadMaxBytes: LIMIT } });
  manager = await t.actor({ permissions: ['website-forms.view', 'website-forms.manage', 'payments.view'] });
  viewer = await t.actor({ permissions: ['website-forms.view'] });
  businessId = (await insertBusiness(t.db, { name: 'Chika Pharmacy' })).id;
});
afterAll(() => t.close());

describe('the public support form (sendzohoemail)', () => {
  it('is taken without a session, answered with only a reference, kept in the queue and sent on to the help desk', async () => {
    const answer = await sendSupport(support());
    expect(answer.status, answer.text).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['message', 'reference']);
    expect(answer.body.reference).toMatch(/^WF-\d{6}$/);
    expect(answer.body.message).toContain(answer.body.reference);
    const row = await formRow(answer.body.reference);
    expect(row).toMatchObject({ kind: 'SUPPORT', status: 'NEW', email: 'ada.obi@example.ng', phone: '+2348031234567', help_desk_state: 'PENDING' });

    expect(await t.runJobs()).toBe(1);
    expect(await formRow(answer.body.reference)).toMatchObject({
      help_desk_state: 'DELIVERED',
      help_desk_ticket: expect.stringMatching(/^#\d+$/),
      help_desk_attempts: 1,
    });
    const ticket = t.helpDesk.tickets().find((opened) => opened.ticket.reference === answer.body.reference)!;
    expect(ticket.ticket).toMatchObject({ subject: `Terminal not printing [${answer.body.reference}]`, contact: { email: 'ada.obi@example.ng' } });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['command_id', 'outcome', 'subject_kind', 'subject_id'])
      .where('command_id', '=', 'website-forms.support')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      command_id: 'website-forms.support',
      outcome: 'ok',
      subject_kind: 'website-form',
      subject_id: String(idOf(answer.body.reference)),
    });
  });

  it('keeps a message while the help desk is down and delivers it once it is back, opening one ticket', async () => {
    t.helpDesk.setOutage(true);
    try {
      const answer = await sendSupport(support({ subject: 'Settlement missing' }));
      expect(answer.status).toBe(200);
      expect(await t.runJobs()).toBe(1);
      const waiting = await manager.request('GET', `${LIST}/${idOf(answer.body.reference)}`);
      expect(waiting.body.helpDesk).toMatchObject({ state: 'RETRYING', attempts: 1, ticket: null, lastError: expect.stringContaining('503') });
      expect(waiting.body.helpDesk.nextAttemptAt).toBe(new Date(t.clock.now().getTime() + MINUTE).toISOString());
      // Not due yet: nothing runs.
      expect(await t.runJobs()).toBe(0);
      t.clock.advance(MINUTE);
      expect(await t.runJobs()).toBe(1);
      expect((await formRow(answer.body.reference)).help_desk_attempts).toBe(2);
      t.helpDesk.setOutage(false);
      t.clock.advance(2 * MINUTE);
      expect(await t.runJobs()).toBe(1);
      const delivered = await manager.request('GET', `${LIST}/${idOf(answer.body.reference)}`);
      expect(delivered.body.helpDesk).toMatchObject({ state: 'DELIVERED', attempts: 3, lastError: null, nextAttemptAt: null });
      expect(t.helpDesk.tickets().filter((opened) => opened.ticket.reference === answer.body.reference)).toHaveLength(1);
    } finally {
      t.helpDesk.setOutage(false);
    }
  });

  it('marks a ticket the help desk refuses for good as refused, for an admin to handle', async () => {
    const answer = await sendSupport(support({ subject: 'Broken [zoho-422]' }));
    await t.runJobs();
    expect(await formRow(answer.body.reference)).toMatchObject({ help_desk_state: 'REFUSED', help_desk_error: expect.stringContaining('422') });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name'],
    ['an email that is not one', { email: 'ada@' }, 'email'],
    ['a phone number that is not Nigerian', { phone: '12345' }, 'phone'],
    ['a subject too short', { subject: 'Hi' }, 'subject'],
    ['a message over 4,000 characters', { message: 'x'.repeat(4_001) }, 'message'],
    ['a business name over 120 characters', { businessName: 'B'.repeat(121) }, 'businessName'],
  ])('refuses %s with 400 naming the field, keeping nothing', async (_case, overrides, field) => {
    const before = await formCount();
    const answer = await sendSupport(support(overrides));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.details.fields[0].field).toBe(field);
    expect(await formCount()).toBe(before);
  });

  it('answers a filled honeypot as a success, keeping and sending nothing', async () => {
    const before = await formCount();
    const tickets = t.helpDesk.tickets().length;
    const answer = await sendSupport(support({ website: 'http://spam.example' }));
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['message', 'reference']);
    expect(answer.body.reference).toMatch(/^WF-\d{6}$/);
    expect(await formCount()).toBe(before);
    expect(await t.runJobs()).toBe(0);
    expect(t.helpDesk.tickets()).toHaveLength(tickets);
    // The reference it was given names nothing, now or later.
    expect((await manager.request('GET', `${LIST}/${idOf(answer.body.reference)}`)).status).toBe(404);
  });

  it('refuses the 11th message in an hour from one address with 429 and Retry-After, other addresses still welcome', async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < 10; i++) expect((await sendSupport(support(), address)).status).toBe(200);
    const before = await formCount();
    const refused = await sendSupport(support(), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_000);
    expect(refused.body.message).toMatch(/Too many requests/);
    expect(await formCount()).toBe(before);
    expect((await sendSupport(support(), '203.0.113.51')).status).toBe(200);
    t.clock.advance(61 * MINUTE);
    expect((await sendSupport(support(), address)).status).toBe(200);
  });
});

describe('the public chargeback form', () => {
  it('keeps a dispute with its evidence, links the payment its RRN names, and answers only a reference', async () => {
    const paymentId = await insertPayment({ rrn: '600000000001', terminalId: '2076ABCD', amount: 2_500_000, at: '2026-11-20T10:00:00Z' });
    const files = storedFiles(t).length;
    const answer = await sendChargeback(chargebackFields(), { bytes: SAMPLE_FILES.png, name: 'slip.png', type: 'image/png' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['message', 'reference']);
    expect(storedFiles(t)).toHaveLength(files + 1);
    const id = idOf(answer.body.reference);

    const detail = await manager.request('GET', `${LIST}/${id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({
      kind: 'CHARGEBACK',
      status: 'NEW',
      claimant: 'CARDHOLDER',
      rrn: '600000000001',
      terminalId: null,
      amount: 2_500_000,
      transactionDate: '2026-11-20',
      paymentId,
      payment: { id: paymentId, rrn: '600000000001', terminalId: '2076ABCD', amount: 2_500_000, businessName: 'Chika Pharmacy' },
      evidence: { fileName: 'slip.png', contentType: 'image/png', sizeBytes: SAMPLE_FILES.png.length },
      helpDesk: null,
      actions: ['ASSIGN', 'RESOLVE'],
      events: [{ fromStatus: null, toStatus: 'NEW', action: null }],
    });
    expect(detail.body.subject).toBe('₦25,000.00 on 2026-11-20, RRN 600000000001');

    const file = await t.app.request(`${LIST}/${id}/evidence`, { headers: { authorization: `Bearer ${viewer.token}`, 'device-id': viewer.deviceId } });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(SAMPLE_FILES.png);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });

  it('links by terminal, amount and day when no RRN is given, and links nothing when two payments fit', async () => {
    const paymentId = await insertPayment({ rrn: '600000000002', terminalId: '2076WXYZ', amount: 700_000, at: '2026-11-19T12:00:00Z' });
    const linked = await sendChargeback(
      chargebackFields({ rrn: '', terminalId: '2076wxyz', amount: '700000', transactionDate: '2026-11-19', claimant: 'MERCHANT' }),
    );
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await formRow(linked.body.reference)).toMatchObject({ payment_id: BigInt(paymentId), terminal_id: '2076WXYZ', rrn: null, evidence_key: null });

    await insertPayment({ rrn: '600000000003', terminalId: '2076WXYZ', amount: 700_000, at: '2026-11-19T15:00:00Z' });
    const ambiguous = await sendChargeback(chargebackFields({ rrn: '', terminalId: '2076WXYZ', amount: '700000', transactionDate: '2026-11-19' }));
    expect(ambiguous.status).toBe(200);
    expect((await formRow(ambiguous.body.reference)).payment_id).toBeNull();
  });

  it.each([
    ['neither an RRN nor a terminal ID', { rrn: '' }, 'rrn', 400],
    ['an RRN that is not 12 digits', { rrn: '12345' }, 'rrn', 400],
    ['an amount of nothing', { amount: '0' }, 'amount', 400],
    ['a date in the future', { transactionDate: '2026-11-23' }, 'transactionDate', 400],
    ['a date more than a year back', { transactionDate: '2025-10-01' }, 'transactionDate', 400],
    ['a description too short', { description: 'bad' }, 'description', 400],
    ['a claimant that is not one', { claimant: 'BANK' }, 'claimant', 400],
  ])('refuses %s naming the field, keeping nothing', async (_case, overrides, field, status) => {
    const before = await formCount();
    const answer = await sendChargeback(chargebackFields(overrides));
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.details.fields[0].field).toBe(field);
    expect(await formCount()).toBe(before);
  });

  it.each([
    ['an HTML page named .jpg', SAMPLE_FILES.html, 'slip.jpg', 415],
    ['a Windows program named .pdf', SAMPLE_FILES.exe, 'statement.pdf', 415],
    ['a file over the limit', jpegOfSize(LIMIT + 1), 'big.jpg', 413],
    ['a body far over the limit', jpegOfSize(LIMIT + 80 * 1024), 'huge.jpg', 413],
  ] as const)('refuses %s, keeping no row and no file', async (_case, bytes, name, status) => {
    const before = await formCount();
    const files = storedFiles(t).length;
    const answer = await sendChargeback(chargebackFields(), { bytes, name });
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.details.fields[0].field).toBe('file');
    expect(await formCount()).toBe(before);
    expect(storedFiles(t)).toHaveLength(files);
  });

  it('answers a filled honeypot as a success and keeps nothing, not even the file', async () => {
    const before = await formCount();
    const files = storedFiles(t).length;
    const answer = await sendChargeback(chargebackFields({ website: 'bot' }), { bytes: SAMPLE_FILES.pdf, name: 'x.pdf' });
    expect(answer.status).toBe(200);
    expect(answer.body.reference).toMatch(/^WF-\d{6}$/);
    expect(await formCount()).toBe(before);
    expect(storedFiles(t)).toHaveLength(files);
  });

  it('refuses the 6th dispute in an hour from one address with 429 and Retry-After', async () => {
    const address = '203.0.113.60';
    for (let i = 0; i < 5; i++) expect((await sendChargeback(chargebackFields(), undefined, address)).status).toBe(200);
    const refused = await sendChargeback(chargebackFields(), undefined, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the Website Forms queue', () => {
  it('lists both kinds newest first, filtered by kind, status and search, and downloads CSV', async () => {
    const chargebacks = await manager.request('GET', LIST, { query: { kind: 'CHARGEBACK' } });
    expect(chargebacks.status, chargebacks.text).toBe(200);
    expect(chargebacks.body.pageSize).toBe(100);
    expect(chargebacks.body.items.length).toBeGreaterThan(0);
    expect(new Set(chargebacks.body.items.map((row: { kind: string }) => row.kind))).toEqual(new Set(['CHARGEBACK']));
    const all = await manager.request('GET', LIST);
    const ids = all.body.items.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = all.body.items.at(-1);
    expect((await manager.request('GET', LIST, { query: { search: first.reference } })).body.items.map((row: { id: number }) => row.id)).toEqual([first.id]);
    const byRrn = await manager.request('GET', LIST, { query: { search: '600000000001' } });
    expect(byRrn.body.items.every((row: { kind: string }) => row.kind === 'CHARGEBACK')).toBe(true);
    expect(byRrn.body.items.length).toBeGreaterThan(0);
    const byName = await manager.request('GET', LIST, { query: { search: 'obi', kind: 'SUPPORT' } });
    expect(byName.body.total).toBeGreaterThan(0);
    expect((await manager.request('GET', LIST, { query: { status: 'RESOLVED' } })).body.total).toBe(0);
    const csv = await manager.request('GET', LIST, { query: { kind: 'CHARGEBACK', download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Reference,Arrived,Kind,Status,From,Email,Phone,Subject,Amount,Assigned to,Help desk');
  });

  it('moves a submission only as the machine allows: assign, reply (an email to the sender), resolve; 409 naming the state otherwise', async () => {
    const { body } = await sendSupport(support({ email: 'chidi@example.ng', subject: 'Card declined' }));
    const id = idOf(body.reference);
    const early = await manager.request('POST', `${LIST}/${id}/reply`, { body: { message: 'We are looking into it now.' } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`${body.reference} is new: assign it before replying`);
    expect(early.body.details).toMatchObject({ status: 'NEW' });

    const assigned = await manager.request('POST', `${LIST}/${id}/assign`, { body: {} });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body.form).toMatchObject({ status: 'ASSIGNED', assigneeId: manager.id });
    expect(assigned.body.message).toBe(`${body.reference} is assigned to you.`);
    expect((await manager.request('POST', `${LIST}/${id}/assign`, { body: {} })).status).toBe(409);
    expect((await manager.request('POST', `${LIST}/${id}/assign`, { body: { adminId: 999_999 } })).body.details.fields[0].field).toBe('adminId');

    const replied = await manager.request('POST', `${LIST}/${id}/reply`, { body: { message: 'Please try the card again; the bank had an outage.' } });
    expect(replied.status, replied.text).toBe(200);
    expect(replied.body.form.status).toBe('REPLIED');
    const mail = t.email.latest('chidi@example.ng', 'website-form-reply')!;
    expect(mail.subject).toBe(`Re: Card declined [${body.reference}]`);
    expect(mail.text).toContain('Please try the card again; the bank had an outage.');
    expect(mail.text).toContain(body.reference);

    const resolved = await manager.request('POST', `${LIST}/${id}/resolve`, { body: { resolution: 'Bank outage; card works again' } });
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body.form.status).toBe('RESOLVED');
    const late = await manager.request('POST', `${LIST}/${id}/assign`, { body: {} });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`${body.reference} is resolved: it cannot be assigned`);
    expect((await manager.request('POST', `${LIST}/${id}/resolve`, { body: { resolution: 'again' } })).status).toBe(409);

    const detail = await manager.request('GET', `${LIST}/${id}`);
    expect(detail.body).toMatchObject({ status: 'RESOLVED', resolution: 'Bank outage; card works again', replies: 1, actions: [] });
    expect(detail.body.events.map((event: { action: string | null; toStatus: string }) => [event.action, event.toStatus])).toEqual([
      [null, 'NEW'],
      ['ASSIGN', 'ASSIGNED'],
      ['REPLY', 'REPLIED'],
      ['RESOLVE', 'RESOLVED'],
    ]);
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['command_id', 'outcome'])
      .where('subject_kind', '=', 'website-form')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audited.map((row) => `${row.command_id} ${row.outcome}`)).toEqual([
      'website-forms.support ok',
      'website-forms.reply 409',
      'website-forms.assign ok',
      'website-forms.assign 409',
      'website-forms.assign 400',
      'website-forms.reply ok',
      'website-forms.resolve ok',
      'website-forms.assign 409',
      'website-forms.resolve 409',
    ]);
  });

  it('resolves a new one straight away and hands a replied one over, keeping it replied', async () => {
    const spam = idOf((await sendSupport(support({ subject: 'Duplicate message' }))).body.reference);
    expect((await manager.request('POST', `${LIST}/${spam}/resolve`, { body: { resolution: 'Duplicate of an earlier message' } })).body.form.status).toBe(
      'RESOLVED',
    );
    const other = await t.actor({ permissions: ['website-forms.view', 'website-forms.manage'] });
    const id = idOf((await sendSupport(support())).body.reference);
    await manager.request('POST', `${LIST}/${id}/assign`, { body: {} });
    await manager.request('POST', `${LIST}/${id}/reply`, { body: { message: 'Looking into it for you.' } });
    const handed = await manager.request('POST', `${LIST}/${id}/assign`, { body: { adminId: other.id, note: 'Finance question' } });
    expect(handed.status, handed.text).toBe(200);
    expect(handed.body.form).toMatchObject({ status: 'REPLIED', assigneeId: other.id });
    expect((await manager.request('GET', LIST, { query: { assigneeId: String(other.id) } })).body.items.map((row: { id: number }) => row.id)).toEqual([id]);
  });

  it('refuses admins without the permissions with 403, and strangers with 401', async () => {
    const id = idOf((await sendSupport(support())).body.reference);
    expect((await viewer.request('GET', `${LIST}/${id}`)).status).toBe(200);
    for (const action of ['assign', 'reply', 'resolve']) {
      const refused = await viewer.request('POST', `${LIST}/${id}/${action}`, { body: { message: 'Hello there, friend', resolution: 'done' } });
      expect(refused.status).toBe(403);
    }
    const outsider = await t.actor({ permissions: ['payments.view'] });
    expect((await outsider.request('GET', LIST)).status).toBe(403);
    expect((await outsider.request('GET', `${LIST}/${id}`)).status).toBe(403);
    expect((await outsider.request('GET', `${LIST}/${id}/evidence`)).status).toBe(403);
    expect((await t.request('GET', LIST)).status).toBe(401);
  });
});
