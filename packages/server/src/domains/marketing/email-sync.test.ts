import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type LooseBody, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';
import { idempotencyKey } from '../../test/risk-kit';
import { MAX_OUTAGE_RETRIES } from './email-sync-run';

const BASE = '/v1/marketing';
const SYNC = `${BASE}/syncallcontact`;
const UPLOAD = `${BASE}/bulkuploadcontact`;
const RUNS = `${BASE}/syncs`;
const RUN = (id: number) => `${RUNS}/${id}`;
const CONTACTS = (id: number) => `${RUNS}/${id}/contacts`;

let t: TestApp;
let syncer: Actor;
let viewer: Actor;
let outsider: Actor;

beforeAll(async () => {
  t = await createTestApp();
  syncer = await t.actor({ role: 'staff', permissions: ['marketing.view', 'marketing.sync'] });
  viewer = await t.actor({ role: 'staff', permissions: ['marketing.view'] });
  outsider = await t.actor({ role: 'staff', permissions: ['merchants.view'] });
});
afterAll(() => t.close());

/** Sends a contact file in the form field `email` (spec §3), or in `field`. */
async function upload(path: '' | '/validate', lines: string[], options: { fields?: Record<string, string>; field?: string; as?: Actor } = {}) {
  const as = options.as ?? syncer;
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append(options.field ?? 'email', new File([lines.join('\n')], 'contacts.csv'));
  const response = await t.app.request(`${UPLOAD}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.token}`, 'device-id': as.deviceId, ...idempotencyKey() },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as LooseBody, text };
}

const startSync = (as: Actor = syncer) => as.request('GET', SYNC, { headers: idempotencyKey() });
const getRun = async (id: number) => (await viewer.request('GET', RUN(id))).body;

/** Every contact of a run as `email → result (reason)`. */
async function results(runId: number): Promise<Record<string, string>> {
  const page = await viewer.request('GET', CONTACTS(runId));
  expect(page.status, page.text).toBe(200);
  return Object.fromEntries(
    page.body.items.map((row: { email: string; result: string; reason: string | null }) => [
      row.email,
      row.reason ? `${row.result} (${row.reason})` : row.result,
    ]),
  );
}

/** Runs the run's job round after round, moving the clock to each wait's end, until it is done or failed. */
async function runToEnd(runId: number) {
  const waits: string[] = [];
  for (let round = 0; round < 40; round++) {
    await t.runJobs();
    const run = await getRun(runId);
    if (run.status === 'DONE' || run.status === 'FAILED') return { run, waits };
    expect(run.status, JSON.stringify(run)).toBe('WAITING');
    waits.push(run.note);
    t.clock.advance(Date.parse(run.waitUntil) - t.clock.now().getTime());
  }
  throw new Error(`run ${runId} never finished`);
}

const optOut = (address: string) => t.db.selectFrom('contact_opt_outs').select(['address', 'source']).where('address', '=', address).executeTakeFirst();

describe('permissions', () => {
  it('refuses the commands to an admin without marketing.view or marketing.sync with 403', async () => {
    for (const [method, path] of [
      ['GET', SYNC],
      ['GET', RUNS],
      ['GET', `${UPLOAD}/template`],
      ['POST', `${RUN(1)}/retry`],
    ] as const) {
      expect((await outsider.request(method, path, { headers: idempotencyKey() })).status, `${method} ${path}`).toBe(403);
    }
    expect((await upload('', ['email', 'a@b.ng'], { as: outsider })).status).toBe(403);
    // Viewing is not syncing.
    expect((await viewer.request('GET', RUNS)).status).toBe(200);
    expect((await startSync(viewer)).status).toBe(403);
    expect((await upload('', ['email', 'a@b.ng'], { as: viewer })).status).toBe(403);
    expect((await upload('/validate', ['email', 'a@b.ng'], { as: viewer })).status).toBe(403);
    expect(await t.db.selectFrom('marketing_sync_runs').select('id').execute()).toEqual([]);
  });
});

