import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Constructed here, so the test holds the very objects the server sends through (outage switch, outbox).
import { SandboxMarketingList, SandboxSmsGateway } from '@traction/server/testing';
import { browserAvailable, launchBrowser } from './browser';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { signIn } from './session';

const run = browserAvailable();

/** The five owners a broadcast goes to, each set up for one fate, and one more for the marketing sync only. */
const OWNERS = [
  { key: 'ok1', email: 'e2e.bcast.ok1@example.ng', phone: '08031234501' },
  // the mail service bounces any address at bounce.test; the SMS gateway refuses a number ending 0000 for good
  { key: 'fails', email: 'e2e.bcast.fails@bounce.test', phone: '08030000000' },
  { key: 'ok2', email: 'e2e.bcast.ok2@example.ng', phone: '08031234502' },
  // on the email opt-out list, and a Lagos landline: skipped on both channels
  { key: 'skipped', email: 'e2e.bcast.optedout@example.ng', phone: '01-2345678' },
  // unsubscribed at the marketing provider before the sync: it learns so first
  { key: 'ok3', email: 'e2e.bcast.unsubscribed@example.ng', phone: '08031234503' },
  // outside the broadcast's audience: the marketing provider refuses the address as invalid
  { key: 'invalid', email: 'invalid.e2e.lead@example.ng', phone: '08031234504' },
] as const;
type OwnerKey = (typeof OWNERS)[number]['key'];
const byKey = (key: OwnerKey) => OWNERS.find((owner) => owner.key === key)!;

/**
 * Issue 41's broadcasts and the email-marketing sync by keyboard, in Chromium against the real
 * server and its job worker: a broadcast to five merchants written in the Broadcast Portal, tried
 * as a dry run, and sent while the SMS gateway is down — its email goes, its SMS waits and goes
 * once the gateway answers again — with a bounce, a refused number and two skipped owners, each
 * read back on its page against the deliveries in the database and the sandboxes' outboxes; then
 * a sync of every owner to the marketing list, followed to its end, an opted-out owner not re-added.
 */
