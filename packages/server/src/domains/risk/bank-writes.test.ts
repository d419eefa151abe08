import type { ErrorBody } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BankError } from '../../providers/banks/bank-provider';
import { createTestApp, type Actor, type TestApp, type TestResponse } from '../../test/harness';
import { insertBusiness, insertFixedAccount, insertWallet } from '../../test/merchant-fixtures';
import { accountNumberAt, eventsOf, idempotencyKey, lastAudit, riskSnapshot } from '../../test/risk-kit';

/**
 * Calls that ask a bank to change something. A bank that does not answer in time may still have
 * acted, so the admin is told to check before trying again, and a Providus re-push of a session
 * whose last attempt is unknown or recent is refused: a retry must never credit a business twice.
 * When the bank has acted and our own record of it fails, the admin gets the bank's reference.
 */
let t: TestApp;
let ops: Actor;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.actor({ role: 'admin', permissions: ['banks.query', 'providus.manage', 'fixed-accounts.view', 'fixed-accounts.manage'] });
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const REPUSH = '/v1/payments/providus/repush';
const DEACTIVATE = '/v1/payments/fixedaccounts/deactivate-account';
const RE_PUSH = '/v1/payments/fixedaccounts/re-push';
const RENAME = '/v1/payments/fixedaccounts/re-name';
let sessions = 0;
/** A session id Providus answers normally for (not ending 999, 998 or 000). */
const newSession = () => `1000042611210935${String(12_345_670_000 + ++sessions * 10 + 1).padStart(14, '0')}`;

async function merchant(bank: 'WEMA' | 'VFD' | 'PROVIDUS', ending?: '999') {
  const business = await insertBusiness(t.db);
  await insertWallet(t.db, business.id);
  const account = await insertFixedAccount(t.db, business.id, {
    bank,
    account_number: accountNumberAt(bank, ending),
    account_name: `Traction/${business.name}`,
  });
  return { business, account };
}

const attempt = (sessionId: string) => t.db.selectFrom('providus_repushes').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
const timeout = () => new BankError('PROVIDUS', 'timeout', 'Providus Bank did not answer within 50 ms', 'sessionId');

describe('a bank that does not answer a change in time', () => {
  it.each([
    ['deactivate', DEACTIVATE, (id: number) => ({ id, reason: 'Idle for a year' })],
    ['re-push', RE_PUSH, (id: number) => ({ id })],
    ['rename', RENAME, (id: number) => ({ id, accountName: 'Traction/New Name' })],
  ])('%s: 504 saying the bank may have acted and to check first, not that nothing changed; our records unchanged', async (_what, path, body) => {
    const { account } = await merchant('WEMA', '999');
    const before = await riskSnapshot(t);
    const answer = await ops.request('POST', path, { body: body(account.id) });
    expect(answer.status).toBe(504);
    expect(answer.body.message).toContain('Wema Bank did not answer within 50 ms');
    expect(answer.body.message).toContain('may have');
    expect(answer.body.message).toContain('Wema Account Query');
    expect(answer.body.message).not.toContain('Nothing was changed');
    expect(answer.body.details).toMatchObject({ reason: 'bank_timeout', outcome: 'unknown' });
    expect(await riskSnapshot(t)).toEqual(before);
  });

  it('a query that times out still says nothing was changed (it changes nothing)', async () => {
    const answer = await ops.request('GET', '/v1/payments/wema/account-query', { query: { accountNumber: accountNumberAt('WEMA', '999') } });
    expect(answer.status).toBe(504);
    expect(answer.body.message).toContain('Nothing was changed');
  });
});