describe('contact files', () => {
  const LINES = [
    'Email,First Name,Surname,Mobile',
    'kemi@example.ng,Kemi,Adeyemi,0803 555 0101',
    'not-an-email,Tunde,,',
    'KEMI@example.ng,Kemi,A,',
    ',,,',
    ',Musa,Bello,',
    'lola@example.ng,Lola,Bankole,12345',
    'invalid.uche@example.ng,Uche,,',
    'optout@example.ng,,,',
    'unsubscribed.zainab@example.ng,Zainab,Musa,',
  ];
  const PROBLEMS = [
    { row: 2, field: 'email', value: 'not-an-email', message: 'is not an email address' },
    { row: 3, field: 'email', value: 'KEMI@example.ng', message: 'names kemi@example.ng again (first at row 1)' },
    { row: 5, field: 'email', value: '', message: 'is empty' },
    { row: 6, field: 'phone', value: '12345', message: 'is not a Nigerian mobile number (such as 0803 123 4567 or +2348031234567)' },
  ];

  beforeAll(async () => {
    await t.db.insertInto('contact_opt_outs').values({ channel: 'EMAIL', address: 'optout@example.ng', source: 'ADMIN' }).execute();
  });

  it('offers a template with the columns and an example row', async () => {
    const template = await viewer.request('GET', `${UPLOAD}/template`);
    expect(template.status).toBe(200);
    expect(template.headers.get('content-disposition')).toContain('contacts-template.csv');
    expect(template.text).toBe('email,first_name,last_name,phone\nada.obi@example.ng,Ada,Obi,0803 123 4567\n');
  });

  it('checks every row, naming each bad one, and counts the opted-out; sends nothing', async () => {
    const checked = await upload('/validate', LINES);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toMatchObject({ saved: false, rows: 8, good: 4, optedOut: 1, run: null, problems: PROBLEMS });
    expect(checked.body.message).toBe(
      '4 rows of 8 are good; 4 rows are bad. Nothing was sent. 1 address is on the opt-out list and will be skipped, never re-added.',
    );
  });

  it('refuses a file with bad rows whole, each bad row named, and starts nothing', async () => {
    const refused = await upload('', LINES);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe('4 rows are bad: nothing was sent. Fix them and upload the file again, or send the good rows and skip the bad.');
    expect(refused.body.details.problems).toEqual(PROBLEMS);
    expect(refused.body.details.fields).toEqual([{ field: 'email', message: 'has 4 rows that cannot be sent' }]);
    expect(await t.db.selectFrom('marketing_sync_runs').select('id').execute()).toEqual([]);
  });

  it.each([
    [
      'a file with no email column',
      ['name,phone', 'Ada,08031234567'],
      'has no email column (the header row takes email, first_name, last_name, phone: download the template)',
    ],
    ['an empty file', [''], 'is empty'],
    ['a file with only a header', ['email,first_name'], 'has a header row but no rows of contacts'],
  ])('refuses %s with 400 naming the email field', async (_case, lines, message) => {
    const refused = await upload('', lines);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields).toEqual([{ field: 'email', message }]);
  });

  it('refuses a file sent in another form field with 400 naming email', async () => {
    const refused = await upload('', ['email', 'a@b.ng'], { field: 'file' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0].field).toBe('email');
  });

  it('sends the good rows when told to skip the bad, as a job: invalid ones failed, opted-out ones never sent', async () => {
    t.marketing.configure({ batchLimit: 100, requestsPerWindow: 10, windowSeconds: 10 });
    const saved = await upload('', LINES, { fields: { skipBadRows: 'true' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ saved: true, rows: 8, good: 4, optedOut: 1, problems: PROBLEMS });
    expect(saved.body.run).toMatchObject({ kind: 'UPLOAD', status: 'QUEUED', fileName: 'contacts.csv', contacts: 4, reached: 0, jobId: expect.any(Number) });
    const runId = saved.body.run.id as number;
    expect(saved.body.message).toBe(
      `Email-marketing sync #${runId} started: 4 contacts go to the marketing list; 4 bad rows skipped. 1 address is on the opt-out list and will be skipped, never re-added.`,
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('command_id', '=', 'email-sync.upload')
      .where('outcome', '=', 'ok')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ subject_kind: 'email-sync', subject_id: String(runId), subject_name: `email-marketing sync #${runId} (uploaded contacts)` });

    const { run } = await runToEnd(runId);
    expect(run).toMatchObject({ status: 'DONE', contacts: 4, reached: 4, added: 1, updated: 0, optedOut: 2, failed: 1, providerOptOuts: 1, failure: null });
    expect(await results(runId)).toEqual({
      'kemi@example.ng': 'ADDED',
      'invalid.uche@example.ng': 'FAILED (Brevo refused it: Invalid email address)',
      'optout@example.ng': 'OPTED_OUT (On the opt-out list: never re-added)',
      'unsubscribed.zainab@example.ng': 'OPTED_OUT (Unsubscribed at Brevo: left unsubscribed; added to the opt-out list)',
    });
    expect(t.marketing.contact('kemi@example.ng')?.contact).toMatchObject({ firstName: 'Kemi', lastName: 'Adeyemi', phone: '+2348035550101' });
    expect(t.marketing.contact('optout@example.ng')).toBeUndefined();
    expect(await optOut('unsubscribed.zainab@example.ng')).toEqual({ address: 'unsubscribed.zainab@example.ng', source: 'MARKETING_PROVIDER' });
  });

  it('never sends an opted-out address again, whoever uploads it', async () => {
    const sizeBefore = t.marketing.size;
    const upserts = t.marketing.calls.upserts;
    const saved = await upload('', ['email', 'Unsubscribed.Zainab@example.ng', 'OPTOUT@example.ng']);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.optedOut).toBe(2);
    const { run } = await runToEnd(saved.body.run.id);
    expect(run).toMatchObject({ status: 'DONE', contacts: 2, optedOut: 2, added: 0 });
    expect(await results(run.id)).toEqual({
      'unsubscribed.zainab@example.ng': 'OPTED_OUT (On the opt-out list: never re-added)',
      'optout@example.ng': 'OPTED_OUT (On the opt-out list: never re-added)',
    });
    // Nothing reached the provider: no upsert call at all.
    expect(t.marketing.calls.upserts).toBe(upserts);
    expect(t.marketing.size).toBe(sizeBefore);
  });
});

