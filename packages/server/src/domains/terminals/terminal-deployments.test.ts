import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';
import { insertStore } from '../../test/merchant-rows';

const CODES = '/v1/stores/terminaldeploymentcode';
const DEPLOY = '/v1/stores/terminal/deploy';
const RESPONSES = '/v1/stores/deployment-response';
const DEPLOYMENTS = '/v1/stores/terminal-deployments';
const HOUR = 3_600_000;
const LAGOS = { latitude: 6.601838, longitude: 3.351486 };
const WRONG_CODE = 'That code does not deploy this terminal: check the terminal ID, the serial number and the code, or ask for a new code.';

let t: TestApp;
let issuer: Actor;
let manager: Actor;
let viewer: Actor;
let business: { id: number; name: string };
let store: { id: number; name: string };
let serials = 0;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const digitsOf = (code: string) => code.replace(/\s/g, '');

beforeAll(async () => {
  t = await createTestApp();
  issuer = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.deploy'] });
  manager = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
  business = await insertBusiness(t.db, { name: 'Mama Put Kitchens' });
  store = await insertStore(t.db, business.id, { name: 'Yaba Outlet' });
});
afterAll(() => t.close());

/** A new terminal mapped to the merchant's store and sent on its way (in transit). */
async function terminalInTransit() {
  serials += 1;
  const n = String(serials).padStart(4, '0');
  const made = await manager.request('POST', '/v1/stores/admin/addterminal', {
    body: { serialNo: `DEP-${n}`, terminalId: `2DEP${n}`, provider: 'PAX', model: 'S90', bankCode: '058' },
  });
  expect(made.status, made.text).toBe(200);
  const mapped = await manager.request('PATCH', '/v1/stores/admin/reassign_terminal', {
    body: { terminal_id: made.body.terminalId, business_id: business.id, store_id: store.id },
  });
  expect(mapped.status, mapped.text).toBe(200);
  const sent = await manager.request('POST', `/v1/stores/admin/terminal/${made.body.id}/state`, {
    body: { state: 'IN_TRANSIT', note: 'Handed to the courier' },
  });
  expect(sent.status, sent.text).toBe(200);
  return { id: made.body.id as number, terminalId: made.body.terminalId as string, serialNo: made.body.serialNo as string };
}