describe('Providus re-push attempts', () => {
  it('a timed-out re-push is recorded, and a retry of that session (same key or another) is refused with 409 without asking Providus again', async () => {
    const { business, account } = await merchant('PROVIDUS');
    const sessionId = newSession();
    const repush = vi.spyOn(t.banks.providus, 'repushNotification').mockRejectedValueOnce(timeout());
    const headers = idempotencyKey();
    const body = { accountNumber: account.account_number, sessionId };
    const before = await riskSnapshot(t);

    const first = await ops.request('POST', REPUSH, { headers, body });
    expect(first.status).toBe(504);
    expect(first.body.message).toContain('may have re-sent');
    expect(first.body.message).not.toContain('Nothing was changed');
    expect(await attempt(sessionId)).toMatchObject({
      status: 'timed-out',
      account_number: account.account_number,
      business_id: business.id,
      requested_by: ops.id,
    });
    expect(await riskSnapshot(t)).toEqual(before);

    for (const retryHeaders of [headers, idempotencyKey()]) {
      const retry = await ops.request('POST', REPUSH, { headers: retryHeaders, body });
      expect(retry.status).toBe(409);
      expect(retry.body.details).toMatchObject({ reason: 'repush_outcome_unknown', sessionId });
      expect(retry.body.message).toContain('did not answer');
    }
    expect(repush).toHaveBeenCalledTimes(1);
    expect(await riskSnapshot(t)).toEqual(before);
    expect(await lastAudit(t.db, 'providus.repush')).toMatchObject({ outcome: '409' });
  });

  it('a confirmed re-push of a session is not sent again within a day (409 with its reference); after that it may be', async () => {
    const { business, account } = await merchant('PROVIDUS');
    const sessionId = newSession();
    const body = { accountNumber: account.account_number, sessionId };
    const first = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body });
    expect(first.status).toBe(200);
    expect(await attempt(sessionId)).toMatchObject({
      status: 'confirmed',
      bank_reference: first.body.bankReference,
      amount_kobo: BigInt(first.body.amountKobo),
    });

    const before = await riskSnapshot(t);
    const again = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body });
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ reason: 'repush_recent', bankReference: first.body.bankReference });
    expect(await riskSnapshot(t)).toEqual(before);

    await t.db
      .updateTable('providus_repushes')
      .set({ requested_at: new Date(t.clock.now().getTime() - 25 * 3_600_000) })
      .where('session_id', '=', sessionId)
      .execute();
    expect((await ops.request('POST', REPUSH, { headers: idempotencyKey(), body })).status).toBe(200);
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['providus.repush', 'providus.repush']);
    expect(await attempt(sessionId)).toMatchObject({ status: 'confirmed', attempts: 2 });
  });

  it('a re-push Providus refused (it answered: nothing was sent) may be tried again', async () => {
    const { account } = await merchant('PROVIDUS');
    const sessionId = newSession();
    vi.spyOn(t.banks.providus, 'repushNotification').mockRejectedValueOnce(
      new BankError('PROVIDUS', 'failed', 'Providus Bank answered 503 Service Unavailable'),
    );
    const body = { accountNumber: account.account_number, sessionId };
    const failed = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toContain('Nothing was changed');
    expect(await attempt(sessionId)).toMatchObject({ status: 'failed' });
    expect((await ops.request('POST', REPUSH, { headers: idempotencyKey(), body })).status).toBe(200);
  });

  it('two re-pushes of one session at once: Providus is asked once, the other is refused while it waits', async () => {
    const { business, account } = await merchant('PROVIDUS');
    const sessionId = newSession();
    const original = t.banks.providus.repushNotification.bind(t.banks.providus);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const repush = vi.spyOn(t.banks.providus, 'repushNotification').mockImplementation(async (...args) => {
      await answered;
      return original(...args);
    });
    const body = { accountNumber: account.account_number, sessionId };
    const first = ops.request('POST', REPUSH, { headers: idempotencyKey(), body });
    await vi.waitFor(() => expect(repush).toHaveBeenCalledTimes(1));
    const second = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body });
    answer();
    expect((await first).status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body.details).toMatchObject({ reason: 'repush_in_progress' });
    expect(repush).toHaveBeenCalledTimes(1);
    expect((await eventsOf(t.db, business.id)).map((e) => e.kind)).toEqual(['providus.repush']);
  });
});