describe('the sync of every merchant owner', () => {
  const owners: Record<string, number> = {};

  beforeAll(async () => {
    const owner = async (name: string, email: string | null, extra: { first?: string; phone?: string } = {}) => {
      const business = await insertBusiness(t.db, { name, email: `${name.toLowerCase().replace(/\W/g, '')}.shop@example.ng` });
      if (email) {
        await t.db
          .insertInto('business_users')
          .values({
            business_id: business.id,
            email,
            first_name: extra.first ?? name,
            last_name: 'Owner',
            phone: extra.phone ?? '+2348031110001',
            role: 'owner',
          })
          .execute();
      }
      owners[name] = business.id;
    };
    await owner('Ada', 'ada.owner@example.ng', { first: 'Ada', phone: '+2348031110001' });
    await owner('Bisi', 'invalid.bisi@example.ng');
    await owner('Chidi', 'unsubscribed.chidi@example.ng');
    await owner('Dayo', 'dayo@example.ng');
    await owner('Efe', 'efe@example.ng');
    await owner('Gbenga', null);
    // A second business of Ada's, her address written another way: one contact.
    await owner('Funke', 'ADA.Owner@example.ng', { phone: 'not a phone' });
    await owner('Hauwa', 'hauwa@example.ng', { phone: '0803' });
    await owner('Ifeanyi', 'ifeanyi@example.ng');
    await owner('Jide', 'jide@example.ng');
    await t.db.insertInto('contact_opt_outs').values({ channel: 'EMAIL', address: 'dayo@example.ng', source: 'UNSUBSCRIBE_LINK' }).execute();
    // Efe unsubscribed at the provider, from a campaign: the sync learns it before sending.
    t.marketing.unsubscribe('efe@example.ng');
  });

  it('pushes every owner in batches the provider takes, waiting out its 429s, with a result per contact', async () => {
    t.marketing.configure({ batchLimit: 3, requestsPerWindow: 2, windowSeconds: 60 });
    const started = await startSync();
    expect(started.status, started.text).toBe(200);
    const runId = started.body.run.id as number;
    expect(started.body.run).toMatchObject({ kind: 'ALL_OWNERS', status: 'QUEUED', contacts: null, fileName: null, startedBy: expect.any(String) });
    expect(started.body.message).toBe(
      `Email-marketing sync #${runId} started: every merchant owner goes to the Brevo list in batches of 3, opted-out addresses skipped. Follow it on the Email Marketing Sync page.`,
    );

    // One at a time: a second start is refused, naming the one under way, and nothing is added.
    const second = await startSync();
    expect(second.status, second.text).toBe(409);
    expect(second.body.message).toMatch(
      new RegExp(`^Email-marketing sync #${runId}, started 2026-11-21 10:00 by Test \\S+, is queued: one sync of every merchant owner runs at a time`),
    );
    expect(second.body.details).toMatchObject({ reason: 'sync_running', runId });
    expect(await t.db.selectFrom('marketing_sync_runs').select('id').where('kind', '=', 'ALL_OWNERS').execute()).toHaveLength(1);

    // The first round: the unsubscribed list and one batch, then 429.
    await t.runJobs();
    const waiting = await getRun(runId);
    expect(waiting).toMatchObject({ status: 'WAITING', contacts: 9, reached: 3, providerOptOuts: 2, waitUntil: '2026-11-21T09:01:00.000Z' });
    expect(waiting.note).toBe(
      'Brevo answered 429 Too Many Requests: at most 2 calls every 60 s (Retry-After: 60): waiting 60 s as it asked; carries on at 2026-11-21 10:01',
    );
    // Its job is back in the queue until the Retry-After, with the run's progress.
    const watcher = await t.actor({ role: 'staff', permissions: ['jobs.view'] });
    const job = await watcher.request('GET', `/api/jobs/${waiting.jobId}`);
    expect(job.status, job.text).toBe(200);
    expect(job.body).toMatchObject({ status: 'queued', progress: { done: 3, total: 9, counts: { added: 1, failed: 1, optedOut: 1 } } });
    // A second start while it waits is refused too.
    expect((await startSync()).status).toBe(409);

    const { run, waits } = await runToEnd(runId);
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(run).toMatchObject({
      status: 'DONE',
      contacts: 9,
      reached: 9,
      added: 5,
      updated: 0,
      optedOut: 3,
      failed: 1,
      providerOptOuts: 2,
      finishedAt: expect.any(String),
    });
    expect(run.optedOut + run.added + run.failed).toBe(9);
    const shop = (name: string) => `${name.toLowerCase()}.shop@example.ng`;
    expect(await results(runId)).toEqual({
      'ada.owner@example.ng': 'ADDED',
      'invalid.bisi@example.ng': 'FAILED (Brevo refused it: Invalid email address)',
      'unsubscribed.chidi@example.ng': 'OPTED_OUT (Unsubscribed at Brevo: left unsubscribed; added to the opt-out list)',
      'dayo@example.ng': 'OPTED_OUT (On the opt-out list: never re-added)',
      'efe@example.ng': 'OPTED_OUT (On the opt-out list: never re-added)',
      [shop('Gbenga')]: 'ADDED',
      'hauwa@example.ng': 'ADDED',
      'ifeanyi@example.ng': 'ADDED',
      'jide@example.ng': 'ADDED',
    });
    expect(t.marketing.contact('ada.owner@example.ng')?.contact).toMatchObject({
      firstName: 'Ada',
      businessName: 'Ada',
      merchantId: owners.Ada,
      phone: '+2348031110001',
    });
    // A phone that is not a mobile number is left out, the contact kept.
    expect(t.marketing.contact('hauwa@example.ng')?.contact.phone).toBeNull();
    expect(t.marketing.contact('dayo@example.ng')).toBeUndefined();
    expect(t.marketing.contact('efe@example.ng')).toMatchObject({ unsubscribed: true });
    expect(t.marketing.contact(shop('Gbenga'))?.contact).toMatchObject({ firstName: '', lastName: '', businessName: 'Gbenga' });
    expect(await optOut('efe@example.ng')).toEqual({ address: 'efe@example.ng', source: 'MARKETING_PROVIDER' });
    expect(await optOut('unsubscribed.chidi@example.ng')).toEqual({ address: 'unsubscribed.chidi@example.ng', source: 'MARKETING_PROVIDER' });
    expect(await optOut('dayo@example.ng')).toEqual({ address: 'dayo@example.ng', source: 'UNSUBSCRIBE_LINK' });
  });

  it('runs again once the first has finished: the owners it added are updated, the opted-out still skipped', async () => {
    t.marketing.configure({ batchLimit: 100, requestsPerWindow: 10, windowSeconds: 10 });
    const started = await startSync();
    expect(started.status, started.text).toBe(200);
    const { run } = await runToEnd(started.body.run.id);
    expect(run).toMatchObject({ status: 'DONE', contacts: 9, added: 0, updated: 5, optedOut: 3, failed: 1 });
    expect(await results(run.id)).toMatchObject({ 'unsubscribed.chidi@example.ng': 'OPTED_OUT (On the opt-out list: never re-added)' });
  });
});

