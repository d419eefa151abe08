import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';
import { idempotencyKey } from '../../test/risk-kit';

const BASE = '/v1/broadcasts';
const UNSUBSCRIBE = '/v1/public/unsubscribe';

let t: TestApp;
let writer: Actor;
let sender: Actor;
let viewer: Actor;

/** A merchant in `state` whose owner has these addresses. */
async function merchant(name: string, email: string, phone: string, state = 'LA') {
  const business = await insertBusiness(t.db, { name, state_code: state });
  await t.db.insertInto('business_users').values({ business_id: business.id, email, first_name: 'Ada', last_name: name, phone, role: 'owner' }).execute();
  return business.id;
}

const draft = (over: Record<string, unknown> = {}) => ({
  name: 'December stock loans',
  channels: 'BOTH',
  emailSubject: 'Loans for your December stock',
  emailBody: 'Loans for stock are open to merchants in good standing until 20 December.',
  smsText: 'Traction: loans for December stock are open until 20 Dec. Apply in the app.',
  audience: 'STATE',
  audienceState: 'LA',
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await writer.request('POST', BASE, { body: draft(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.broadcast.id as number;
}

const send = (id: number, body: Record<string, unknown> = {}, actor = sender) =>
  actor.request('POST', `${BASE}/${id}/send`, { body, headers: idempotencyKey() });

async function get(id: number) {
  const res = await viewer.request('GET', `${BASE}/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const deliveries = (id: number) =>
  t.db
    .selectFrom('broadcast_deliveries')
    .select(['id', 'business_id', 'channel', 'address', 'status', 'reason', 'attempts'])
    .where('broadcast_id', '=', id)
    .orderBy('id')
    .execute();

/** Runs the due jobs, moving the clock on by `ms` first. */
async function later(ms: number) {
  t.clock.advance(ms);
  await t.runJobs();
}

const smsOf = (broadcastId: number) => t.sms.outbox().filter((m) => m.reference.startsWith(`BRD-${broadcastId}-`));
const emailsOf = (broadcastId: number) => t.email.mailbox().filter((m) => m.kind === 'broadcast' && m.data.broadcast === String(broadcastId));

const ids = { ok: 0, bounces: 0, optedOut: 0, noPhone: 0, flaky: 0, abuja: 0 };

beforeAll(async () => {
  t = await createTestApp();
  writer = await t.actor({ role: 'staff', permissions: ['broadcasts.view', 'broadcasts.manage'] });
  sender = await t.actor({ role: 'staff', permissions: ['broadcasts.view', 'broadcasts.send'] });
  viewer = await t.actor({ role: 'staff', permissions: ['broadcasts.view'] });
  ids.ok = await merchant('Ikeja Provisions', 'ada@example.ng', '+2348030000001');
  ids.bounces = await merchant('Yaba Foods', 'nobody@bounce.test', '+2348031230000');
  ids.optedOut = await merchant('Surulere Pharmacy', 'Opted.Out@Example.ng', '0803 123 9999');
  ids.noPhone = await merchant('Lekki Fashion', 'lekki@example.ng', 'none');
  ids.flaky = await merchant('Ajah Electronics', 'ajah@example.ng', '+2348035558888');
  ids.abuja = await merchant('Wuse Retail', 'wuse@example.ng', '+2348030000002', 'FC');
  await t.db.insertInto('contact_opt_outs').values({ channel: 'EMAIL', address: 'opted.out@example.ng', source: 'ADMIN' }).execute();
});
afterAll(() => t.close());

describe('writing a broadcast', () => {
  it.each([
    ['an audience without the value its kind needs', { audienceState: undefined }, 'audienceState'],
    ['email without a subject', { emailSubject: undefined }, 'emailSubject'],
    ['SMS without its text', { channels: 'SMS', smsText: undefined }, 'smsText'],
    ['an SMS longer than three parts with the unsubscribe line', { smsText: 'x'.repeat(400) }, 'smsText'],
    ['a unicode SMS longer than three parts', { smsText: `${'ẹ'.repeat(130)}` }, 'smsText'],
  ])('refuses %s, naming the field', async (_, over, field) => {
    const res = await writer.request('POST', BASE, { body: draft(over) });
    expect(res.status).toBe(400);
    expect(res.body.details.fields.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('keeps a draft with only the words of its channels, and edits it in part', async () => {
    const id = await create({ channels: 'SMS' });
    const shown = await get(id);
    expect(shown.broadcast).toMatchObject({
      status: 'DRAFT',
      channels: 'SMS',
      emailSubject: null,
      smsParts: 1,
      smsEncoding: 'GSM-7',
      audienceWords: 'Merchants in Lagos',
    });
    const edited = await writer.request('PATCH', `${BASE}/${id}`, { body: { smsText: 'Traction: loans close Friday.' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.broadcast).toMatchObject({ smsText: 'Traction: loans close Friday.', name: 'December stock loans', audienceState: 'LA' });
    const incomplete = await writer.request('PATCH', `${BASE}/${id}`, { body: { channels: 'BOTH' } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.details.fields.map((d: { field: string }) => d.field)).toEqual(['emailSubject', 'emailBody']);
    const newKind = await writer.request('PATCH', `${BASE}/${id}`, { body: { audience: 'CATEGORY' } });
    expect(newKind.status).toBe(400);
    expect(newKind.body.details.fields[0].field).toBe('audienceCategory');
  });

  it('says whom a draft reaches: merchants, messages per channel, opted-out and unreachable owners', async () => {
    const id = await create();
    const { plan } = await get(id);
    expect(plan.merchants).toBe(5);
    expect(plan.channels).toEqual([
      { channel: 'EMAIL', messages: 4, optedOut: 1, noAddress: 0 },
      { channel: 'SMS', messages: 4, optedOut: 0, noAddress: 1 },
    ]);
    expect(plan.sample[0]).toMatchObject({ businessId: ids.ok, email: 'ada@example.ng', phone: '+2348030000001' });
  });

  it('enforces permissions', async () => {
    expect((await viewer.request('POST', BASE, { body: draft() })).status).toBe(403);
    const id = await create();
    expect((await send(id, {}, writer)).status).toBe(403);
    expect((await writer.request('POST', `${BASE}/${id}/cancel`, { body: { reason: 'not mine to stop' } })).status).toBe(403);
  });
});

describe('sending a broadcast', () => {
  let id: number;

  it('a dry run says whom it would reach and changes nothing', async () => {
    id = await create();
    const res = await send(id, { dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toContain('4 emails and 4 SMS to 5 merchants');
    expect(res.body.broadcast.status).toBe('DRAFT');
    expect(await deliveries(id)).toHaveLength(0);
  });

  it('fixes one message per owner and channel, skipping opted-out and missing addresses', async () => {
    const res = await send(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.broadcast).toMatchObject({ status: 'SENDING', recipients: 5, messages: 10, skipped: 2 });
    expect(res.body.message).toContain('8 messages to 5 merchants');
    const rows = await deliveries(id);
    expect(rows.filter((row) => row.status === 'SKIPPED').map((row) => [row.business_id, row.channel, row.reason])).toEqual([
      [ids.optedOut, 'EMAIL', 'This email address is on the opt-out list'],
      [ids.noPhone, 'SMS', 'The owner has no usable Nigerian mobile number'],
    ]);
    expect(rows.find((row) => row.business_id === ids.optedOut && row.channel === 'SMS')!.address).toBe('+2348031239999');
  });

  it('is sent once: a second send and an edit are refused with the status', async () => {
    const again = await send(id);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('is sending');
    expect((await writer.request('PATCH', `${BASE}/${id}`, { body: { name: 'Too late' } })).status).toBe(409);
  });

  it('sends through the providers, recording bounces and permanent failures, retrying temporary ones', async () => {
    await t.runJobs();
    let rows = await deliveries(id);
    const of = (business: number, channel: string) => rows.find((row) => row.business_id === business && row.channel === channel)!;
    expect(of(ids.ok, 'EMAIL').status).toBe('SENT');
    expect(of(ids.ok, 'SMS').status).toBe('SENT');
    expect(of(ids.bounces, 'EMAIL')).toMatchObject({ status: 'BOUNCED', reason: expect.stringContaining('mailbox does not exist') });
    expect(of(ids.bounces, 'SMS')).toMatchObject({ status: 'FAILED', reason: expect.stringContaining('not a mobile number') });
    // 9999 fails the first time, 8888 every time: both wait for their next try.
    expect(of(ids.optedOut, 'SMS')).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(of(ids.flaky, 'SMS')).toMatchObject({ status: 'PENDING', attempts: 1 });
    let shown = await get(id);
    expect(shown.broadcast.status).toBe('SENDING');
    expect(shown.broadcast.note).toContain('2 messages wait to be tried again');

    await later(61_000);
    rows = await deliveries(id);
    expect(of(ids.optedOut, 'SMS')).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(of(ids.flaky, 'SMS')).toMatchObject({ status: 'PENDING', attempts: 2 });
    await later(121_000);
    rows = await deliveries(id);
    expect(of(ids.flaky, 'SMS')).toMatchObject({ status: 'FAILED', attempts: 3, reason: expect.stringContaining('(3 tries)') });

    shown = await get(id);
    expect(shown.broadcast).toMatchObject({ status: 'PARTLY_FAILED', sent: 5, bounced: 1, failed: 2, skipped: 2, note: null });
    expect(shown.counts).toEqual([
      { channel: 'EMAIL', total: 5, pending: 0, sending: 0, sent: 3, bounced: 1, failed: 0, skipped: 1, cancelled: 0 },
      { channel: 'SMS', total: 5, pending: 0, sending: 0, sent: 2, bounced: 0, failed: 2, skipped: 1, cancelled: 0 },
    ]);
    expect(shown.plan).toBeNull();
    // Nobody twice; the opted-out address never written to.
    const emails = emailsOf(id);
    expect(emails.map((m) => m.to).sort()).toEqual(['ada@example.ng', 'ajah@example.ng', 'lekki@example.ng']);
    expect(
      smsOf(id)
        .map((m) => m.to)
        .sort(),
    ).toEqual(['+2348030000001', '+2348031239999']);
    expect(emails[0]!.text).toContain('/unsubscribe?t=E');
    expect(smsOf(id)[0]!.text).toMatch(/\nStop: http:\/\/localhost:8080\/unsubscribe\?t=S234\d{10}\.[\w-]{16}$/);
  });

  it('lists the messages with filters and as CSV', async () => {
    const failed = await viewer.request('GET', `${BASE}/${id}/deliveries`, { query: { status: 'FAILED' } });
    expect(failed.status).toBe(200);
    expect(failed.body.items.map((row: { businessName: string }) => row.businessName).sort()).toEqual(['Ajah Electronics', 'Yaba Foods']);
    const email = await viewer.request('GET', `${BASE}/${id}/deliveries`, { query: { channel: 'EMAIL', search: 'ada@' } });
    expect(email.body.items).toHaveLength(1);
    const csv = await viewer.request('GET', `${BASE}/${id}/deliveries`, { query: { download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n')).toHaveLength(11);
    const list = await viewer.request('GET', BASE, { query: { status: 'PARTLY_FAILED' } });
    expect(list.body.items.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await viewer.request('GET', `${BASE}/999999/deliveries`)).status).toBe(404);
  });
});

describe('a crash mid-send', () => {
  it('sends nobody twice when the job is taken over: the gateway is asked what it took', async () => {
    const id = await create({ name: 'After the crash', channels: 'SMS' });
    expect((await send(id)).status).toBe(200);
    // The batch is marked as being sent; the gateway takes the first SMS, then the process dies before the answer is recorded.
    t.sms.crashAfterSending(1);
    await t.runJobs();
    const stuck = (await deliveries(id)).filter((row) => row.status === 'SENDING');
    expect(stuck.map((row) => row.business_id)).toEqual([ids.ok, ids.bounces, ids.optedOut, ids.flaky]);
    expect(smsOf(id).map((m) => m.to)).toEqual(['+2348030000001']);
    await later(20_000);
    await later(61_000);
    await later(121_000);
    const rows = await deliveries(id);
    expect(rows.find((row) => row.business_id === ids.ok)).toMatchObject({ status: 'SENT' });
    expect(rows.find((row) => row.business_id === ids.bounces)).toMatchObject({ status: 'FAILED' });
    expect(
      smsOf(id)
        .map((m) => m.to)
        .sort(),
    ).toEqual(['+2348030000001', '+2348031239999']);
    expect((await get(id)).broadcast).toMatchObject({ status: 'PARTLY_FAILED', sent: 2, failed: 2, skipped: 1 });
  });

  it('an email left being sent is looked up by its reference, or failed when the service cannot say', async () => {
    const id = await create({
      name: 'Emails interrupted',
      channels: 'EMAIL',
      audience: 'MERCHANTS',
      audienceState: undefined,
      audienceMerchantIds: [ids.ok, ids.noPhone, ids.flaky],
    });
    expect((await send(id)).status).toBe(200);
    const [ada, lekki, ajah] = await deliveries(id);
    // As a run that died would leave them: all three handed over; the service took only Ada's.
    await t.db.updateTable('broadcast_deliveries').set({ status: 'SENDING', attempts: 1 }).where('broadcast_id', '=', id).execute();
    await t.email.send({ to: ada!.address!, subject: 'x', text: 'x', kind: 'broadcast', data: { broadcast: String(id) }, reference: `BRD-${id}-${ada!.id}` });
    const find = t.email.find.bind(t.email);
    // Lekki's cannot be looked up (a service without look-ups); the others can.
    Object.assign(t.email, {
      find: async (reference: string) => (reference === `BRD-${id}-${lekki!.id}` ? undefined : find(reference)),
    });
    try {
      await t.runJobs();
    } finally {
      Object.assign(t.email, { find });
    }
    const rows = await deliveries(id);
    expect(rows.map((row) => row.status)).toEqual(['SENT', 'FAILED', 'SENT']);
    expect(rows[1]!.reason).toContain('interrupted');
    expect(
      emailsOf(id)
        .map((m) => m.to)
        .sort(),
    ).toEqual([ada!.address, ajah!.address].sort());
  });
});

describe('cancelling and outages', () => {
  it('waits out an SMS outage while email goes on, and cancels what is left', async () => {
    const id = await create({ name: 'During an outage' });
    t.sms.setOutage(true);
    try {
      expect((await send(id)).status).toBe(200);
      await t.runJobs();
      const shown = await get(id);
      expect(shown.broadcast.status).toBe('SENDING');
      expect(shown.broadcast.note).toContain('is not answering');
      expect(shown.counts[0]).toMatchObject({ channel: 'EMAIL', pending: 0, sent: 3 });
      expect(shown.counts[1]).toMatchObject({ channel: 'SMS', pending: 4, sent: 0 });
      const cancelled = await sender.request('POST', `${BASE}/${id}/cancel`, { body: { reason: 'The gateway is down all day' } });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.message).toContain('4 messages will not be sent');
      expect((await sender.request('POST', `${BASE}/${id}/cancel`, { body: { reason: 'again' } })).status).toBe(409);
      await later(120_000);
      const after = await get(id);
      expect(after.broadcast.status).toBe('CANCELLED');
      expect(after.counts[1]).toMatchObject({ cancelled: 4, sent: 0 });
    } finally {
      t.sms.setOutage(false);
    }
  });
});

describe('unsubscribing', () => {
  const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('puts the address on the opt-out list once, answering the same every time', async () => {
    const link = emailsOf(
      (await t.db.selectFrom('broadcasts').select('id').where('name', '=', 'December stock loans').where('status', '!=', 'DRAFT').executeTakeFirstOrThrow()).id,
    ).find((m) => m.to === 'ada@example.ng')!.data.unsubscribe!;
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', UNSUBSCRIBE, { body: { token: tokenOf(link) }, ...from('198.51.100.1') });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ message: 'You will get no more messages from Traction at this address.' });
    }
    const listed = await t.db.selectFrom('contact_opt_outs').select(['channel', 'source']).where('address', '=', 'ada@example.ng').execute();
    expect(listed).toEqual([{ channel: 'EMAIL', source: 'UNSUBSCRIBE_LINK' }]);
    const sms = smsOf((await t.db.selectFrom('broadcasts').select('id').where('name', '=', 'After the crash').executeTakeFirstOrThrow()).id).find(
      (m) => m.to === '+2348030000001',
    )!;
    const smsToken = /t=([\w.-]+)$/.exec(sms.text)![1]!;
    expect((await t.request('POST', UNSUBSCRIBE, { body: { token: smsToken }, ...from('198.51.100.1') })).status).toBe(200);
    // The next broadcast skips both.
    const id = await create({ name: 'After unsubscribing', audience: 'MERCHANTS', audienceState: undefined, audienceMerchantIds: [ids.ok] });
    const { plan } = await get(id);
    expect(plan.channels).toEqual([
      { channel: 'EMAIL', messages: 0, optedOut: 1, noAddress: 0 },
      { channel: 'SMS', messages: 0, optedOut: 1, noAddress: 0 },
    ]);
  });

  it('refuses a forged token, and a run of them is rate limited', async () => {
    const forged = await t.request('POST', UNSUBSCRIBE, { body: { token: 'S2348030000002.AAAAAAAAAAAAAAAA' }, ...from('198.51.100.2') });
    expect(forged.status).toBe(400);
    expect(forged.body.details.fields).toEqual([{ field: 'token', message: 'is not a valid unsubscribe link' }]);
    expect(await t.db.selectFrom('contact_opt_outs').select('id').where('address', '=', '+2348030000002').execute()).toHaveLength(0);
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) {
      status = (
        await t.request('POST', UNSUBSCRIBE, { body: { token: `S23480300000${String(i).padStart(2, '0')}.AAAAAAAAAAAAAAAA` }, ...from('198.51.100.2') })
      ).status;
    }
    expect(status).toBe(429);
  });

  it('answers a filled honeypot as if it worked, keeping nothing', async () => {
    const res = await t.request('POST', UNSUBSCRIBE, { body: { token: 'S2348030000002.AAAAAAAAAAAAAAAA', website: 'spam' }, ...from('198.51.100.3') });
    expect(res.status).toBe(200);
    expect(await t.db.selectFrom('contact_opt_outs').select('id').where('address', '=', '+2348030000002').execute()).toHaveLength(0);
  });
});
