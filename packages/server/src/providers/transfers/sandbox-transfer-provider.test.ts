import { nuban } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/connect';
import { migrate } from '../../db/migrate';
import { openTestDatabase } from '../../test/test-database';
import { readSandboxOutages, SandboxTransferProvider, sandboxTransferOptionsFromEnv, sandboxTransferProviders } from './sandbox-transfer-provider';
import { TransferProviderError, type TransferProviders, type TransferRequest } from './transfer-provider';

let database: OpenedDatabase;
let clock = new Date('2026-11-21T09:00:00.000Z');
const now = () => clock;
let providers: TransferProviders;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.db);
  providers = sandboxTransferProviders(database.db, { timeoutMs: 50, pendingSeconds: 60, now });
});
afterAll(() => database.close());

let sessions = 0;
/** A transfer to a GTBank account whose serial ends in `ending`, under a new session id. */
function transferTo(ending: string, overrides: Partial<TransferRequest> = {}): TransferRequest {
  sessions += 1;
  const accountNumber = nuban('058', `${String(100000 + sessions).slice(-6)}${ending}`);
  return {
    sessionId: `000023261121090000${String(sessions).padStart(12, '0')}`,
    reference: `TRF-TEST-${sessions}`,
    amountKobo: 1_500_000n,
    beneficiary: { bankCode: '058', accountNumber, accountName: 'ADEYEMI KEMI' },
    narration: 'Supplier invoice',
    senderName: 'Traction',
    ...overrides,
  };
}

async function failure(call: Promise<unknown>): Promise<TransferProviderError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TransferProviderError);
  return error as TransferProviderError;
}

const session = (sessionId: string) =>
  database.db.selectFrom('sandbox_transfer_sessions').selectAll().where('provider', '=', 'providus').where('session_id', '=', sessionId).execute();

describe('sandbox name enquiry', () => {
  it('names the holder of a valid number the same way every time, with a NIP-shaped session id', async () => {
    const number = nuban('058', '123456780');
    const answer = await providers.providus.nameEnquiry({ bankCode: '058', accountNumber: number });
    expect(answer).toEqual({
      bankCode: '058',
      accountNumber: number,
      accountName: expect.stringMatching(/^[A-Z]+ [A-Z]+$/),
      nameEnquiryRef: expect.stringMatching(/^000023261121090000\d{12}$/),
    });
    const other = sandboxTransferProviders(database.db, { now });
    expect((await other.vfd.nameEnquiry({ bankCode: '058', accountNumber: number })).accountName).toBe(answer.accountName);
  });

  it.each([
    [
      'a wrong check digit',
      '058',
      `${nuban('058', '123456780').slice(0, 9)}${(Number(nuban('058', '123456780')[9]) + 1) % 10}`,
      'invalid_account',
      /not a valid Guaranty Trust Bank account number \(NUBAN check digit\)/,
    ],
    ['a number of another bank', '058', nuban('044', '123456780'), 'invalid_account', /not a valid Guaranty Trust Bank account number/],
    ['a bank nobody has', '999', nuban('058', '123456780'), 'invalid_account', /Providus Bank knows no bank with the CBN code 999/],
    ['a serial ending in 997', '058', nuban('058', '123456997'), 'not_found', /Guaranty Trust Bank holds no account/],
    ['a serial ending in 998', '058', nuban('058', '123456998'), 'unavailable', /answered 96/],
    ['a serial ending in 999', '058', nuban('058', '123456999'), 'timeout', /did not answer within 50 ms/],
  ])('refuses %s', async (_what, bankCode, accountNumber, kind, message) => {
    const error = await failure(providers.providus.nameEnquiry({ bankCode, accountNumber }));
    expect(error).toMatchObject({ provider: 'providus', kind, message: expect.stringMatching(message) });
  });

  it('stops waiting for a provoked timeout when the caller gives up', async () => {
    const slow = new SandboxTransferProvider('wema', database.db, { timeoutMs: 60_000 });
    const controller = new AbortController();
    const asked = slow.nameEnquiry({ bankCode: '058', accountNumber: nuban('058', '123456999') }, { signal: controller.signal });
    controller.abort();
    expect(await failure(asked)).toMatchObject({ kind: 'timeout', outcomeUnknown: true });
  });
});