describe('a provider outage', () => {
  it('waits and tries again, then fails the run with the reason; a retry carries on once the provider answers', async () => {
    t.marketing.configure({ batchLimit: 4, requestsPerWindow: 100, windowSeconds: 10 });
    t.marketing.setOutage(true);
    const started = await startSync();
    expect(started.status, started.text).toBe(200);
    const runId = started.body.run.id as number;

    const { run, waits } = await runToEnd(runId);
    expect(waits).toHaveLength(MAX_OUTAGE_RETRIES - 1);
    expect(waits[0]).toMatch(/^Brevo is not answering \(sandbox outage switched on\) \(1 of 3 tries\): trying again in 30 s; carries on at /);
    expect(waits[1]).toMatch(/\(2 of 3 tries\): trying again in 60 s/);
    expect(run).toMatchObject({ status: 'FAILED', contacts: null, reached: 0, finishedAt: expect.any(String) });
    expect(run.failure).toBe(
      'Brevo did not answer 3 times in a row (Brevo is not answering (sandbox outage switched on)); no contact sent yet. Retry the run once Brevo answers: it carries on with the contacts not sent yet.',
    );
    // A failed sync no longer holds the slot: another may start (here, the retry).
    expect((await viewer.request('POST', `${RUN(runId)}/retry`, { headers: idempotencyKey() })).status).toBe(403);

    t.marketing.setOutage(false);
    const retried = await syncer.request('POST', `${RUN(runId)}/retry`, { headers: idempotencyKey() });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.run).toMatchObject({ id: runId, status: 'QUEUED', failure: null });
    expect(retried.body.message).toBe(`Email-marketing sync #${runId} is queued again: it carries on with its contacts not sent yet.`);
    // Under way, it is not retried again, and a new sync is refused meanwhile.
    expect((await syncer.request('POST', `${RUN(runId)}/retry`, { headers: idempotencyKey() })).status).toBe(409);
    expect((await startSync()).status).toBe(409);

    const done = await runToEnd(runId);
    expect(done.run).toMatchObject({ status: 'DONE', contacts: 9, reached: 9, updated: 5, optedOut: 3, failed: 1, failure: null });
  });

  it('fails a batch the provider answers 503 for, leaving the contacts before it recorded', async () => {
    t.marketing.configure({ batchLimit: 2, requestsPerWindow: 100, windowSeconds: 10 });
    const saved = await upload('', ['email', 'first.ok@example.ng', 'second.ok@example.ng', 'ops@provider-down.test']);
    expect(saved.status, saved.text).toBe(200);
    const { run } = await runToEnd(saved.body.run.id);
    expect(run).toMatchObject({ status: 'FAILED', contacts: 3, reached: 2, added: 2 });
    expect(run.failure).toMatch(/^Brevo did not answer 3 times in a row \(Brevo answered 503 Service Unavailable .*\); 1 of 3 contacts not sent yet\./);
    expect(await results(run.id)).toMatchObject({ 'ops@provider-down.test': 'PENDING' });
  });
});

