import { ApiError, nuban } from '@traction/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appWith, lastAudit } from '../../test/risk-kit';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { HttpTransferProvider } from '../../providers/transfers/http-transfer-provider';
import { readSandboxOutages } from '../../providers/transfers/sandbox-transfer-provider';
import { chooseTransferProvider } from './index';

let t: TestApp;
let boss: Actor;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ permissions: ['transfers.view', 'transfers.providers'] });
});
afterAll(() => t.close());

// Each test starts from the seeded routing: Providus for all banks, every provider up.
beforeEach(async () => {
  await t.db.deleteFrom('transfer_routes').where('bank_code', '<>', '*').execute();
  await t.db.updateTable('transfer_routes').set({ provider: 'providus' }).execute();
  await t.db.updateTable('transfer_provider_states').set({ down: false }).execute();
  await t.db.deleteFrom('sandbox_transfer_outages').execute();
  await readSandboxOutages(t.transfers);
});

const route = (body: Record<string, unknown>) => boss.request('POST', '/api/transfer-routes', { body });
const mark = (provider: string, state: 'up' | 'down', reason = 'Timing out since 10:40') =>
  boss.request('POST', `/api/transfer-providers/${provider}/state`, { body: { state, reason } });

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('choosing the provider of a new transfer', () => {
  it('routes every bank through Providus until told otherwise', async () => {
    expect(await chooseTransferProvider(t.db, '058')).toEqual({
      provider: 'providus',
      failedOverFrom: null,
      reason: 'Providus Bank, the provider of all banks',
    });
    const shown = await boss.request('GET', '/api/transfer-providers');
    expect(shown.status).toBe(200);
    expect(shown.body.routeForAll).toMatchObject({ bankCode: null, bankName: 'All banks', provider: 'providus', sendsThrough: 'providus', reason: null });
    expect(shown.body.bankRoutes).toEqual([]);
    expect(shown.body.providers).toEqual([
      expect.objectContaining({ provider: 'providus', name: 'Providus Bank', mode: 'sandbox', down: false, sandboxOutage: false }),
      expect.objectContaining({ provider: 'vfd', name: 'VFD Microfinance Bank', down: false }),
      expect.objectContaining({ provider: 'wema', name: 'Wema Bank', down: false }),
    ]);
  });

  it("lets a bank's own route win over the route of all banks, for that bank only", async () => {
    const routed = await route({ provider: 'vfd', bankCode: '058', reason: 'Providus slow to GTBank today' });
    expect(routed.status).toBe(200);
    expect(routed.body.route).toMatchObject({
      bankCode: '058',
      bankName: 'GTBank (058)',
      provider: 'vfd',
      sendsThrough: 'vfd',
      reason: 'Providus slow to GTBank today',
      changedBy: boss.email,
    });
    expect(routed.body.message).toBe('New transfers to GTBank (058) go through VFD Microfinance Bank.');
    expect((await route({ provider: 'wema', reason: 'Cheaper NIP fee from Wema' })).status).toBe(200);

    expect((await chooseTransferProvider(t.db, '058')).provider).toBe('vfd');
    expect(await chooseTransferProvider(t.db, '044')).toMatchObject({ provider: 'wema', failedOverFrom: null });
    const audit = await lastAudit(t.db, 'transfer-providers.route');
    expect(audit?.summary).toContain('routed transfers to all banks through Wema Bank: Cheaper NIP fee from Wema');

    const cleared = await boss.request('DELETE', '/api/transfer-routes/058', { query: { reason: 'GTBank fine again' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe('GTBank (058) follows the route of all banks again: Wema Bank.');
    expect((await chooseTransferProvider(t.db, '058')).provider).toBe('wema');
  });

  it('fails over past providers marked down, in order and round, for new transfers; all down is a 409', async () => {
    await route({ provider: 'vfd', bankCode: '058', reason: 'Pinned to VFD' });
    const down = await mark('vfd', 'down');
    expect(down.status).toBe(200);
    expect(down.body.provider).toMatchObject({ provider: 'vfd', down: true, reason: 'Timing out since 10:40' });
    expect(down.body.message).toMatch(/VFD Microfinance Bank is marked down: new transfers routed to it go through Wema Bank/);
    expect(await chooseTransferProvider(t.db, '058')).toEqual({
      provider: 'wema',
      failedOverFrom: 'vfd',
      reason: 'VFD Microfinance Bank, the provider of GTBank (058), is marked down (Timing out since 10:40): sent through Wema Bank',
    });
    // The route of all banks is untouched.
    expect(await chooseTransferProvider(t.db, '044')).toMatchObject({ provider: 'providus', failedOverFrom: null });

    await mark('wema', 'down');
    expect(await chooseTransferProvider(t.db, '058')).toMatchObject({ provider: 'providus', failedOverFrom: 'vfd' });
    const shown = await boss.request('GET', '/api/transfer-providers');
    expect(shown.body.bankRoutes).toEqual([expect.objectContaining({ bankCode: '058', provider: 'vfd', sendsThrough: 'providus' })]);

    const last = await mark('providus', 'down');
    expect(last.body.message).toMatch(/and so is every other provider: new transfers are refused/);
    const none = await refusal(chooseTransferProvider(t.db, '058'));
    expect(none.status).toBe(409);
    expect(none.details).toEqual({ reason: 'no_provider' });
    expect(none.message).toBe(
      'Every funds-transfer provider (Providus Bank, VFD Microfinance Bank, Wema Bank) is marked down: nothing can be sent until one is marked up on the Funds Transfer Provider Portal.',
    );
    expect((await boss.request('GET', '/api/transfer-providers')).body.routeForAll.sendsThrough).toBeNull();

    expect((await mark('vfd', 'up', 'VFD answering again')).status).toBe(200);
    expect(await chooseTransferProvider(t.db, '058')).toMatchObject({ provider: 'vfd', failedOverFrom: null });
  });

  it('refuses a change that changes nothing with 409 already, and keeps the history in words', async () => {
    const same = await route({ provider: 'providus', reason: 'No change' });
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ code: '409', message: 'Transfers to all banks already go through Providus Bank', details: { reason: 'already' } });
    expect((await mark('wema', 'up')).status).toBe(409);
    expect((await boss.request('DELETE', '/api/transfer-routes/044', { query: { reason: 'Nothing to clear' } })).body).toMatchObject({
      code: '409',
      message: 'Access (044) has no route of its own: its transfers follow the route of all banks',
    });

    await route({ provider: 'wema', bankCode: '033', reason: 'UBA through Wema' });
    await mark('wema', 'down', 'Wema maintenance');
    const history = await boss.request('GET', '/api/transfer-providers/history');
    expect(history.status).toBe(200);
    expect(history.body.items.slice(0, 2)).toEqual([
      expect.objectContaining({ subject: 'Wema Bank', from: 'up', to: 'down', reason: 'Wema maintenance', changedBy: boss.email }),
      expect.objectContaining({ subject: 'Route of UBA (033)', from: null, to: 'Wema Bank', reason: 'UBA through Wema' }),
    ]);
  });

  it.each([
    ['no reason', { provider: 'vfd' }, 'reason'],
    ['a reason of one letter', { provider: 'vfd', reason: 'x' }, 'reason'],
    ['an unknown provider', { provider: 'gtbank', reason: 'Try GTBank' }, 'provider'],
    ['a bank code of two digits', { provider: 'vfd', bankCode: '58', reason: 'Pin GTBank' }, 'bankCode'],
    ['a bank nobody has', { provider: 'vfd', bankCode: '999', reason: 'Pin a ghost' }, 'bankCode'],
  ])('answers 400 naming the field for %s, and changes nothing', async (_what, body, field) => {
    const answer = await route(body);
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields).toEqual([expect.objectContaining({ field })]);
    expect((await chooseTransferProvider(t.db, '058')).provider).toBe('providus');
  });

  it('lets viewers read and only holders of transfers.providers change', async () => {
    const viewer = await t.actor({ permissions: ['transfers.view'] });
    expect((await viewer.request('GET', '/api/transfer-providers')).status).toBe(200);
    const refused = await viewer.request('POST', '/api/transfer-routes', { body: { provider: 'vfd', reason: 'Sneaky' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/"transfers.providers" permission/);
    expect((await viewer.request('POST', '/api/transfer-providers/vfd/state', { body: { state: 'down', reason: 'Sneaky' } })).status).toBe(403);
    const stranger = await t.actor({ permissions: [] });
    expect((await stranger.request('GET', '/api/transfer-providers')).status).toBe(403);
    expect((await chooseTransferProvider(t.db, '058')).provider).toBe('providus');
  });
});

describe('the sandbox outage switch', () => {
  const gtbank = nuban('058', '123456780');

  it('makes every call of that sandbox fail as unavailable until switched off, and is audited', async () => {
    const on = await boss.request('POST', '/api/transfer-providers/vfd/sandbox-outage', { body: { down: true } });
    expect(on.status).toBe(200);
    expect(on.body.provider).toMatchObject({ provider: 'vfd', sandboxOutage: true, down: false });
    expect(on.body.message).toMatch(/stops answering.*It is not marked down/);
    await expect(t.transfers.vfd.nameEnquiry({ bankCode: '058', accountNumber: gtbank })).rejects.toMatchObject({ kind: 'unavailable', provider: 'vfd' });
    await expect(t.transfers.providus.nameEnquiry({ bankCode: '058', accountNumber: gtbank })).resolves.toMatchObject({ accountNumber: gtbank });
    expect((await lastAudit(t.db, 'sandbox.transfer-outage'))?.summary).toContain('started the sandbox outage of VFD Microfinance Bank');
    expect((await boss.request('POST', '/api/transfer-providers/vfd/sandbox-outage', { body: { down: true } })).status).toBe(409);

    const off = await boss.request('POST', '/api/transfer-providers/vfd/sandbox-outage', { body: { down: false } });
    expect(off.status).toBe(200);
    expect(off.body.provider.sandboxOutage).toBe(false);
    await expect(t.transfers.vfd.nameEnquiry({ bankCode: '058', accountNumber: gtbank })).resolves.toMatchObject({ accountNumber: gtbank });
  });

  it('refuses with 409 when the provider is a real one, and needs transfers.providers', async () => {
    const real = new HttpTransferProvider('wema', { url: 'http://127.0.0.1:9', apiKey: 'unused' });
    const send = appWith(t, { providers: { ...t.deps.providers, transfers: { ...t.transfers, wema: real } } });
    const answer = await send(boss, 'POST', '/api/transfer-providers/wema/sandbox-outage', { down: true });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: 'Wema Bank is a real provider (http), not a sandbox: its outages are not ours to switch. Mark it down for routing instead.',
      details: { reason: 'not_a_sandbox' },
    });
    const shown = await send(boss, 'GET', '/api/transfer-providers');
    expect(shown.body.providers[2]).toMatchObject({ provider: 'wema', mode: 'http', sandboxOutage: null });
    const viewer = await t.actor({ permissions: ['transfers.view'] });
    expect((await viewer.request('POST', '/api/transfer-providers/vfd/sandbox-outage', { body: { down: true } })).status).toBe(403);
  });
});

