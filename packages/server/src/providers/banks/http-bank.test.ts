import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nuban } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWith } from '../../test/risk-kit';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness, insertFixedAccount, insertWallet } from '../../test/merchant-fixtures';
import { BankError } from './bank-provider';
import { HttpBank, httpBanks } from './http-bank';

/**
 * A bank gateway on loopback that answers whatever the test sets for a path: the adapter must
 * check every answer, and a malformed one is the bank failing (502), never our 500.
 */
let server: Server;
let url: string;
const answers = new Map<string, { status?: number; type?: string; body: string }>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]!;
    const answer = answers.get(path) ?? { status: 404, type: 'application/json', body: '{"message":"no such route"}' };
    response.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections(); // keep-alive sockets would hold close() for seconds
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const WEMA = nuban('035', '123456780');
const bank = () => new HttpBank('WEMA', { url, apiKey: 'test-key', timeoutMs: 2_000 });
const answer = (path: string, body: unknown, type = 'application/json') =>
  answers.set(path, { body: typeof body === 'string' ? body : JSON.stringify(body), type });

async function failure(call: Promise<unknown>): Promise<BankError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BankError);
  return error as BankError;
}

describe('HttpBank reads every answer against what the bank promises', () => {
  it('takes well-formed answers as they are', async () => {
    answer(`/accounts/${WEMA}`, { accountName: 'ADEYEMI KEMI', status: 'DORMANT' });
    expect(await bank().nameEnquiry(WEMA)).toEqual({ accountNumber: WEMA, accountName: 'ADEYEMI KEMI', status: 'DORMANT' });
    answer('/notifications/repush', { bankReference: 'WEM-1', amountKobo: 150_000 });
    expect(await bank().repushNotification({ accountNumber: WEMA, sessionId: '100004261121093512345678901234' })).toEqual({
      bankReference: 'WEM-1',
      amountKobo: 150_000,
    });
  });

  it.each([
    ['a name enquiry without a name', `/accounts/${WEMA}`, { name: 'ADEYEMI KEMI' }, (b: HttpBank) => b.nameEnquiry(WEMA), 'accountName', false],
    [
      'a name enquiry with an unknown status',
      `/accounts/${WEMA}`,
      { accountName: 'X', status: 'ASLEEP' },
      (b: HttpBank) => b.nameEnquiry(WEMA),
      'status',
      false,
    ],
    [
      'an HTML page for a register',
      `/virtual-accounts/${WEMA}/register`,
      '<html><body>Gateway error</body></html>',
      (b: HttpBank) => b.registerAccount({ accountNumber: WEMA, accountName: 'Traction/X' }),
      'could not read',
      true,
    ],
    [
      'a numeric reference for a rename',
      `/virtual-accounts/${WEMA}/rename`,
      { bankReference: 42 },
      (b: HttpBank) => b.renameAccount({ accountNumber: WEMA, accountName: 'Traction/X' }),
      'bankReference',
      true,
    ],
    [
      'an empty body for a deactivation',
      `/virtual-accounts/${WEMA}/deactivate`,
      '',
      (b: HttpBank) => b.deactivateAccount({ accountNumber: WEMA, reason: 'Idle' }),
      'could not read',
      true,
    ],
    [
      'an amount in naira with kobo as a fraction',
      '/notifications/repush',
      { bankReference: 'WEM-2', amountKobo: 1500.5 },
      (b: HttpBank) => b.repushNotification({ accountNumber: WEMA, sessionId: '100004261121093512345678901234' }),
      'amountKobo',
      true,
    ],
    [
      'an amount as text',
      '/notifications/repush',
      { bankReference: 'WEM-3', amountKobo: '150000' },
      (b: HttpBank) => b.repushNotification({ accountNumber: WEMA, sessionId: '100004261121093512345678901234' }),
      'amountKobo',
      true,
    ],
    [
      'a statement that is not a list',
      `/accounts/${WEMA}/transactions`,
      { items: 'none today' },
      (b: HttpBank) => b.transactions({ accountNumber: WEMA, fromDate: '2026-11-01', endDate: '2026-11-02' }),
      'items',
      false,
    ],
    [
      'a statement line without a direction',
      `/accounts/${WEMA}/transactions`,
      {
        items: [
          {
            reference: 'R1',
            sessionId: 'S1',
            amountKobo: 100,
            balanceAfterKobo: 100,
            narration: '',
            counterpartyName: '',
            counterpartyBank: '',
            at: '2026-11-01T10:00:00Z',
          },
        ],
      },
      (b: HttpBank) => b.transactions({ accountNumber: WEMA, fromDate: '2026-11-01', endDate: '2026-11-02' }),
      'items.0.direction',
      false,
    ],
  ])('refuses %s as the bank failing, not our crash', async (_what, path, body, call, mention, outcomeUnknown) => {
    answer(path, body, typeof body === 'string' && body.startsWith('<') ? 'text/html' : 'application/json');
    const error = await failure(call(bank()));
    expect(error.kind).toBe('failed');
    expect(error.message).toContain('Wema Bank answered in a form we could not read');
    expect(error.message).toContain(mention);
    // A change the bank answered "success" to, unreadably, may have been made.
    expect(error.outcomeUnknown).toBe(outcomeUnknown);
  });
});

describe('a malformed bank answer through the API', () => {
  let t: TestApp;
  let ops: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await t.actor({ role: 'admin', permissions: ['banks.query', 'fixed-accounts.manage'] });
  });
  afterAll(() => t.close());

  it('is a 502 saying what happened: a query changed nothing; a change may have been made and must be checked', async () => {
    const banks = httpBanks({ wema: { url, apiKey: 'k' }, vfd: { url, apiKey: 'k' }, providus: { url, apiKey: 'k' } });
    const send = appWith(t, { providers: { ...t.deps.providers, banks } });
    answer(`/accounts/${WEMA}`, { accountName: null });
    const query = await send(ops, 'GET', `/v1/payments/wema/account-query?accountNumber=${WEMA}`);
    expect(query.status, query.text).toBe(502);
    expect(query.body.message).toContain('Nothing was changed');

    const business = await insertBusiness(t.db);
    await insertWallet(t.db, business.id);
    const account = await insertFixedAccount(t.db, business.id, { bank: 'WEMA', account_number: WEMA, account_name: 'Traction/Old' });
    answer(`/virtual-accounts/${WEMA}/rename`, 'OK', 'text/plain');
    const rename = await send(ops, 'POST', '/v1/payments/fixedaccounts/re-name', { id: account.id, accountName: 'Traction/New' });
    expect(rename.status, rename.text).toBe(502);
    expect(rename.body.message).toContain('may have renamed the account "Traction/New" or not');
    expect(rename.body.details).toMatchObject({ reason: 'bank_failed', bank: 'WEMA', outcome: 'unknown' });
    const row = await t.db.selectFrom('fixed_accounts').select('account_name').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.account_name).toBe('Traction/Old');
  });
});