/** A request for these terminals, straight in the database (the request commands are not needed here). */
async function requestFor(terminals: { id: number }[], status: 'DISPATCHED' | 'DELIVERED' = 'DELIVERED') {
  const request = await t.db
    .insertInto('terminal_requests')
    .values({
      source: 'KEY_ACCOUNTS',
      business_id: business.id,
      contact_name: 'Chidi Okeke',
      contact_phone: '+2348031234567',
      delivery_address: '5 Herbert Macaulay Way, Yaba',
      state_code: 'LA',
      quantity: terminals.length,
      plan: 'OUTRIGHT',
      amount: 0,
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('terminal_request_terminals')
    .values(terminals.map((terminal) => ({ request_id: request.id, terminal_id: terminal.id })))
    .execute();
  return request.id;
}

const issue = (terminalId: string, extra: Record<string, unknown> = {}, by: Actor = issuer) =>
  by.request('POST', CODES, {
    body: { terminal_id: terminalId, officerName: 'Bola Adeyemi', officerPhone: '0803 555 0101', officerRole: 'MSO', ...extra },
  });

/** What a terminal sends, from its own address. */
const report = (terminal: { terminalId: string; serialNo: string }, code: string, ip = '41.58.0.1') =>
  t.request('POST', DEPLOY, {
    body: { terminal_id: terminal.terminalId, serial_no: terminal.serialNo, code, ...LAGOS },
    headers: { 'x-forwarded-for': ip },
  });

const terminalState = async (id: number) => (await t.db.selectFrom('terminals').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const requestStatus = async (id: number) =>
  t.db.selectFrom('terminal_requests').select(['status', 'deployed_at']).where('id', '=', id).executeTakeFirstOrThrow();
const reportsOf = (terminalId: string) =>
  t.db
    .selectFrom('terminal_deployment_reports')
    .select(['result', 'reason', 'code_id', 'message'])
    .where('sent_terminal_id', '=', terminalId)
    .orderBy('id')
    .execute();

describe('deployment codes', () => {
  it('are issued for a terminal in transit, answered once; the list, the database and the audit log never hold the digits', async () => {
    const terminal = await terminalInTransit();
    const requestId = await requestFor([terminal]);
    const made = await issue(terminal.terminalId.toLowerCase(), { note: 'Merchant opens at 8' });
    expect(made.status, made.text).toBe(200);
    expect(made.body.code).toMatch(/^\d{3} \d{3}$/);
    expect(made.body).toMatchObject({
      terminalId: terminal.terminalId,
      terminalName: `${terminal.terminalId} (${terminal.serialNo})`,
      businessId: business.id,
      businessName: 'Mama Put Kitchens',
      requestId,
      officerName: 'Bola Adeyemi',
      officerPhone: '+2348035550101',
      officerRole: 'MSO',
      status: 'ACTIVE',
      createdAt: t.clock.now().toISOString(),
      // 72 hours unless the issuer chooses.
      expiresAt: new Date(t.clock.now().getTime() + 72 * HOUR).toISOString(),
    });
    const digits = digitsOf(made.body.code);
    const listed = await viewer.request('GET', CODES, { query: { search: terminal.serialNo } });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.items.map((row: { id: number }) => row.id)).toEqual([made.body.id]);
    expect(listed.body.items[0]).not.toHaveProperty('code');
    expect(listed.text).not.toContain(digits);
    const csv = await viewer.request('GET', CODES, { query: { download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Bola Adeyemi');
    expect(csv.text).not.toContain(digits);
    const stored = await t.db.selectFrom('terminal_deployment_codes').selectAll().where('id', '=', made.body.id).executeTakeFirstOrThrow();
    expect(stored.code_hash).toBe(sha256(digits));
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['input', 'summary', 'outcome'])
      .where('command_id', '=', 'terminal-deployment-codes.create')
      .execute();
    expect(JSON.stringify(audited)).not.toContain(digits);
    expect(audited.at(-1)).toMatchObject({
      outcome: 'ok',
      summary: expect.stringContaining(`issued a deployment code for terminal ${terminal.terminalId} to Bola Adeyemi (mso)`),
    });
  });

  it('are refused for a terminal not in transit (409 naming its state) and an unknown one (404)', async () => {
    const made = await manager.request('POST', '/v1/stores/admin/addterminal', {
      body: { serialNo: 'DEP-STOCK', terminalId: '2DEPSTCK', provider: 'PAX', model: 'S90', bankCode: '058' },
    });
    const refused = await issue(made.body.terminalId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Terminal 2DEPSTCK is in stock: deployment codes are issued for terminals in transit to their merchant');
    expect((await issue('2NOPE999')).status).toBe(404);
  });

  it('a new code for a terminal replaces the one before, which is then refused', async () => {
    const terminal = await terminalInTransit();
    await requestFor([terminal]);
    const first = await issue(terminal.terminalId);
    const second = await issue(terminal.terminalId, { officerName: 'Kemi Bello', officerRole: 'DSR' });
    const old = await viewer.request('GET', CODES, { query: { search: terminal.terminalId } });
    expect(old.body.items.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual([
      [second.body.id, 'ACTIVE'],
      [first.body.id, 'REVOKED'],
    ]);
    expect(old.body.items[1].revokeReason).toBe(`Replaced by code #${second.body.id}`);
    const refused = await report(terminal, first.body.code);
    expect(refused.status).toBe(409);
    expect(refused.body.details.reason).toBe('revoked');
    expect(await terminalState(terminal.id)).toBe('IN_TRANSIT');
    expect((await report(terminal, second.body.code)).status).toBe(200);
  });

  it('a revoked code no longer deploys; revoking it again, or a used one, is refused saying which', async () => {
    const terminal = await terminalInTransit();
    await requestFor([terminal]);
    const code = (await issue(terminal.terminalId)).body;
    const revoke = (id: number, by: Actor = issuer) => by.request('POST', `${CODES}/${id}/revoke`, { body: { reason: 'Officer lost the code' } });
    expect((await revoke(code.id, viewer)).status).toBe(403);
    const revoked = await revoke(code.id);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({ id: code.id, status: 'REVOKED', revokeReason: 'Officer lost the code' });
    const refused = await report(terminal, code.code);
    expect(refused.status).toBe(409);
    expect(refused.body.details.reason).toBe('revoked');
    expect(await terminalState(terminal.id)).toBe('IN_TRANSIT');
    const again = await revoke(code.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already revoked');

    const fresh = (await issue(terminal.terminalId)).body;
    expect((await report(terminal, fresh.code)).status).toBe(200);
    const used = await revoke(fresh.id);
    expect(used.status).toBe(409);
    expect(used.body.details.reason).toBe('used');
    expect((await revoke(999_999)).status).toBe(404);
  });
});

describe('a terminal reporting itself deployed', () => {
  it('with an MSO’s code, its request delivered: the terminal and the request are deployed, the code is spent, the deployment kept', async () => {
    const terminal = await terminalInTransit();
    const requestId = await requestFor([terminal]);
    const code = (await issue(terminal.terminalId)).body;

    // No session: the terminal is not an admin. The code may be typed with its space.
    const accepted = await report(terminal, code.code);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({
      result: 'ACCEPTED',
      message: `Terminal ${terminal.terminalId} is deployed at Mama Put Kitchens. Thank you, Bola Adeyemi.`,
      deploymentId: expect.any(Number),
      terminalId: terminal.terminalId,
      businessName: 'Mama Put Kitchens',
      requestId,
      requestDeployed: true,
      deployedAt: t.clock.now().toISOString(),
    });
    expect(await terminalState(terminal.id)).toBe('DEPLOYED');
    expect(await requestStatus(requestId)).toEqual({ status: 'DEPLOYED', deployed_at: t.clock.now() });
    const event = await t.db
      .selectFrom('terminal_events')
      .select(['summary', 'note', 'admin_id'])
      .where('terminal_id', '=', terminal.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ summary: 'In transit → Deployed', note: `Deployed by Bola Adeyemi (MSO) with code #${code.id}`, admin_id: null });
    const requestEvent = await t.db
      .selectFrom('terminal_request_events')
      .select(['from_status', 'to_status'])
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(requestEvent).toEqual({ from_status: 'DELIVERED', to_status: 'DEPLOYED' });

    const deployments = await viewer.request('GET', DEPLOYMENTS, { query: { search: terminal.terminalId } });
    expect(deployments.status, deployments.text).toBe(200);
    expect(deployments.body.items).toEqual([
      expect.objectContaining({
        id: accepted.body.deploymentId,
        terminal: terminal.id,
        terminalId: terminal.terminalId,
        serialNo: terminal.serialNo,
        businessName: 'Mama Put Kitchens',
        storeName: 'Yaba Outlet',
        requestId,
        officerName: 'Bola Adeyemi',
        officerPhone: '+2348035550101',
        officerRole: 'MSO',
        latitude: LAGOS.latitude,
        longitude: LAGOS.longitude,
        gps: '6.60184, 3.35149',
        codeId: code.id,
      }),
    ]);
    const codes = await viewer.request('GET', CODES, { query: { search: terminal.terminalId } });
    expect(codes.body.items[0]).toMatchObject({ status: 'USED', usedAt: t.clock.now().toISOString() });

    // The same code again (a retry after a lost answer): refused, kept, nothing deployed twice.
    const again = await report(terminal, code.code);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^This code was already used on .+: a code works once\.$/);
    expect(await reportsOf(terminal.terminalId)).toEqual([
      expect.objectContaining({ result: 'ACCEPTED', reason: null, code_id: code.id }),
      expect.objectContaining({ result: 'REJECTED', reason: 'USED', code_id: code.id, message: again.body.message }),
    ]);
    expect(await t.db.selectFrom('terminal_deployments').select('id').where('terminal_id', '=', terminal.id).execute()).toHaveLength(1);

    const audited = await t.db
      .selectFrom('audit_log')
      .select(['input', 'outcome', 'admin_id'])
      .where('command_id', '=', 'terminal-deployments.report')
      .orderBy('id')
      .execute();
    expect(audited.map((row) => row.outcome).slice(-2)).toEqual(['ok', '409']);
    expect(JSON.stringify(audited)).not.toContain(digitsOf(code.code));
  });

  it('deploys the request only when all its terminals are', async () => {
    const first = await terminalInTransit();
    const second = await terminalInTransit();
    const requestId = await requestFor([first, second]);
    const one = await report(first, (await issue(first.terminalId)).body.code);
    expect(one.body).toMatchObject({ requestId, requestDeployed: false });
    expect((await requestStatus(requestId)).status).toBe('DELIVERED');
    const two = await report(second, (await issue(second.terminalId, { officerRole: 'SALES_AGENT', officerName: 'Tunde Ojo' })).body.code);
    expect(two.body).toMatchObject({ requestId, requestDeployed: true });
    expect((await requestStatus(requestId)).status).toBe('DEPLOYED');
  });

  it('with the same code twice at once: exactly one deployment', async () => {
    const terminal = await terminalInTransit();
    await requestFor([terminal]);
    const code = (await issue(terminal.terminalId)).body.code;
    const answers = await Promise.all([report(terminal, code), report(terminal, code), report(terminal, code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await t.db.selectFrom('terminal_deployments').select('id').where('terminal_id', '=', terminal.id).execute()).toHaveLength(1);
    expect((await reportsOf(terminal.terminalId)).map((row) => row.reason)).toEqual(expect.arrayContaining([null, 'USED', 'USED']));
  });

  it('with an expired code: refused, saying so; the terminal stays in transit', async () => {
    const terminal = await terminalInTransit();
    await requestFor([terminal]);
    const code = (await issue(terminal.terminalId, { validForHours: 1 })).body;
    expect(code.expiresAt).toBe(new Date(t.clock.now().getTime() + HOUR).toISOString());
    t.clock.advance(HOUR + 60_000);
    const refused = await report(terminal, code.code);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^This code expired on .+: ask for a new one\.$/);
    expect(refused.body.details.reason).toBe('expired');
    expect(await terminalState(terminal.id)).toBe('IN_TRANSIT');
    expect(await reportsOf(terminal.terminalId)).toEqual([expect.objectContaining({ result: 'REJECTED', reason: 'EXPIRED', code_id: code.id })]);
  });

  it('with a wrong code, an unknown terminal or a serial number of another terminal: one answer (403) that tells nothing more', async () => {
    const terminal = await terminalInTransit();
    await requestFor([terminal]);
    const code = digitsOf((await issue(terminal.terminalId)).body.code);
    const wrong = code === '000000' ? '000001' : '000000';
    const other = await terminalInTransit();
    const answers = [
      await report(terminal, wrong, '41.58.0.20'),
      await report({ terminalId: '2NOPE999', serialNo: terminal.serialNo }, code, '41.58.0.20'),
      await report({ terminalId: terminal.terminalId, serialNo: other.serialNo }, code, '41.58.0.20'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ code: '403', message: WRONG_CODE, details: { reason: 'wrong_code' } });
    }
    expect(await terminalState(terminal.id)).toBe('IN_TRANSIT');
    const kept = await viewer.request('GET', RESPONSES, { query: { result: 'REJECTED', terminal: terminal.terminalId } });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.items.map((row: { reason: string }) => row.reason)).toEqual(['UNKNOWN_TERMINAL', 'WRONG_CODE']);
    expect(kept.body.items[1]).toMatchObject({ terminal: terminal.id, businessName: 'Mama Put Kitchens', ip: '41.58.0.20', gps: '6.60184, 3.35149' });
    const unknown = await viewer.request('GET', RESPONSES, { query: { terminal: '2NOPE999' } });
    expect(unknown.body.items).toEqual([expect.objectContaining({ terminal: null, reason: 'UNKNOWN_TERMINAL', businessName: null })]);
    // The right code still works.
    expect((await report(terminal, code)).status).toBe(200);
  });

  it('stops taking codes for a terminal after 5 wrong ones in an hour, the right one too, and takes them again after', async () => {
    const terminal = await terminalInTransit();
    await requestFor([terminal]);
    const code = digitsOf((await issue(terminal.terminalId, { validForHours: 4 })).body.code);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let n = 0; n < 5; n++) expect((await report(terminal, wrong, `41.58.1.${n}`)).status).toBe(403);
    const held = await report(terminal, code, '41.58.1.99');
    expect(held.status).toBe(429);
    expect(held.body.message).toBe('Too many wrong codes for this terminal. Try again in 60 minutes.');
    expect((await reportsOf(terminal.terminalId)).at(-1)).toMatchObject({ result: 'REJECTED', reason: 'TOO_MANY_ATTEMPTS' });
    t.clock.advance(HOUR);
    expect((await report(terminal, code, '41.58.1.99')).status).toBe(200);
  });

  it('for a terminal no longer in transit: refused, naming its state; the code is not spent', async () => {
    const terminal = await terminalInTransit();
    await requestFor([terminal]);
    const code = (await issue(terminal.terminalId)).body;
    await manager.request('POST', `/v1/stores/admin/terminal/${terminal.id}/state`, { body: { state: 'FAULTY', note: 'Dropped by the courier' } });
    const refused = await report(terminal, code.code);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Terminal ${terminal.terminalId} is faulty: only a terminal in transit to its merchant is deployed with a code.`);
    expect(await reportsOf(terminal.terminalId)).toEqual([expect.objectContaining({ reason: 'NOT_IN_TRANSIT', code_id: code.id })]);
    const codes = await viewer.request('GET', CODES, { query: { search: terminal.terminalId } });
    expect(codes.body.items[0].status).toBe('ACTIVE');
  });

  it('sent for a request not yet delivered: refused until it is', async () => {
    const terminal = await terminalInTransit();
    const requestId = await requestFor([terminal], 'DISPATCHED');
    const code = (await issue(terminal.terminalId)).body.code;
    const refused = await report(terminal, code);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`request #${requestId}, which is dispatched`);
    expect((await reportsOf(terminal.terminalId)).map((row) => row.reason)).toEqual(['REQUEST_NOT_DELIVERED']);
    expect(await terminalState(terminal.id)).toBe('IN_TRANSIT');
    await t.db.updateTable('terminal_requests').set({ status: 'DELIVERED' }).where('id', '=', requestId).execute();
    expect((await report(terminal, code)).status).toBe(200);
    expect((await requestStatus(requestId)).status).toBe('DEPLOYED');
  });
});

describe('the lists', () => {
  it('deployments by officer role (the MSO, DSR and sales agent pages), date range and search; responses by result', async () => {
    const dsr = await terminalInTransit();
    await requestFor([dsr]);
    const deployed = await report(dsr, (await issue(dsr.terminalId, { officerName: 'Ngozi Eze', officerRole: 'DSR' })).body.code);
    expect(deployed.status, deployed.text).toBe(200);
    const roles = async (query: Record<string, string>) => {
      const answer = await viewer.request('GET', DEPLOYMENTS, { query });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.items.map((row: { officerRole: string }) => row.officerRole) as string[];
    };
    expect(new Set(await roles({}))).toEqual(new Set(['MSO', 'DSR', 'SALES_AGENT']));
    // Ngozi's, and Kemi's (the code that replaced another).
    expect(await roles({ officerRole: 'DSR' })).toEqual(['DSR', 'DSR']);
    expect((await roles({ officerRole: 'SALES_AGENT' })).length).toBe(1);
    expect(await roles({ search: 'ngozi' })).toEqual(['DSR']);
    expect((await roles({ search: 'mama put' })).length).toBeGreaterThan(3);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(await roles({ startdatetime: '2020-01-01', enddatetime: '2020-12-31' })).toEqual([]);
    expect((await roles({ startdatetime: today })).length).toBeGreaterThan(0);
    const csv = await viewer.request('GET', DEPLOYMENTS, { query: { download: 'csv', officerRole: 'DSR' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Ngozi Eze');

    const accepted = await viewer.request('GET', RESPONSES, { query: { result: 'ACCEPTED', terminal: dsr.serialNo } });
    expect(accepted.body.items).toEqual([
      expect.objectContaining({ result: 'ACCEPTED', reason: null, officerName: 'Ngozi Eze', officerRole: 'DSR', deploymentId: deployed.body.deploymentId }),
    ]);
    const rejected = await viewer.request('GET', RESPONSES, { query: { reason: 'EXPIRED' } });
    expect(rejected.body.items.map((row: { reason: string }) => row.reason)).toEqual(['EXPIRED']);
  });

  it('are read with terminals.view; codes are issued only with terminals.deploy', async () => {
    const stranger = await t.actor({ role: 'staff', permissions: [] });
    for (const path of [CODES, RESPONSES, DEPLOYMENTS]) expect((await stranger.request('GET', path)).status).toBe(403);
    const terminal = await terminalInTransit();
    expect((await issue(terminal.terminalId, {}, viewer)).status).toBe(403);
    expect((await issue(terminal.terminalId, {}, manager)).status).toBe(403);
    expect(await t.db.selectFrom('terminal_deployment_codes').select('id').where('terminal_id', '=', terminal.id).execute()).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['an unknown role', { officerRole: 'BOSS' }, 'officerRole'],
    ['a phone that is not Nigerian', { officerPhone: '12345' }, 'officerPhone'],
    ['more than a week', { validForHours: 169 }, 'validForHours'],
    ['a one-letter name', { officerName: 'B' }, 'officerName'],
    ['a malformed terminal ID', { terminal_id: 'ABC' }, 'terminal_id'],
  ])('an issue with %s: 400 naming the field', async (_case, change, field) => {
    const refused = await issuer.request('POST', CODES, {
      body: { terminal_id: '2DEP0001', officerName: 'Bola Adeyemi', officerPhone: '08035550101', officerRole: 'MSO', ...change },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
  });

  it.each([
    ['a code of 5 digits', { code: '12345' }, 'code'],
    ['a code with letters', { code: '12a456' }, 'code'],
    ['a latitude past the pole', { latitude: 91 }, 'latitude'],
    ['a longitude as text', { longitude: 'east' }, 'longitude'],
    ['no serial number', { serial_no: undefined }, 'serial_no'],
    ['a malformed terminal ID', { terminal_id: 'abc' }, 'terminal_id'],
  ])('a report with %s: 400 naming the field, and nothing kept', async (_case, change, field) => {
    const before = await t.db
      .selectFrom('terminal_deployment_reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await t.request('POST', DEPLOY, { body: { terminal_id: '2DEP0001', serial_no: 'DEP-0001', code: '123456', ...LAGOS, ...change } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
    const after = await t.db
      .selectFrom('terminal_deployment_reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