describe('sandbox transfers', () => {
  it('pays once: a resend of the session is refused as a duplicate and counted', async () => {
    const request = transferTo('100');
    expect(await providers.providus.transfer(request)).toEqual({
      outcome: 'success',
      responseCode: '00',
      message: 'Approved or completed successfully',
      sessionId: request.sessionId,
    });
    const again = await failure(providers.providus.transfer(request));
    expect(again).toMatchObject({ kind: 'duplicate_session', outcomeUnknown: true, message: expect.stringMatching(/answered 94/) });
    expect(await session(request.sessionId)).toEqual([
      expect.objectContaining({ sends: 2, amount: 1_500_000n, final_outcome: 'success', reference: request.reference }),
    ]);
    expect(await providers.providus.status({ sessionId: request.sessionId })).toMatchObject({ outcome: 'success', responseCode: '00' });
    // Another provider never received it.
    expect(await failure(providers.vfd.status({ sessionId: request.sessionId }))).toMatchObject({
      kind: 'not_found',
      message: expect.stringMatching(/answered 25/),
    });
  });

  it('fails a serial ending in 991 at once (57)', async () => {
    const request = transferTo('991');
    expect(await providers.providus.transfer(request)).toMatchObject({ outcome: 'failed', responseCode: '57', message: 'Transaction not permitted to sender' });
    expect(await providers.providus.status(request)).toMatchObject({ outcome: 'failed', responseCode: '57' });
  });

  it.each([
    ['993', 'success', '00'],
    ['994', 'failed', '51'],
  ])('answers a serial ending in %s pending (09), and %s (%s) once pendingSeconds have passed', async (ending, outcome, code) => {
    const request = transferTo(ending);
    expect(await providers.providus.transfer(request)).toMatchObject({ outcome: 'pending', responseCode: '09' });
    clock = new Date(clock.getTime() + 59_000);
    expect(await providers.providus.status(request)).toMatchObject({ outcome: 'pending', responseCode: '09' });
    clock = new Date(clock.getTime() + 1_000);
    expect(await providers.providus.status(request)).toMatchObject({ outcome, responseCode: code });
  });

  it('receives and pays a serial ending in 995 but loses the answer: a timeout whose truth status tells', async () => {
    const request = transferTo('995');
    const lost = await failure(providers.providus.transfer(request));
    expect(lost).toMatchObject({ kind: 'timeout', outcomeUnknown: true, message: 'Providus Bank did not answer within 50 ms' });
    expect(await providers.providus.status(request)).toMatchObject({ outcome: 'success', responseCode: '00' });
    expect((await failure(providers.providus.transfer(request))).kind).toBe('duplicate_session');
  });

  it('does not receive a serial ending in 996: unavailable, and the status query knows nothing of it', async () => {
    const request = transferTo('996');
    expect(await failure(providers.providus.transfer(request))).toMatchObject({ kind: 'unavailable', outcomeUnknown: false });
    expect(await session(request.sessionId)).toEqual([]);
    expect((await failure(providers.providus.status(request))).kind).toBe('not_found');
    // Sent again under the same session, it is received once.
    expect((await providers.providus.transfer({ ...request, beneficiary: { ...request.beneficiary, accountNumber: nuban('058', '123456100') } })).outcome).toBe(
      'success',
    );
  });

  it('keeps what it received for a provider opened afresh over the same database (our server restarted)', async () => {
    const request = transferTo('993');
    await providers.providus.transfer(request);
    const restarted = sandboxTransferProviders(database.db, { now: () => new Date(clock.getTime() + 120_000) });
    expect(await restarted.providus.status(request)).toMatchObject({ outcome: 'success' });
    expect((await failure(restarted.providus.transfer(request))).kind).toBe('duplicate_session');
  });

  it('draws pending, lost and failed transfers from the rates, by session id: the same id always has the same fate', async () => {
    const rated = sandboxTransferProviders(database.db, { pendingRate: 0.1, timeoutRate: 0.05, failureRate: 0.02, timeoutMs: 0, now });
    const counts = { pending: 0, lost: 0, failed: 0 };
    const fates = new Map<string, string>();
    for (let n = 0; n < 600; n += 1) {
      const request = transferTo('100', { sessionId: `090110261121090000${String(n).padStart(12, '0')}` });
      const fate = await rated.wema.transfer(request).then(
        (answer) => answer.outcome,
        (error: TransferProviderError) => error.kind,
      );
      fates.set(request.sessionId, fate);
      if (fate === 'pending') counts.pending += 1;
      if (fate === 'timeout') counts.lost += 1;
      if (fate === 'failed') counts.failed += 1;
    }
    expect(counts.pending).toBeGreaterThan(600 * 0.1 * 0.5);
    expect(counts.pending).toBeLessThan(600 * 0.1 * 1.6);
    expect(counts.lost).toBeGreaterThan(600 * 0.05 * 0.4);
    expect(counts.lost).toBeLessThan(600 * 0.05 * 1.8);
    expect(counts.failed).toBeGreaterThan(0);
    // The same session ids at another provider draw the same fates.
    const again = sandboxTransferProviders(database.db, { pendingRate: 0.1, timeoutRate: 0.05, failureRate: 0.02, timeoutMs: 0, now });
    for (const [sessionId, fate] of [...fates].slice(0, 100)) {
      const answer = await again.vfd.transfer(transferTo('100', { sessionId })).then(
        (a) => a.outcome,
        (error: TransferProviderError) => error.kind,
      );
      expect(answer, sessionId).toBe(fate);
    }
  });
});

