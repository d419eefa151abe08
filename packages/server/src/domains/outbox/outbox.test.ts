import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmailDeliveryError } from '../../providers/email/email-provider';
import { scheduleMaintenance } from '../../maintenance';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { claimDueEmails, recordEmailRetry } from './outbox.repository';
import { deliverEmail, deliverPending, MAX_EMAIL_ATTEMPTS } from './index';

let t: TestApp;
let boss: Actor;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin', email: 'boss@traction.ng' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const MINUTE = 60_000;

const outboxRows = (to: string) => t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();

const inviteAdmin = (email: string) => boss.request('POST', '/v1/admin/signup', { body: { email, firstName: 'Ngozi', lastName: 'Eze' } });

/** The mail service is down for the next `count` sends (a 503: worth trying again). */
const outage = (count: number) => {
  const send = vi.spyOn(t.email, 'send');
  for (let i = 0; i < count; i++) send.mockRejectedValueOnce(new EmailDeliveryError('The mail service answered 503', true));
  return send;
};

describe('the email outbox', () => {
  // Tests that move the clock far come last: the signed-in admin's session ends after 12 hours.
  it('sends right after the command commits and keeps only metadata once sent', async () => {
    const answer = await inviteAdmin('first.invite@traction.ng');
    expect(answer.status, answer.text).toBe(200);
    expect(t.email.latest('first.invite@traction.ng', 'invite')?.data.link).toContain('/reset-password?token=');
    const [row] = await outboxRows('first.invite@traction.ng');
    expect(row).toMatchObject({
      kind: 'invite',
      status: 'sent',
      attempts: 1,
      body: null,
      data: null,
      last_error: null,
      subject: 'You have been invited to Traction Admin',
    });
    expect(row!.sent_at).toEqual(t.clock.now());
    expect(row!.provider_message_id).toBeTruthy();
  });

  it('sends nothing when the command rolls back, even after it queued the email', async () => {
    const refused = await inviteAdmin('boss@traction.ng');
    expect(refused.status).toBe(409);
    expect(await outboxRows('boss@traction.ng')).toEqual([]);

    // A commit that fails after everything else ran: the row was queued, then rolled back.
    await sql`create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'commit refused'; end $$`.execute(t.db);
    await sql`create constraint trigger refuse_outbox after insert on email_outbox deferrable initially deferred for each row execute function refuse_outbox()`.execute(
      t.db,
    );
    try {
      const failed = await inviteAdmin('never.invited@traction.ng');
      expect(failed.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_outbox on email_outbox`.execute(t.db);
      await sql`drop function refuse_outbox()`.execute(t.db);
    }
    expect(t.email.mailbox('never.invited@traction.ng')).toEqual([]);
    expect(await outboxRows('never.invited@traction.ng')).toEqual([]);
    expect(await t.db.selectFrom('admins').select('id').where('email', '=', 'never.invited@traction.ng').execute()).toEqual([]);
  });

  it('sends each message once when several workers run at the same moment', async () => {
    outage(6);
    const addresses = Array.from({ length: 6 }, (_, i) => `crowd${i}@traction.ng`);
    for (const address of addresses) expect((await inviteAdmin(address)).status).toBe(200);
    vi.restoreAllMocks();
    t.clock.advance(MINUTE);
    const reports = await Promise.all([deliverPending(t.deps, { batch: 2 }), deliverPending(t.deps, { batch: 2 }), deliverPending(t.deps, { batch: 2 })]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(6);
    for (const address of addresses) {
      expect(t.email.mailbox(address)).toHaveLength(1);
      expect((await outboxRows(address))[0]).toMatchObject({ status: 'sent', attempts: 2, body: null });
    }
    const id = (await outboxRows(addresses[0]!))[0]!.id;
    expect(await deliverEmail(t.deps, id)).toEqual({ sent: 0, retrying: 0, givenUp: 0 });
    expect(t.email.mailbox(addresses[0])).toHaveLength(1);
  });

  it('takes over a message whose sender died mid-send once its claim lapses, and ignores the late answer of the old claim', async () => {
    outage(1);
    expect((await inviteAdmin('orphan@traction.ng')).status).toBe(200);
    vi.restoreAllMocks();
    t.clock.advance(MINUTE);
    const [row] = await outboxRows('orphan@traction.ng');
    const [claimed] = await claimDueEmails(t.db, { now: t.clock.now(), claimUntil: new Date(t.clock.now().getTime() + 10 * MINUTE), limit: 1, id: row!.id });
    expect(claimed).toMatchObject({ status: 'sending', attempts: 2 });
    expect(await deliverPending(t.deps)).toEqual({ sent: 0, retrying: 0, givenUp: 0 });
    t.clock.advance(10 * MINUTE);
    expect(await deliverPending(t.deps)).toEqual({ sent: 1, retrying: 0, givenUp: 0 });
    expect(t.email.mailbox('orphan@traction.ng')).toHaveLength(1);
    expect((await outboxRows('orphan@traction.ng'))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    await recordEmailRetry(t.db, { id: row!.id, attempt: 2, error: 'the old claim answers late', nextAttemptAt: t.clock.now() });
    expect((await outboxRows('orphan@traction.ng'))[0]).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });
  it('is run by scheduleMaintenance at start and every 30 seconds, until stopped', async () => {
    const until = async (done: () => boolean) => {
      for (let waited = 0; !done(); waited += 10) {
        if (waited > 5_000) throw new Error('the worker did not run');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      outage(1);
      expect((await inviteAdmin('tick@traction.ng')).status).toBe(200);
      t.clock.advance(MINUTE);
      const stop = scheduleMaintenance(t.deps);
      // Pruning, the outbox and the payment rollups.
      expect(vi.getTimerCount()).toBe(3);
      await until(() => t.email.mailbox('tick@traction.ng').length === 1);

      outage(1);
      expect((await inviteAdmin('tock@traction.ng')).status).toBe(200);
      t.clock.advance(MINUTE);
      vi.advanceTimersByTime(29_999);
      expect(t.email.mailbox('tock@traction.ng')).toHaveLength(0);
      vi.advanceTimersByTime(1);
      await until(() => t.email.mailbox('tock@traction.ng').length === 1);

      stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not send a reset link that expired while the mail service was down', async () => {
    const admin = await t.insertAdmin({ email: 'late.reset@traction.ng' });
    const send = vi.spyOn(t.email, 'send').mockRejectedValue(new EmailDeliveryError('The mail service answered 503', true));
    expect((await boss.request('POST', '/v1/admin/password/reset', { body: { adminId: admin.id } })).status).toBe(200);
    t.clock.advance(30 * MINUTE);
    await deliverPending(t.deps);
    send.mockRestore();
    t.clock.advance(31 * MINUTE);
    expect(await deliverPending(t.deps)).toEqual({ sent: 0, retrying: 0, givenUp: 1 });
    expect(t.email.latest('late.reset@traction.ng')).toBeUndefined();
    const [row] = await outboxRows('late.reset@traction.ng');
    expect(row).toMatchObject({ status: 'failed', body: null, data: null, last_error: 'The link in the message expired before it could be sent' });
  });

  it('retries a message the mail service could not take, backing off 1, 2, 4 … 60 minutes, and gives up after the last attempt', async () => {
    const error = vi.spyOn(t.deps.logger, 'error');
    const answer = await inviteAdmin('slow+timeout@traction.ng');
    expect(answer.status, answer.text).toBe(200);
    const pending = (await outboxRows('slow+timeout@traction.ng'))[0]!;
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: 'The mail service did not answer in time' });
    expect(pending.body).toContain('/reset-password?token=');

    const waits: number[] = [];
    let previous = t.clock.now().getTime();
    for (let attempt = 2; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      const row = (await outboxRows('slow+timeout@traction.ng'))[0]!;
      const due = row.next_attempt_at.getTime();
      waits.push((due - previous) / MINUTE);
      t.clock.advance(due - t.clock.now().getTime() - 1);
      expect(await deliverPending(t.deps), 'not due a moment early').toEqual({ sent: 0, retrying: 0, givenUp: 0 });
      t.clock.advance(1);
      previous = due;
      const report = await deliverPending(t.deps);
      expect(report).toEqual(attempt < MAX_EMAIL_ATTEMPTS ? { sent: 0, retrying: 1, givenUp: 0 } : { sent: 0, retrying: 0, givenUp: 1 });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    const [given] = await outboxRows('slow+timeout@traction.ng');
    expect(given).toMatchObject({
      status: 'failed',
      attempts: MAX_EMAIL_ATTEMPTS,
      body: null,
      data: null,
      last_error: 'The mail service did not answer in time',
    });
    expect(given!.given_up_at).toEqual(t.clock.now());
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ outboxId: given!.id, to: 'slow+timeout@traction.ng' }), expect.stringContaining('given up'));
    t.clock.advance(24 * 60 * MINUTE);
    expect(await deliverPending(t.deps)).toEqual({ sent: 0, retrying: 0, givenUp: 0 });
  });
});
