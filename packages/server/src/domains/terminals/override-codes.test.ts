import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';

const LIST = '/v1/stores/list_over_ride_code';
const CREATE = '/v1/stores/create_over_ride_code';
const REVOKE = (id: number) => `/v1/stores/over_ride_code/${id}/revoke`;
const REDEEM = '/v1/stores/redeem_over_ride_code';
const HOUR = 3_600_000;

let t: TestApp;
let issuer: Actor;
let officer: Actor;
let viewer: Actor;

const digitsOf = (code: string) => code.replace(/\s/g, '');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  issuer = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.override'] });
  officer = await t.actor({ role: 'staff', permissions: ['terminals.view', 'terminals.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
  for (const [serialNo, terminalId] of [
    ['OVR-0001', '2OVR0001'],
    ['OVR-0002', '2OVR0002'],
    ['OVR-0003', '2OVR0003'],
  ]) {
    const made = await officer.request('POST', '/v1/stores/admin/addterminal', {
      body: { serialNo, terminalId, provider: 'PAX', model: 'S90', bankCode: '058' },
    });
    expect(made.status, made.text).toBe(200);
  }
});
afterAll(() => t.close());

const issue = (body: Record<string, unknown>) => issuer.request('POST', CREATE, { body });
const redeem = (terminalId: string, code: string, by: Actor = officer) => by.request('POST', REDEEM, { body: { terminal_id: terminalId, code } });

describe('issuing an override code', () => {
  it('answers the code once; the list, the database row and the audit log never hold it', async () => {
    const made = await issue({ terminal_id: '2ovr0001', purpose: 'LOCK_RESET', note: 'Merchant locked out after PIN tries' });
    expect(made.status, made.text).toBe(200);
    expect(made.body.code).toMatch(/^\d{4} \d{4} \d{4}$/);
    expect(made.body).toMatchObject({
      terminalId: '2OVR0001',
      serialNo: 'OVR-0001',
      terminalName: '2OVR0001 (OVR-0001)',
      purpose: 'LOCK_RESET',
      status: 'ACTIVE',
      usedAt: null,
      createdBy: expect.any(String),
      createdAt: t.clock.now().toISOString(),
      // 24 hours unless the issuer chooses.
      expiresAt: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    const digits = digitsOf(made.body.code);

    const listed = await viewer.request('GET', LIST);
    expect(listed.status, listed.text).toBe(200);
    const row = listed.body.items.find((item: { id: number }) => item.id === made.body.id);
    expect(row).toMatchObject({ id: made.body.id, terminalName: '2OVR0001 (OVR-0001)', status: 'ACTIVE' });
    expect(row).not.toHaveProperty('code');
    expect(listed.text).not.toContain(digits);
    const csv = await viewer.request('GET', LIST, { query: { download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain(digits);

    const stored = await t.db.selectFrom('terminal_override_codes').selectAll().where('id', '=', made.body.id).executeTakeFirstOrThrow();
    expect(stored.code_hash).toBe(sha256(digits));
    expect(JSON.stringify(stored)).not.toContain(digits);

    const audited = await t.db
      .selectFrom('audit_log')
      .select(['command_id', 'input', 'summary', 'outcome'])
      .where('command_id', '=', 'terminal-override-codes.create')
      .orderBy('id')
      .execute();
    expect(audited.length).toBeGreaterThan(0);
    expect(JSON.stringify(audited)).not.toContain(digits);
    expect(audited.at(-1)).toMatchObject({ outcome: 'ok', summary: expect.stringContaining('issued a terminal override code for terminal 2OVR0001') });
  });

  it('works for the hours chosen, up to 168 (a week), for any terminal when none is named', async () => {
    const week = await issue({ purpose: 'MAINTENANCE', validForHours: 168 });
    expect(week.status, week.text).toBe(200);
    expect(week.body).toMatchObject({ terminal: null, terminalId: null, terminalName: 'Any terminal' });
    expect(week.body.expiresAt).toBe(new Date(t.clock.now().getTime() + 168 * HOUR).toISOString());
    expect((await issue({ purpose: 'MAINTENANCE', terminal_id: '2NOPE999' })).status).toBe(404);
  });

  it.each([
    ['more than a week', { purpose: 'MAINTENANCE', validForHours: 169 }, 'validForHours'],
    ['no time', { purpose: 'MAINTENANCE', validForHours: 0 }, 'validForHours'],
    ['part of an hour', { purpose: 'MAINTENANCE', validForHours: 1.5 }, 'validForHours'],
    ['an unknown purpose', { purpose: 'PARTY' }, 'purpose'],
    ['a malformed terminal ID', { purpose: 'MAINTENANCE', terminal_id: 'ABC' }, 'terminal_id'],
  ])('refuses %s with 400 naming the field', async (_case, body, field) => {
    const refused = await issue(body);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
  });

  it('is issued and revoked only with terminals.override, and used only with terminals.manage', async () => {
    expect((await viewer.request('POST', CREATE, { body: { purpose: 'DEPLOYMENT' } })).status).toBe(403);
    expect((await officer.request('POST', CREATE, { body: { purpose: 'DEPLOYMENT' } })).status).toBe(403);
    const made = await issue({ terminal_id: '2OVR0002', purpose: 'DEPLOYMENT' });
    expect((await redeem('2OVR0002', made.body.code, viewer)).status).toBe(403);
    expect((await officer.request('POST', REVOKE(made.body.id), { body: { reason: 'Not mine to revoke' } })).status).toBe(403);
    const stranger = await t.actor({ role: 'staff', permissions: [] });
    expect((await stranger.request('GET', LIST)).status).toBe(403);
    // Nothing was spent by the refusals.
    const row = await t.db.selectFrom('terminal_override_codes').select(['used_at', 'revoked_at']).where('id', '=', made.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ used_at: null, revoked_at: null });
  });

  it('is not issued for a decommissioned terminal', async () => {
    const terminal = await t.db.selectFrom('terminals').select('id').where('terminal_id', '=', '2OVR0003').executeTakeFirstOrThrow();
    await officer.request('POST', `/v1/stores/admin/terminal/${terminal.id}/state`, { body: { state: 'DECOMMISSIONED', note: 'Water damage' } });
    const refused = await issue({ terminal_id: '2OVR0003', purpose: 'RETRIEVAL' });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatchObject({ reason: 'illegal_state', state: 'DECOMMISSIONED' });
  });
});

describe('using an override code', () => {
  it('works once: the second use is refused, naming when and by whom it was used', async () => {
    const made = await issue({ terminal_id: '2OVR0001', purpose: 'LOCK_RESET' });
    const used = await redeem('2ovr0001', made.body.code);
    expect(used.status, used.text).toBe(200);
    expect(used.body).toMatchObject({
      id: made.body.id,
      status: 'USED',
      usedAt: t.clock.now().toISOString(),
      usedBy: expect.any(String),
      usedOnTerminalId: '2OVR0001',
    });
    // Typed without the spaces, or with dashes, it is the same code.
    const again = await redeem('2OVR0001', digitsOf(made.body.code).replace(/(\d{4})(\d{4})/, '$1-$2-'));
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ reason: 'used' });
    expect(again.body.message).toContain('already used');
    expect(again.body.message).toContain(used.body.usedBy);
    const audited = await t.db.selectFrom('audit_log').select('input').where('command_id', '=', 'terminal-override-codes.redeem').orderBy('id').execute();
    expect(JSON.stringify(audited)).not.toContain(digitsOf(made.body.code));
    expect(audited.at(-1)?.input).toMatchObject({ code: '[redacted]', terminal_id: '2OVR0001' });
  });

  it('lets exactly one of several concurrent uses of a code through; the others are told it was used', async () => {
    const made = await issue({ terminal_id: '2OVR0002', purpose: 'MAINTENANCE' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeem('2OVR0002', made.body.code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body.details.reason).toBe('used');
    }
  });

  it('refuses a wrong code, or one issued for another terminal, alike and without saying more', async () => {
    const made = await issue({ terminal_id: '2OVR0001', purpose: 'LOCK_RESET' });
    const wrong = await redeem('2OVR0002', '0000 0000 0000');
    const elsewhere = await redeem('2OVR0002', made.body.code);
    expect(wrong.status).toBe(404);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual(wrong.body);
    expect(JSON.stringify(elsewhere.body)).not.toContain(String(made.body.id));
    expect((await redeem('2NOPE999', made.body.code)).status).toBe(404);
    const bad = await redeem('2OVR0001', '1234');
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('code');
    // Still good where it belongs.
    expect((await redeem('2OVR0001', made.body.code)).status).toBe(200);
  });

  it('opens any terminal with a code that names none, and says which one it opened', async () => {
    const made = await issue({ purpose: 'DEPLOYMENT' });
    const used = await redeem('2OVR0002', made.body.code);
    expect(used.status, used.text).toBe(200);
    expect(used.body).toMatchObject({ terminalName: 'Any terminal', usedOnTerminalId: '2OVR0002' });
    const listed = await viewer.request('GET', LIST, { query: { search: '2ovr0002', status: 'USED' } });
    expect(listed.body.items.map((row: { id: number }) => row.id)).toContain(made.body.id);
  });

  it('stops working when it expires, by the clock', async () => {
    const made = await issue({ terminal_id: '2OVR0001', purpose: 'LOCK_RESET', validForHours: 1 });
    t.clock.advance(HOUR + 1_000);
    const late = await redeem('2OVR0001', made.body.code);
    expect(late.status).toBe(409);
    expect(late.body.details.reason).toBe('expired');
    expect(late.body.message).toContain('expired');
    const expired = await viewer.request('GET', LIST, { query: { status: 'EXPIRED' } });
    expect(expired.body.items.find((row: { id: number }) => row.id === made.body.id)).toMatchObject({ status: 'EXPIRED', usedAt: null });
    const active = await viewer.request('GET', LIST, { query: { status: 'ACTIVE' } });
    expect(active.body.items.map((row: { id: number }) => row.id)).not.toContain(made.body.id);
    const revoke = await issuer.request('POST', REVOKE(made.body.id), { body: { reason: 'Too late anyway' } });
    expect(revoke.status).toBe(409);
    expect(revoke.body.details.reason).toBe('expired');
  });
});

describe('revoking an override code', () => {
  it('stops an active code; a revoked one is refused saying so, and cannot be revoked twice', async () => {
    const made = await issue({ terminal_id: '2OVR0002', purpose: 'RETRIEVAL' });
    const revoked = await issuer.request('POST', REVOKE(made.body.id), { body: { reason: 'Visit called off' } });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({
      status: 'REVOKED',
      revokedBy: expect.any(String),
      revokeReason: 'Visit called off',
      revokedAt: t.clock.now().toISOString(),
    });
    const use = await redeem('2OVR0002', made.body.code);
    expect(use.status).toBe(409);
    expect(use.body.details.reason).toBe('revoked');
    const twice = await issuer.request('POST', REVOKE(made.body.id), { body: { reason: 'Again' } });
    expect(twice.status).toBe(409);
    expect(twice.body.details.reason).toBe('already');
    expect((await issuer.request('POST', REVOKE(999_999), { body: { reason: 'No such code' } })).status).toBe(404);
    const bad = await issuer.request('POST', REVOKE(made.body.id), { body: { reason: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('reason');
  });

  it('refuses to revoke a used code', async () => {
    const made = await issue({ terminal_id: '2OVR0001', purpose: 'MAINTENANCE' });
    expect((await redeem('2OVR0001', made.body.code)).status).toBe(200);
    const revoke = await issuer.request('POST', REVOKE(made.body.id), { body: { reason: 'Changed my mind' } });
    expect(revoke.status).toBe(409);
    expect(revoke.body.details.reason).toBe('used');
  });

  it('lists codes in every status, newest first, filtered by status and purpose', async () => {
    const all = await viewer.request('GET', LIST);
    const statuses = new Set(all.body.items.map((row: { status: string }) => row.status));
    expect([...statuses].sort()).toEqual(['ACTIVE', 'EXPIRED', 'REVOKED', 'USED']);
    const ids = all.body.items.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const retrievals = await viewer.request('GET', LIST, { query: { purpose: 'RETRIEVAL' } });
    for (const row of retrievals.body.items) expect(row.purpose).toBe('RETRIEVAL');
  });
});
