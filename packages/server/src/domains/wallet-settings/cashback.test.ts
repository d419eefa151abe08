import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness, insertWallet } from '../../test/merchant-fixtures';
import { idempotencyKey, lastAudit } from '../../test/risk-kit';
import { cashbackFor, cashbackUnder } from './index';

let t: TestApp;
let keeper: Actor;
let viewer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  keeper = await t.actor({ permissions: ['wallets.view', 'wallets.settings'] });
  viewer = await t.actor({ permissions: ['wallets.view'] });
});
afterAll(() => t.close());

const NAIRA = 100;
const RULES = '/api/EWTraction/cashback/rules';
const ACTIVATIONS = '/api/EWTraction/cashback/activations';

async function createRule(body: Record<string, unknown>) {
  const answer = await keeper.request('POST', RULES, { body });
  expect(answer.status).toBe(200);
  return answer.body.rule as { id: number };
}

describe('cashback rules', () => {
  it('creates, lists and changes rules, each change audited', async () => {
    const created = await keeper.request('POST', RULES, {
      body: { name: 'Zeta POS 1.5%', percentageBasisPoints: 150, cap: 500 * NAIRA, minimumTransaction: 1_000 * NAIRA },
    });
    expect(created.status).toBe(200);
    expect(created.body.rule).toMatchObject({
      name: 'Zeta POS 1.5%',
      percentageBasisPoints: 150,
      cap: 50_000,
      minimumTransaction: 100_000,
      appliesTo: 'pos_credit',
      active: true,
      updatedBy: keeper.email,
    });
    expect(created.body.message).toBe('Cashback rule “Zeta POS 1.5%” created: 1.5% up to ₦500.00 on POS credits of ₦1,000.00 or more.');
    expect(await lastAudit(t.db, 'cashback.rules.create')).toMatchObject({ outcome: 'ok', admin_id: keeper.id });
    const id = created.body.rule.id;

    const listed = await viewer.request('GET', RULES, { query: { search: 'zeta' } });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, pageSize: 100, items: [{ id, name: 'Zeta POS 1.5%' }] });
    const csv = await viewer.request('GET', RULES, { query: { search: 'zeta', download: 'csv' } });
    expect(csv.text).toContain('Zeta POS 1.5%');

    const off = await keeper.request('PATCH', `${RULES}/${id}`, { body: { active: false, noMinimum: true } });
    expect(off.status).toBe(200);
    expect(off.body.rule).toMatchObject({ active: false, minimumTransaction: 0 });
    expect(await lastAudit(t.db, 'cashback.rules.update')).toMatchObject({ outcome: 'ok' });
    expect((await viewer.request('GET', RULES, { query: { search: 'zeta', active: 'false' } })).body.total).toBe(1);
    const same = await keeper.request('PATCH', `${RULES}/${id}`, { body: { active: false } });
    expect(same.status).toBe(409);
    expect(same.body.details.reason).toBe('already');
    expect((await keeper.request('PATCH', `${RULES}/999999`, { body: { active: true } })).status).toBe(404);
  });

  it.each([
    ['no name', { percentageBasisPoints: 100, cap: 100 }, 'name'],
    ['a percentage above 100%', { name: 'Too much', percentageBasisPoints: 10_001, cap: 100 }, 'percentageBasisPoints'],
    ['a fractional percentage', { name: 'Frac', percentageBasisPoints: 1.5, cap: 100 }, 'percentageBasisPoints'],
    ['a zero cap', { name: 'Zero', percentageBasisPoints: 100, cap: 0 }, 'cap'],
    ['fractional kobo', { name: 'Kobo', percentageBasisPoints: 100, cap: 10.5 }, 'cap'],
    ['a kind that earns nothing', { name: 'Out', percentageBasisPoints: 100, cap: 100, appliesTo: 'transfer_out' }, 'appliesTo'],
  ])('refuses a rule with %s (400 naming the field) and changes nothing', async (_what, body, field) => {
    const before = await t.snapshot();
    const answer = await keeper.request('POST', RULES, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0].field).toBe(field);
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses a change that changes nothing (409 already) and a viewer (403)', async () => {
    const rule = await createRule({ name: 'Idle', percentageBasisPoints: 10, cap: 100, active: false });
    const empty = await keeper.request('PATCH', `${RULES}/${rule.id}`, { body: {} });
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({ message: 'Cashback rule “Idle” is already so', details: { reason: 'already' } });
    expect((await viewer.request('POST', RULES, { body: { name: 'Mine', percentageBasisPoints: 10, cap: 100 } })).status).toBe(403);
  });
});