describe('our record of a change the bank made', () => {
  /** Makes the database refuse some inserts, as a full disk or a lost connection would. */
  async function refuse(table: 'audit_log' | 'business_events', when: string) {
    await sql
      .raw(`create or replace function refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'storage unavailable'; end $$`)
      .execute(t.db);
    await sql.raw(`create trigger refuse_insert before insert on ${table} for each row when (${when}) execute function refuse_insert()`).execute(t.db);
    return () => sql.raw(`drop trigger refuse_insert on ${table}`).execute(t.db);
  }

  it('writes the audit row in the same transaction as the change: one row, ok', async () => {
    const { account } = await merchant('VFD');
    const answer = await ops.request('POST', DEACTIVATE, { body: { id: account.id, reason: 'Idle for a year' } });
    expect(answer.status).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['outcome', 'request_id'])
      .where('command_id', '=', 'fixed-accounts.deactivate')
      .where(sql<boolean>`input->>'id' = ${String(account.id)}`)
      .execute();
    expect(rows.map((r) => r.outcome)).toEqual(['ok']);
  });

  it('when the audit row cannot be written, the change is not kept either: 502 with the bank reference to reconcile, logged at error level', async () => {
    const { account } = await merchant('VFD');
    const error = vi.spyOn(t.deps.logger, 'error');
    const undo = await refuse('audit_log', `new.command_id = 'fixed-accounts.deactivate' and new.outcome = 'ok'`);
    const before = await riskSnapshot(t);
    let answer: TestResponse<ErrorBody>;
    try {
      answer = await ops.request('POST', DEACTIVATE, { body: { id: account.id, reason: 'Idle for a year' } });
    } finally {
      await undo();
    }
    expect(answer.status).toBe(502);
    expect(answer.body.details).toMatchObject({ reason: 'recorded_failed_after_bank', bank: 'VFD', bankReference: expect.stringMatching(/^VFD-DEA-/) });
    expect(answer.body.message).toContain('VFD Microfinance Bank applied the change');
    expect(answer.body.message).toContain(answer.body.details?.bankReference);
    expect(answer.body.message).toContain('reconcile');
    expect(await riskSnapshot(t)).toEqual(before);
    expect(await lastAudit(t.db, 'fixed-accounts.deactivate')).toMatchObject({ outcome: '502', message: answer.body.message });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ bankReference: answer.body.details?.bankReference, bank: 'VFD' }),
      expect.stringContaining('reconcile'),
    );
  });

  it('a Providus re-push whose record fails: 502 with the reference, the attempt stays unconfirmed so a retry is refused', async () => {
    const { account } = await merchant('PROVIDUS');
    const sessionId = newSession();
    const undo = await refuse('business_events', `new.kind = 'providus.repush'`);
    let answer: TestResponse<ErrorBody>;
    try {
      answer = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: account.account_number, sessionId } });
    } finally {
      await undo();
    }
    expect(answer.status).toBe(502);
    expect(answer.body.details).toMatchObject({ reason: 'recorded_failed_after_bank', bankReference: expect.stringMatching(/^PRO-RPS-/) });
    expect(await attempt(sessionId)).toMatchObject({ status: 'requested' });
    const retry = await ops.request('POST', REPUSH, { headers: idempotencyKey(), body: { accountNumber: account.account_number, sessionId } });
    expect(retry.status).toBe(409);
  });

  it('rename: the history line and the name change commit together with the audit row', async () => {
    const { business, account } = await merchant('WEMA');
    const undo = await refuse('audit_log', `new.command_id = 'fixed-accounts.rename' and new.outcome = 'ok'`);
    let answer: TestResponse<ErrorBody>;
    try {
      answer = await ops.request('POST', RENAME, { body: { id: account.id, accountName: 'Traction/Renamed' } });
    } finally {
      await undo();
    }
    expect(answer.status).toBe(502);
    const row = await t.db.selectFrom('fixed_accounts').select('account_name').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.account_name).toBe(account.account_name);
    expect(await eventsOf(t.db, business.id)).toEqual([]);
  });
});