describe('the lists', () => {
  it('lists runs newest first, filtered by kind and status, and downloads them', async () => {
    const all = await viewer.request('GET', RUNS);
    expect(all.status, all.text).toBe(200);
    expect(all.body.items.map((run: { kind: string; status: string }) => `${run.kind} ${run.status}`)).toEqual([
      'UPLOAD FAILED',
      'ALL_OWNERS DONE',
      'ALL_OWNERS DONE',
      'ALL_OWNERS DONE',
      'UPLOAD DONE',
      'UPLOAD DONE',
    ]);
    expect((await viewer.request('GET', RUNS, { query: { kind: 'UPLOAD', status: 'DONE' } })).body.total).toBe(2);
    expect((await viewer.request('GET', RUNS, { query: { status: 'FAILED' } })).body.total).toBe(1);
    const csv = await viewer.request('GET', RUNS, { query: { download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Run,Started,Pushes,File,Status,Contacts,Added,Updated,Opted out,Failed,By,Finished');
  });

  it("searches a run's contacts by the start of an email, filters by result, and downloads them", async () => {
    const first = (await viewer.request('GET', RUNS, { query: { kind: 'ALL_OWNERS' } })).body.items.at(-1).id as number;
    const found = await viewer.request('GET', CONTACTS(first), { query: { search: 'IFE' } });
    expect(found.body.items).toEqual([
      expect.objectContaining({
        email: 'ifeanyi@example.ng',
        firstName: 'Ifeanyi',
        lastName: 'Owner',
        result: 'ADDED',
        businessName: 'Ifeanyi',
        rowNumber: null,
      }),
    ]);
    expect((await viewer.request('GET', CONTACTS(first), { query: { result: 'OPTED_OUT' } })).body.total).toBe(3);
    expect((await viewer.request('GET', CONTACTS(first), { query: { search: 'ife%' } })).body.total).toBe(0);
    const csv = await viewer.request('GET', CONTACTS(first), { query: { result: 'FAILED', download: 'csv' } });
    expect(
      csv.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n'),
    ).toEqual([
      'Email,First name,Last name,Phone,Merchant,File row,Result,Why,At',
      expect.stringMatching(/^invalid\.bisi@example\.ng,Bisi,Owner,'\+2348031110001,Bisi,,FAILED,Brevo refused it: Invalid email address,2026-11-21T/),
    ]);
  });

  it('answers 404 for a run that does not exist, and 400 naming a bad filter', async () => {
    expect((await viewer.request('GET', RUN(999_999))).status).toBe(404);
    expect((await viewer.request('GET', CONTACTS(999_999))).status).toBe(404);
    expect((await syncer.request('POST', `${RUN(999_999)}/retry`, { headers: idempotencyKey() })).status).toBe(404);
    const bad = await viewer.request('GET', CONTACTS(1), { query: { result: 'BOUNCED' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('result');
  });
});

describe('a sync whose job gave up', () => {
  it('reads as failed with the job’s error, and no longer holds the slot of the one sync at a time', async () => {
    const started = await startSync();
    expect(started.status, started.text).toBe(200);
    const stuck = started.body.run;
    await t.db
      .updateTable('jobs')
      .set({ status: 'failed', last_error: 'Out of attempts: the database was away', finished_at: t.clock.now() })
      .where('id', '=', stuck.jobId)
      .execute();
    expect(await getRun(stuck.id)).toMatchObject({ status: 'FAILED', failure: 'Out of attempts: the database was away' });
    expect((await viewer.request('GET', RUNS, { query: { status: 'FAILED', kind: 'ALL_OWNERS' } })).body.items[0].id).toBe(stuck.id);

    const next = await startSync();
    expect(next.status, next.text).toBe(200);
    expect(next.body.run.id).toBeGreaterThan(stuck.id);
    const record = await t.db.selectFrom('marketing_sync_runs').select(['status', 'failure']).where('id', '=', stuck.id).executeTakeFirstOrThrow();
    expect(record).toEqual({ status: 'FAILED', failure: 'Out of attempts: the database was away' });
    expect((await runToEnd(next.body.run.id)).run.status).toBe('DONE');
  });
});