describe('the Cashback Activation Portal and cashbackFor', () => {
  it('activates one business, pays it the best active rule that applies, and nothing to a business not activated', async () => {
    const business = await insertBusiness(t.db, { name: 'Yankari Cashback Foods', email: 'cashback@yankari.ng' });
    await insertWallet(t.db, business.id);
    const other = await insertBusiness(t.db, { name: 'Yankari Plain Stores' });

    expect(await cashbackFor(t.db, business.id, 10_000 * NAIRA)).toEqual({ amount: 0, rule: null, reason: 'cashback is not activated for this business' });
    const on = await keeper.request('POST', `${ACTIVATIONS}/${business.id}`, { body: { active: true } });
    expect(on.status).toBe(200);
    expect(on.body.business).toMatchObject({ id: business.id, cashbackActive: true, changedBy: keeper.email, walletStatus: 'ACTIVE' });
    expect(await lastAudit(t.db, 'cashback.activation.set')).toMatchObject({ outcome: 'ok', subject_id: String(business.id) });
    const again = await keeper.request('POST', `${ACTIVATIONS}/${business.id}`, { body: { active: true } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Yankari Cashback Foods already earns cashback', details: { reason: 'already' } });

    // Rules: 1% capped at ₦300 from ₦1,000; 2% capped at ₦50 from ₦20,000. The best one pays; they never add up.
    const onePercent = await createRule({ name: 'One percent', percentageBasisPoints: 100, cap: 300 * NAIRA, minimumTransaction: 1_000 * NAIRA });
    await createRule({ name: 'Two percent small cap', percentageBasisPoints: 200, cap: 50 * NAIRA, minimumTransaction: 20_000 * NAIRA });
    await createRule({ name: 'Inactive generous', percentageBasisPoints: 5_000, cap: 10_000 * NAIRA, active: false });
    expect(await cashbackFor(t.db, business.id, 999 * NAIRA)).toMatchObject({
      amount: 0,
      rule: null,
      reason: 'no active cashback rule applies to this amount',
    });
    expect(await cashbackFor(t.db, business.id, 10_000 * NAIRA)).toEqual({
      amount: 100 * NAIRA,
      rule: { id: onePercent.id, name: 'One percent' },
      reason: null,
    });
    expect(await cashbackFor(t.db, business.id, 50_000 * NAIRA)).toMatchObject({ amount: 300 * NAIRA, rule: { name: 'One percent' } });
    expect(await cashbackFor(t.db, other.id, 50_000 * NAIRA)).toMatchObject({ amount: 0 });
    // Rounded down to whole kobo.
    expect(cashbackUnder({ basisPoints: 150, cap: 1_000_000 }, 333)).toBe(4);
    await expect(cashbackFor(t.db, business.id, 0)).rejects.toThrow(RangeError);

    const off = await keeper.request('POST', `${ACTIVATIONS}/${business.id}`, { body: { active: false } });
    expect(off.body.message).toBe('Yankari Cashback Foods no longer earns cashback.');
    expect(await cashbackFor(t.db, business.id, 10_000 * NAIRA)).toMatchObject({ amount: 0 });
  });

  it('lists businesses by activation and activates a selection in bulk, skipping those already so', async () => {
    const a = await insertBusiness(t.db, { name: 'Quokka Bulk One', email: 'one@quokka.ng' });
    const b = await insertBusiness(t.db, { name: 'Quokka Bulk Two', email: 'two@quokka.ng' });
    const c = await insertBusiness(t.db, { name: 'Quokka Bulk Three', email: 'three@quokka.ng' });
    expect((await keeper.request('POST', `${ACTIVATIONS}/${b.id}`, { body: { active: true } })).status).toBe(200);

    const listed = await viewer.request('GET', ACTIVATIONS, { query: { search: 'quokka' } });
    expect(listed.body.items.map((row: { id: number; cashbackActive: boolean }) => [row.id, row.cashbackActive])).toEqual([
      [c.id, false],
      [b.id, true],
      [a.id, false],
    ]);
    expect((await viewer.request('GET', ACTIVATIONS, { query: { search: 'quokka', active: 'true' } })).body.items.map((row: { id: number }) => row.id)).toEqual(
      [b.id],
    );

    const bulk = await keeper.request('POST', `${ACTIVATIONS}/bulk`, {
      body: { matching: { search: 'quokka' }, except: [c.id], active: true },
      headers: idempotencyKey(),
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ matched: 2, changed: 1, skipped: [{ id: b.id, reason: 'already earns cashback' }] });
    const byIds = await keeper.request('POST', `${ACTIVATIONS}/bulk`, { body: { ids: [a.id, c.id, 999_999], active: false }, headers: idempotencyKey() });
    expect(byIds.body).toEqual({
      matched: 2,
      changed: 1,
      skipped: [
        { id: 999_999, reason: 'no such business' },
        { id: c.id, reason: 'does not earn cashback' },
      ],
    });
    expect(await lastAudit(t.db, 'cashback.activation.set-bulk')).toMatchObject({ outcome: 'ok' });
  });

  it('needs an Idempotency-Key and a selection for the bulk command, and wallets.settings', async () => {
    const before = await t.snapshot();
    const noKey = await keeper.request('POST', `${ACTIVATIONS}/bulk`, { body: { ids: [1], active: true } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.fields[0].field).toBe('Idempotency-Key');
    const neither = await keeper.request('POST', `${ACTIVATIONS}/bulk`, { body: { active: true }, headers: idempotencyKey() });
    expect(neither.status).toBe(400);
    expect(neither.body.details.fields[0].field).toBe('ids');
    expect((await viewer.request('POST', `${ACTIVATIONS}/bulk`, { body: { ids: [1], active: true }, headers: idempotencyKey() })).status).toBe(403);
    expect((await keeper.request('POST', `${ACTIVATIONS}/999999`, { body: { active: true } })).status).toBe(404);
    expect(await t.snapshot()).toEqual(before);
  });
});