describe('the switching middleware', () => {
  it('starts on NIBSS PTSP, switches with a reason, refuses a switch to itself, and keeps the history', async () => {
    const shown = await boss.request('GET', '/api/switching-middleware');
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ middleware: 'NIBSS_PTSP', name: 'NIBSS PTSP', reason: null });
    expect(shown.body.options.map((option: { middleware: string }) => option.middleware)).toEqual(['NIBSS_PTSP', 'INTERSWITCH', 'UPSL']);

    const set = await boss.request('POST', '/api/switching-middleware', { body: { middleware: 'INTERSWITCH', reason: 'NIBSS PTSP maintenance window' } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ middleware: 'INTERSWITCH', name: 'Interswitch', reason: 'NIBSS PTSP maintenance window', changedBy: boss.email });
    expect(set.body.message).toBe('Card transactions go through Interswitch from the next one on (was NIBSS PTSP).');
    expect((await lastAudit(t.db, 'switching-middleware.set'))?.summary).toContain('switched card transactions to Interswitch: NIBSS PTSP maintenance window');

    const again = await boss.request('POST', '/api/switching-middleware', { body: { middleware: 'INTERSWITCH', reason: 'Again' } });
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('already');

    const history = await boss.request('GET', '/api/switching-middleware/history');
    expect(history.body.items).toEqual([
      expect.objectContaining({ subject: 'Switching middleware', from: 'NIBSS PTSP', to: 'Interswitch', reason: 'NIBSS PTSP maintenance window' }),
    ]);
    // The provider history is another list.
    const providers = await boss.request('GET', '/api/transfer-providers/history');
    expect(providers.body.items.some((row: { subject: string }) => row.subject === 'Switching middleware')).toBe(false);
  });

  it.each([
    ['an unknown switch', { middleware: 'VISA', reason: 'Try it' }, 'middleware'],
    ['no reason', { middleware: 'UPSL' }, 'reason'],
  ])('answers 400 naming the field for %s', async (_what, body, field) => {
    const answer = await boss.request('POST', '/api/switching-middleware', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields).toEqual([expect.objectContaining({ field })]);
  });

  it('needs transfers.providers to switch', async () => {
    const viewer = await t.actor({ permissions: ['transfers.view'] });
    expect((await viewer.request('GET', '/api/switching-middleware')).status).toBe(200);
    expect((await viewer.request('POST', '/api/switching-middleware', { body: { middleware: 'UPSL', reason: 'Sneaky' } })).status).toBe(403);
  });
});