describe('the sandbox outage switch', () => {
  it('makes every call fail as unavailable, read afresh by transfers and at start-up by the enquiries', async () => {
    const vfd = providers.vfd as SandboxTransferProvider;
    await vfd.writeOutage(database.db, true, clock);
    // Not yet noted in this process: the enquiry still answers, a transfer reads the switch.
    await expect(vfd.nameEnquiry({ bankCode: '058', accountNumber: nuban('058', '123456780') })).resolves.toBeDefined();
    const request = transferTo('100');
    expect(await failure(vfd.transfer(request))).toMatchObject({
      kind: 'unavailable',
      outcomeUnknown: false,
      message: expect.stringMatching(/sandbox outage/),
    });
    await expect(vfd.nameEnquiry({ bankCode: '058', accountNumber: nuban('058', '123456780') })).rejects.toMatchObject({ kind: 'unavailable' });
    expect((await failure(vfd.status(request))).kind).toBe('unavailable');
    await expect(providers.wema.nameEnquiry({ bankCode: '058', accountNumber: nuban('058', '123456780') })).resolves.toBeDefined();

    const restarted = sandboxTransferProviders(database.db, { now });
    await readSandboxOutages(restarted);
    await expect(restarted.vfd.balanceEnquiry({ accountNumber: nuban('566', '100000001') })).rejects.toMatchObject({ kind: 'unavailable' });

    await vfd.writeOutage(database.db, false, clock);
    vfd.noteOutage(false);
    expect((await vfd.transfer(request)).outcome).toBe('success');
  });
});

describe('sandbox balance enquiry', () => {
  it('gives an account at the provider a steady balance and refuses a number of another bank', async () => {
    const float = nuban('101', '100000001');
    const balance = await providers.providus.balanceEnquiry({ accountNumber: float });
    expect(balance.availableKobo).toBeGreaterThanOrEqual(1_000_000_00n);
    expect(await providers.providus.balanceEnquiry({ accountNumber: float })).toEqual(balance);
    expect((await failure(providers.providus.balanceEnquiry({ accountNumber: nuban('058', '100000001') }))).kind).toBe('invalid_account');
  });
});

describe('TRACTION_SANDBOX_TRANSFERS', () => {
  it('reads the rates, latency and seconds a spawned server is set up with', () => {
    expect(sandboxTransferOptionsFromEnv('latency=50,pending=0.1,timeout=0.05,failure=0,pendingSeconds=5,timeoutMs=200')).toEqual({
      latencyMs: 50,
      pendingRate: 0.1,
      timeoutRate: 0.05,
      failureRate: 0,
      pendingSeconds: 5,
      timeoutMs: 200,
    });
    expect(sandboxTransferOptionsFromEnv(undefined)).toEqual({});
    expect(sandboxTransferOptionsFromEnv(' ')).toEqual({});
  });

  it.each([
    ['pendng=0.1', /unknown setting "pendng"/],
    ['pending=1.5', /pending must be a share from 0 to 1, got "1.5"/],
    ['latency=-1', /latency must be a number of 0 or more/],
    ['timeout=', /timeout must be a share/],
  ])('refuses %s', (text, message) => {
    expect(() => sandboxTransferOptionsFromEnv(text)).toThrow(message);
  });
});