describe.runIf(run)('a broadcast sent with provider failures, and the email-marketing sync', () => {
  let browser: Browser;
  let context: Awaited<ReturnType<typeof startConsoleServer>>;
  let page: Page;
  const sms = new SandboxSmsGateway();
  const marketing = new SandboxMarketingList({ latencyMs: 100, unsubscribed: [byKey('ok3').email] });
  /** The demo merchants the owners above were given to, by key. */
  const merchants = new Map<OwnerKey, { id: number; name: string }>();

  beforeAll(async () => {
    context = await startConsoleServer({ providers: { sms, marketing } });
    const db = context.server.deps.db;
    // Six demo merchants, each with its first owner (the one a broadcast writes to) given the address above.
    const firstOwners = await db
      .selectFrom('business_users')
      .select((eb) => ['business_id', eb.fn.min('id').as('user_id')])
      .where('role', '=', 'owner')
      .groupBy('business_id')
      .orderBy('business_id')
      .offset(40)
      .limit(OWNERS.length)
      .execute();
    expect(firstOwners).toHaveLength(OWNERS.length);
    for (const [index, owner] of OWNERS.entries()) {
      const { business_id: businessId, user_id: userId } = firstOwners[index]!;
      await db.updateTable('business_users').set({ email: owner.email, phone: owner.phone }).where('id', '=', Number(userId)).execute();
      const { name } = await db.selectFrom('businesses').select('name').where('id', '=', businessId).executeTakeFirstOrThrow();
      merchants.set(owner.key, { id: businessId, name });
    }
    await db
      .insertInto('contact_opt_outs')
      .values({ channel: 'EMAIL', address: byKey('skipped').email, source: 'ADMIN' })
      .execute();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, context, ROOT_EMAIL, ROOT_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await context?.server.close();
  });

  const db = () => context.server.deps.db;
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  /** Presses Tab until the element matching `selector` has the focus (as a person tabs to it), at most `limit` times. */
  async function tabTo(selector: string, limit = 80) {
    for (let presses = 0; presses < limit; presses += 1) {
      if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`${selector} was not reached in ${limit} Tab presses`);
  }
  /** Control+k, the words, and Enter once the entry `key` is the one chosen. */
  async function palette(text: string, key: string) {
    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette').waitFor();
    await page.keyboard.type(text);
    await page.locator(`[data-entry-key="${key}"][data-selected="true"]`).waitFor();
    await page.keyboard.press('Enter');
  }
  /** The cells of the per-channel table's row of `channel`, as shown. */
  const channelRow = (channel: 'EMAIL' | 'SMS') => page.locator(`[data-section="channels"] tr[data-row-key="${channel}"] td`).allTextContents();
  /** A delivery table's counts of one channel, in the per-channel table's order: messages, waiting, sent, bounced, failed, skipped, cancelled. */
  async function storedCounts(broadcastId: number, channel: 'EMAIL' | 'SMS'): Promise<string[]> {
    const rows = await db()
      .selectFrom('broadcast_deliveries')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('broadcast_id', '=', broadcastId)
      .where('channel', '=', channel)
      .groupBy('status')
      .execute();
    const of = (...statuses: string[]) => rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
    return [
      of('PENDING', 'SENDING', 'SENT', 'BOUNCED', 'FAILED', 'SKIPPED', 'CANCELLED'),
      of('PENDING', 'SENDING'),
      of('SENT'),
      of('BOUNCED'),
      of('FAILED'),
      of('SKIPPED'),
      of('CANCELLED'),
    ].map(String);
  }
  /**
   * Opens a view (tab) of the list by Tab and Enter, and answers its rows as shown once the list
   * counts `n` and every row holds one of `each` (the rows of the view before it are gone).
   */
  async function openView(view: string, n: number, each: string): Promise<string[]> {
    const tab = page.locator(`[data-testid="list-views"] [data-view="${view}"]`);
    await tabTo(`[data-testid="list-views"] [data-view="${view}"]`);
    await page.keyboard.press('Enter');
    await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe(String(n));
    const rows = page.locator('[data-row-index]');
    await expect.poll(async () => (await rows.allTextContents()).filter((row) => row.includes(each)).length).toBe(n);
    return rows.allTextContents();
  }

  it('writes, dry-runs and sends a broadcast; its SMS wait out a gateway outage; failures are listed with why; nobody gets one twice', {
    timeout: 150_000,
  }, async () => {
    const audience = (['ok1', 'fails', 'ok2', 'skipped', 'ok3'] as const).map((key) => merchants.get(key)!.id);

    // The Broadcast Portal through the palette; n writes a new broadcast.
    await palette('Broadcast Portal', 'route:/broadcast-portal');
    await page.waitForURL('**/broadcast-portal');
    await page.locator('[data-page="list"][data-list="broadcasts.list"]').waitFor();
    await blur();
    await page.keyboard.press('n');
    const form = page.locator('[data-testid="command-form"][data-command="broadcasts.create"]');
    await form.waitFor();
    await expect.poll(() => form.locator('[name="name"]').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('E2E cash-out week');
    await tabTo('[name="emailSubject"]');
    await page.keyboard.type('Cash-out fees are halved this week');
    await tabTo('[name="emailBody"]');
    await page.keyboard.type('From Monday to Friday every cash-out on your Traction terminal costs half the usual fee.');
    await tabTo('[name="smsText"]');
    await page.keyboard.type('Traction: cash-out fees are halved Mon-Fri this week.');
    await expect.poll(() => form.getByTestId('sms-segments').getAttribute('data-parts')).toBe('1');
    // The audience: merchants by id, chosen with the arrow keys; only the field it needs appears.
    await tabTo('[name="audience"]');
    for (let presses = 0; presses < 5 && (await form.locator('[name="audience"]').inputValue()) !== 'MERCHANTS'; presses += 1) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await form.locator('[name="audience"]').inputValue()).toBe('MERCHANTS');
    expect(await form.locator('[name="audienceState"]').count()).toBe(0);
    await tabTo('[name="audienceMerchantIds"]');
    await page.keyboard.type(audience.join(', '));
    await page.keyboard.press('Control+Enter');

    // Saved as a draft: its page says whom sending now reaches, skipped owners counted.
    await page.waitForURL(/\/broadcast-portal\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const broadcast = page.locator(`[data-page="broadcast"][data-broadcast-id="${id}"]`);
    await page.getByTestId('command-result').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('command-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => broadcast.getAttribute('data-status')).toBe('DRAFT');
    const stored = await db().selectFrom('broadcasts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: 'DRAFT',
      channels: 'BOTH',
      audience: 'MERCHANTS',
      sms_text: 'Traction: cash-out fees are halved Mon-Fri this week.',
    });
    expect([...stored.audience_merchant_ids!].sort((a, b) => a - b)).toEqual([...audience].sort((a, b) => a - b));
    expect(await page.getByTestId('broadcast-facts').textContent()).toContain('4 emails and 4 SMS to 5 merchants; 2 skipped (opted out or no address)');

    // A dry run, from the palette's Send a broadcast with its Dry run ticked: it says what it would send and sends nothing.
    await blur();
    await palette('Send a broadcast', 'command:broadcasts.send');
    const dryRun = page.locator('[data-testid="command-form"][data-command="broadcasts.send"]');
    await dryRun.waitFor();
    await tabTo('[name="id"]');
    await page.keyboard.type(String(id));
    await tabTo('[name="dryRun"]');
    await page.keyboard.press('Space');
    expect(await dryRun.locator('[name="dryRun"]').isChecked()).toBe(true);
    await page.keyboard.press('Control+Enter');
    await dryRun.locator('[data-confirm-step]').waitFor();
    await page.keyboard.press('Enter');
    const dryAnswer = page.getByTestId('command-result');
    await dryAnswer.waitFor();
    expect(await dryAnswer.textContent()).toContain(
      `A dry run, nothing sent: broadcast ${id} would send 4 emails and 4 SMS to 5 merchants (skipped: 1 on the opt-out list, 1 without an address)`,
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('command-dialog').waitFor({ state: 'detached' });
    expect(await db().selectFrom('broadcast_deliveries').select('id').where('broadcast_id', '=', id).execute()).toEqual([]);
    expect((await db().selectFrom('broadcasts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('DRAFT');

    // s sends it; the SMS gateway goes down just before the confirmation.
    await blur();
    await page.keyboard.press('s');
    const send = page.locator('[data-testid="command-form"][data-command="broadcasts.send"]');
    await send.waitFor();
    expect(await page.locator('[data-command-subject]').textContent()).toContain('5 merchants by ID: 4 emails and 4 SMS to 5 merchants');
    await page.keyboard.press('Enter');
    await send.locator('[data-confirm-step]').waitFor();
    sms.setOutage(true);
    await page.keyboard.press('Enter');
    await page.getByTestId('command-result').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('command-dialog').waitFor({ state: 'detached' });
    // What the server said, above the status.
    await page
      .getByRole('status')
      .filter({ hasText: `Broadcast ${id} is sending 8 messages to 5 merchants (2 skipped: opted out or no address)` })
      .waitFor();

    // Live: the emails go (one bounces), the SMS wait for the gateway, and the page says why.
    const words = page.getByTestId('broadcast-status-words');
    await expect.poll(() => words.textContent(), { timeout: 30_000 }).toContain('Termii (sandbox) is not answering');
    expect(await broadcast.getAttribute('data-status')).toBe('SENDING');
    expect(await words.textContent()).toContain('3 of 10 messages sent so far');
    await expect.poll(() => channelRow('EMAIL')).toEqual(['Email', '5', '0', '3', '1', '0', '1', '0']);
    await expect.poll(() => channelRow('SMS')).toEqual(['SMS', '5', '4', '0', '0', '0', '1', '0']);
    expect(await channelRow('EMAIL')).toEqual(['Email', ...(await storedCounts(id, 'EMAIL'))]);
    expect(await channelRow('SMS')).toEqual(['SMS', ...(await storedCounts(id, 'SMS'))]);
    expect(await page.locator('[data-figure="sent"] dd').first().textContent()).toBe('3');
    await page.locator('[data-section="job"] [data-job]').waitFor();
    expect(sms.refused.unavailable).toBeGreaterThan(0);
    expect(sms.outbox().filter((message) => message.reference.startsWith(`BRD-${id}-`))).toEqual([]);

    // The job rests until the gateway's minute is up. The gateway answers again; rather than
    // wait the minute out, the test brings the job's next run forward (as the clock would).
    const { job_id: jobId } = await db().selectFrom('broadcasts').select('job_id').where('id', '=', id).executeTakeFirstOrThrow();
    const resting = () => db().selectFrom('jobs').select(['status', 'run_at']).where('id', '=', BigInt(jobId!)).executeTakeFirstOrThrow();
    await expect
      .poll(async () => {
        const job = await resting();
        return job.status === 'queued' && job.run_at !== null && job.run_at.getTime() > Date.now();
      })
      .toBe(true);
    sms.setOutage(false);
    await db().updateTable('jobs').set({ run_at: new Date() }).where('id', '=', BigInt(jobId!)).where('status', '=', 'queued').execute();

    // The SMS go, the refused number fails for good, and the broadcast ends with some failed.
    await expect.poll(() => broadcast.getAttribute('data-status'), { timeout: 30_000 }).toBe('PARTLY_FAILED');
    await expect.poll(() => words.textContent()).toContain('6 sent, 1 bounced, 1 failed, 2 skipped');
    await expect.poll(() => channelRow('SMS')).toEqual(['SMS', '5', '0', '3', '0', '1', '1', '0']);
    expect(await channelRow('EMAIL')).toEqual(['Email', '5', '0', '3', '1', '0', '1', '0']);
    expect(await channelRow('EMAIL')).toEqual(['Email', ...(await storedCounts(id, 'EMAIL'))]);
    expect(await channelRow('SMS')).toEqual(['SMS', ...(await storedCounts(id, 'SMS'))]);
    for (const [figure, value] of [
      ['messages', '10'],
      ['sent', '6'],
      ['bounced', '1'],
      ['failed', '1'],
      ['skipped', '2'],
    ]) {
      expect(await page.locator(`[data-figure="${figure}"] dd`).first().textContent()).toBe(value);
    }
    expect(
      await db()
        .selectFrom('broadcasts')
        .select(['sent_count', 'bounced_count', 'failed_count', 'skipped_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      sent_count: 6,
      bounced_count: 1,
      failed_count: 1,
      skipped_count: 2,
    });

    // Every message is listed; the failed, bounced and skipped ones with why, each tab by Tab and Enter.
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('10');
    await expect.poll(() => page.locator('[data-row-index]').count()).toBe(10);
    const fails = merchants.get('fails')!;
    const skipped = merchants.get('skipped')!;
    const [failed] = await openView('?status=FAILED', 1, 'Failed');
    expect(failed).toContain(fails.name);
    expect(failed).toContain('+2348030000000 is not a mobile number that can take SMS');
    const [bounced] = await openView('?status=BOUNCED', 1, 'Bounced');
    expect(bounced).toContain(fails.name);
    expect(bounced).toContain(`The mail service refused ${byKey('fails').email}: mailbox does not exist`);
    const skips = await openView('?status=SKIPPED', 2, 'Skipped');
    expect(skips.every((row) => row.includes(skipped.name))).toBe(true);
    expect(skips.join('\n')).toContain('This email address is on the opt-out list');
    expect(skips.join('\n')).toContain('The owner has no usable Nigerian mobile number');

    // Nobody got a message twice on a channel: one delivery each, and each address once in the providers' outboxes.
    const deliveries = await db()
      .selectFrom('broadcast_deliveries')
      .select(['business_id', 'channel', 'address', 'status', 'reason'])
      .where('broadcast_id', '=', id)
      .execute();
    expect(deliveries).toHaveLength(10);
    expect(new Set(deliveries.map((d) => `${d.business_id}:${d.channel}`)).size).toBe(10);
    const sentTo = (channel: 'EMAIL' | 'SMS') =>
      deliveries
        .filter((d) => d.channel === channel && d.status === 'SENT')
        .map((d) => d.address!)
        .sort();
    expect(sentTo('EMAIL')).toEqual([byKey('ok1').email, byKey('ok2').email, byKey('ok3').email].sort());
    expect(sentTo('SMS')).toEqual(['+2348031234501', '+2348031234502', '+2348031234503']);
    const mailed = context.email
      .mailbox()
      .filter((message) => message.kind === 'broadcast' && message.data.broadcast === String(id))
      .map((message) => message.to)
      .sort();
    expect(mailed).toEqual(sentTo('EMAIL'));
    const texted = sms
      .outbox()
      .filter((message) => message.reference.startsWith(`BRD-${id}-`))
      .map((message) => message.to)
      .sort();
    expect(texted).toEqual(sentTo('SMS'));
    expect(sms.refused.rejected).toBe(1);
  });

  it('syncs every owner to the marketing list from its page, followed to the end; an opted-out address is not re-added', { timeout: 120_000 }, async () => {
    await blur();
    await palette('Email Marketing Sync', 'route:/sendinblue-email-synch');
    await page.waitForURL('**/sendinblue-email-synch');
    await page.locator('[data-page="list"][data-list="email-sync.runs"]').waitFor();
    const before = await db().selectFrom('marketing_sync_runs').select('id').execute();

    // r asks first; Enter, then Enter again to confirm.
    await blur();
    await page.keyboard.press('r');
    const start = page.locator('[data-testid="command-form"][data-command="email-sync.run"]');
    await start.waitFor();
    await page.keyboard.press('Enter');
    await start.locator('[data-confirm-step]').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sendinblue-email-synch\/\d+$/);
    const runId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(before.map((row) => row.id)).not.toContain(runId);
    const runPage = page.locator(`[data-page="email-sync-run"][data-run-id="${runId}"]`);
    await runPage.waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `Email-marketing sync #${runId} started` })
      .waitFor();

    // Followed to the end: the bar full, every contact with a result.
    await expect.poll(() => runPage.getAttribute('data-status'), { timeout: 60_000 }).toBe('DONE');
    const counted = await db()
      .selectFrom('marketing_sync_contacts')
      .select(['result', (eb) => eb.fn.countAll<string>().as('n')])
      .where('run_id', '=', runId)
      .groupBy('result')
      .execute();
    const of = (result: string) => Number(counted.find((row) => row.result === result)?.n ?? 0);
    const contacts = counted.reduce((sum, row) => sum + Number(row.n), 0);
    expect(contacts).toBeGreaterThan(100);
    expect(of('PENDING')).toBe(0);
    // Our two opted-out owners (among the demo's), and the invalid address, are counted.
    expect(of('OPTED_OUT')).toBeGreaterThanOrEqual(2);
    expect(of('FAILED')).toBeGreaterThanOrEqual(1);
    expect(of('ADDED')).toBe(contacts - of('OPTED_OUT') - of('FAILED'));
    const bar = page.locator('[data-testid="sync-progress"] [role="progressbar"]');
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe(String(contacts));
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(contacts));
    expect(await page.getByTestId('sync-progress').textContent()).toContain(
      `${contacts.toLocaleString('en-NG')} of ${contacts.toLocaleString('en-NG')} contacts have a result (100%)`,
    );

    // The figures, the views' counts and the list's count are the database's.
    const figure = (key: string) => page.locator(`[data-figure="${key}"] dd`).first().textContent();
    const shown = (n: number) => n.toLocaleString('en-NG');
    expect(await figure('contacts')).toBe(shown(contacts));
    expect(await figure('added')).toBe(shown(of('ADDED')));
    expect(await figure('updated')).toBe(shown(of('UPDATED')));
    expect(await figure('opted-out')).toBe(shown(of('OPTED_OUT')));
    expect(await figure('failed')).toBe(shown(of('FAILED')));
    expect(await figure('provider-opt-outs')).toBe('1');
    expect(await page.getByTestId('run-status-words').textContent()).toContain(
      `${shown(of('ADDED'))} added, 0 updated, ${shown(of('OPTED_OUT'))} skipped as opted out, ${shown(of('FAILED'))} failed`,
    );
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe(String(contacts));
    const tabCount = (view: string) => page.locator(`[data-testid="list-views"] [data-view="${view}"] span`).textContent();
    expect(await tabCount('all')).toBe(shown(contacts));
    expect(await tabCount('?result=OPTED_OUT')).toBe(shown(of('OPTED_OUT')));
    expect(await tabCount('?result=FAILED')).toBe(shown(of('FAILED')));
    expect(await tabCount('?result=ADDED')).toBe(shown(of('ADDED')));

    // The opted-out view, by Tab and Enter: both our owners, with why; neither was added to the list.
    await tabTo('[data-testid="list-views"] [data-view="?result=OPTED_OUT"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe(String(of('OPTED_OUT')));
    await page.keyboard.press('/');
    await page.keyboard.type('e2e.bcast.');
    await expect.poll(() => page.getByTestId('row-count').getAttribute('data-count')).toBe('2');
    const optedOut = (await page.locator('[data-row-index]').allTextContents()).join('\n');
    expect(optedOut).toContain(`${byKey('skipped').email}`);
    expect(optedOut).toContain('On the opt-out list: never re-added');
    expect(optedOut).toContain(`${byKey('ok3').email}`);
    const stored = await db()
      .selectFrom('marketing_sync_contacts')
      .select(['email', 'result', 'reason'])
      .where('run_id', '=', runId)
      .where('email', 'in', [byKey('skipped').email, byKey('ok3').email, byKey('invalid').email, byKey('ok1').email])
      .orderBy('email')
      .execute();
    expect(stored).toEqual([
      { email: byKey('ok1').email, result: 'ADDED', reason: null },
      { email: byKey('skipped').email, result: 'OPTED_OUT', reason: 'On the opt-out list: never re-added' },
      { email: byKey('ok3').email, result: 'OPTED_OUT', reason: 'On the opt-out list: never re-added' },
      { email: byKey('invalid').email, result: 'FAILED', reason: 'Brevo refused it: Invalid email address' },
    ]);
    // The provider's unsubscribe was learned onto the opt-out list; no opted-out address reached the provider's list.
    const learned = await db()
      .selectFrom('contact_opt_outs')
      .select('source')
      .where('channel', '=', 'EMAIL')
      .where('address', '=', byKey('ok3').email)
      .executeTakeFirstOrThrow();
    expect(learned.source).toBe('MARKETING_PROVIDER');
    expect(marketing.contact(byKey('skipped').email)).toBeUndefined();
    expect(marketing.contact(byKey('ok3').email)?.unsubscribed).toBe(true);
    const optedOutEmails = await db()
      .selectFrom('marketing_sync_contacts')
      .select('email')
      .where('run_id', '=', runId)
      .where('result', '=', 'OPTED_OUT')
      .execute();
    for (const { email } of optedOutEmails) expect(marketing.contact(email)?.unsubscribed ?? true).toBe(true);
    expect(marketing.size).toBe(of('ADDED') + 1);
  });
});
