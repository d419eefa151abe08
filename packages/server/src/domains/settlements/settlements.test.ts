import type { SettlementCumulation, SettlementGroup } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo';
import { seedMerchants } from '../../demo/seed-merchants';
import { seedPayments } from '../../demo/seed-payments';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { balances, walletAccount } from '../ledger/index';

const GROUPS = '/v2/settlements/groups';
const CUMULATIONS = (group: number) => `${GROUPS}/${group}/cumulations`;
const TRANSACTIONS = (cumulation: number) => `/v2/settlements/cumulations/${cumulation}/transactions`;
const SETTLE = (group: number) => `${GROUPS}/${group}/bulk-settlement`;

let t: TestApp;
let settler: Actor;
let approver: Actor;
let viewer: Actor;
let groups: SettlementGroup[];
let keys = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { scryptLogN: 10 });
  await seedMerchants(t.db, { count: 600, anchor: t.clock.now() });
  await seedPayments(t.db, { count: 3_000, days: 6, now: t.clock.now() });
  settler = await t.actor({ role: 'staff', permissions: ['settlements.view', 'settlements.settle', 'approvals.view'] });
  approver = await t.actor({ role: 'staff', permissions: ['settlements.view', 'settlements.settle', 'approvals.view'] });
  viewer = await t.actor({ role: 'staff', permissions: ['settlements.view'] });
  groups = (await settler.request<{ items: SettlementGroup[] }>('GET', GROUPS)).body.items;
});
afterAll(() => t.close());

const settle = (actor: Actor, group: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  actor.request('POST', SETTLE(group), { body, headers: { 'idempotency-key': `settle-${++keys}`, ...headers } });
const cumulationsOf = async (group: number, query: Record<string, string> = {}) =>
  (await settler.request<{ items: SettlementCumulation[] }>('GET', CUMULATIONS(group), { query })).body.items;
async function walletBalance(businessId: number): Promise<bigint> {
  const wallet = await t.db.selectFrom('wallets').select('uid').where('business_id', '=', businessId).executeTakeFirstOrThrow();
  const account = await walletAccount(t.db, wallet.uid);
  return (await balances(t.db, [account.id])).get(account.id) ?? 0n;
}
/** A past group, direct or aggregator, and a ready cumulation of it whose net is under the approval amount. */
async function smallReady(aggregator: boolean) {
  const group = groups.find((g) => g.aggregator === aggregator && g.status !== 'OPEN' && g.pending > 1)!;
  const cumulation = (await cumulationsOf(group.id, { status: 'PENDING' })).find((c) => c.net < 500_000_000)!;
  return { group, cumulation };
}

describe('settlement groups and cumulations', () => {
  it('lists each day’s direct and aggregator groups with totals that add up, today’s open', async () => {
    expect(groups).toHaveLength(12);
    expect(groups.filter((g) => g.status === 'OPEN')).toHaveLength(2);
    const { rows } = await sql<{
      amount: string;
      charges: string;
    }>`select sum(amount)::text amount, sum(charges)::text charges from settlement_cumulations`.execute(t.db);
    expect(BigInt(groups.reduce((sum, g) => sum + g.amount, 0))).toBe(BigInt(rows[0]!.amount));
    expect(BigInt(groups.reduce((sum, g) => sum + g.charges, 0))).toBe(BigInt(rows[0]!.charges));
    for (const group of groups) expect(group.net).toBe(group.amount - group.charges);
    const direct = await settler.request<{ items: SettlementGroup[] }>('GET', GROUPS, { query: { aggregator: 'false', status: 'PENDING' } });
    expect(direct.body.items.length).toBe(5);
    expect(direct.body.items.every((g) => !g.aggregator && g.status === 'PENDING')).toBe(true);
  });

  it('lists a group’s cumulations and a cumulation’s payments', async () => {
    const { cumulation } = await smallReady(false);
    const payments = await settler.request('GET', TRANSACTIONS(cumulation.id));
    expect(payments.status, payments.text).toBe(200);
    expect(payments.body.total).toBe(cumulation.paymentCount);
    expect(payments.body.items.every((p: { status: string; channel: string }) => p.status === 'SUCCESSFUL' && p.channel === 'card')).toBe(true);
    expect((await settler.request('GET', CUMULATIONS(999_999))).status).toBe(404);
    expect((await settler.request('GET', TRANSACTIONS(999_999))).status).toBe(404);
  });
});

describe('settling', () => {
  it('previews an actual settlement, then posts the net to the wallet and the charges to fee income, once', async () => {
    const { group, cumulation } = await smallReady(false);
    const before = await walletBalance(cumulation.businessId);
    const preview = await settle(settler, group.id, { action: 'actual-settle', cumulation_ids: [cumulation.id] }, { prefer: 'dry-run' });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.transfers).toEqual([
      expect.objectContaining({ reference: `STL-${cumulation.id}`, kind: 'settlement', from: 'Settlement clearing', amount: cumulation.net }),
      expect.objectContaining({
        reference: `STL-${cumulation.id}-FEE`,
        kind: 'fee',
        from: 'Settlement clearing',
        to: 'Fee income',
        amount: cumulation.charges,
      }),
    ]);
    expect(await walletBalance(cumulation.businessId)).toBe(before);

    const done = await settle(settler, group.id, { action: 'actual-settle', cumulation_ids: [cumulation.id] });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ outcome: 'SETTLED', cumulations: [{ id: cumulation.id, status: 'SETTLED', reference: `STL-${cumulation.id}` }] });
    expect(await walletBalance(cumulation.businessId)).toBe(before + BigInt(cumulation.net));
    const [after] = await cumulationsOf(group.id, { cumulation_id: String(cumulation.id) });
    expect(after).toMatchObject({ status: 'SETTLED', settledAction: 'actual-settle', ledgerReference: `STL-${cumulation.id}` });

    // A second attempt, either way, names the first and moves nothing.
    for (const body of [
      { action: 'actual-settle', cumulation_ids: [cumulation.id] },
      { action: 'manual-settle', cumulation_ids: [cumulation.id], reference: 'BANK-1' },
    ]) {
      const again = await settle(settler, group.id, body);
      expect(again.status, again.text).toBe(409);
      expect(again.body.message).toContain(`STL-${cumulation.id}`);
    }
    expect(await walletBalance(cumulation.businessId)).toBe(before + BigInt(cumulation.net));
  });

  it('marks a cumulation settled outside the system with its reference, moving no money', async () => {
    const { group, cumulation } = await smallReady(true);
    const before = await walletBalance(cumulation.businessId);
    const bare = await settle(settler, group.id, { action: 'manual-settle', cumulation_ids: [cumulation.id] });
    expect(bare.status, bare.text).toBe(400);
    expect(JSON.stringify(bare.body)).toContain('reference');
    const done = await settle(settler, group.id, {
      action: 'manual-settle',
      cumulation_ids: [cumulation.id],
      reference: 'GTB-NIP-000123',
      note: 'Paid by the bank directly',
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.cumulations[0]).toMatchObject({ status: 'SETTLED_MANUALLY', reference: 'GTB-NIP-000123' });
    expect(await walletBalance(cumulation.businessId)).toBe(before);
  });

  it('refuses an open day, unknown cumulations, and naming cumulations and settling all at once', async () => {
    const open = groups.find((g) => g.status === 'OPEN' && g.merchants > 0)!;
    const [first] = await cumulationsOf(open.id);
    const refused = await settle(settler, open.id, { action: 'actual-settle', cumulation_ids: [first!.id] });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toContain('still open');
    const { group } = await smallReady(false);
    expect((await settle(settler, group.id, { action: 'actual-settle', cumulation_ids: [first!.id] })).status).toBe(404);
    const both = await settle(settler, group.id, { action: 'actual-settle', cumulation_ids: [1], settle_alls: true });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('cumulation_ids');
    const neither = await settle(settler, group.id, { action: 'actual-settle' });
    expect(neither.status).toBe(400);
    expect((await settle(viewer, group.id, { action: 'actual-settle', settle_alls: true })).status).toBe(403);
  });

  it('asks a second admin above the policy’s amount, settles on approval, and is ready again when declined', async () => {
    // Over ₦5,000,000 of net in one go needs a second admin.
    await t.db.updateTable('approval_policies').set({ approval_above_kobo: 100_000 }).where('command_id', '=', 'settlements.settle').execute();
    const group = groups.find((g) => !g.aggregator && g.status === 'PENDING' && g.pending > 2)!;
    const asked = await settle(settler, group.id, { action: 'actual-settle', settle_alls: true, note: 'Daily run' });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.outcome).toBe('AWAITING_APPROVAL');
    const requestId = asked.body.approvalRequestId as number;
    const waiting = await cumulationsOf(group.id, { status: 'AWAITING_APPROVAL' });
    expect(waiting.length).toBe(asked.body.cumulations.length);
    const own = await settler.request('POST', `/api/approvals/${requestId}/approve`, { body: {}, headers: { 'idempotency-key': `own-approval-${requestId}` } });
    expect(own.status, own.text).toBe(409);
    const approved = await approver.request('POST', `/api/approvals/${requestId}/approve`, {
      body: {},
      headers: { 'idempotency-key': `approve-${requestId}` },
    });
    expect(approved.status, approved.text).toBe(200);
    expect((await cumulationsOf(group.id, { status: 'SETTLED' })).length).toBeGreaterThanOrEqual(waiting.length);
    expect(await cumulationsOf(group.id, { status: 'AWAITING_APPROVAL' })).toEqual([]);

    const other = groups.find((g) => g.aggregator && g.status === 'PENDING' && g.pending > 1 && g.id !== group.id)!;
    const second = await settle(settler, other.id, { action: 'manual-settle', settle_alls: true, reference: 'AGG-REMIT-9' });
    expect(second.body.outcome).toBe('AWAITING_APPROVAL');
    const declined = await approver.request('POST', `/api/approvals/${second.body.approvalRequestId}/decline`, {
      body: { reason: 'Remittance not received yet' },
      headers: { 'idempotency-key': `decline-${second.body.approvalRequestId}` },
    });
    expect(declined.status, declined.text).toBe(200);
    expect((await cumulationsOf(other.id, { status: 'PENDING' })).length).toBe(second.body.cumulations.length);
    // Its payments read as unsettled again, not as awaiting a decision that was made.
    const cumulationId = (second.body.cumulations as { id: number }[])[0]!.id;
    const payments = await settler.request('GET', `/v2/settlements/cumulations/${cumulationId}/transactions`);
    expect(payments.status, payments.text).toBe(200);
    expect(new Set(payments.body.items.map((p: { settlementState: string }) => p.settlementState))).toEqual(new Set(['UNSETTLED']));
    const viewer = await t.actor({ permissions: ['payments.view'] });
    const awaiting = await viewer.request('GET', '/v1/payments/reports/paymentlogswithtime', {
      query: { settlement: 'AWAITING_APPROVAL', cumulation: String(cumulationId) },
    });
    expect(awaiting.status, awaiting.text).toBe(200);
    expect(awaiting.body.total).toBe(0);
    await t.db.updateTable('approval_policies').set({ approval_above_kobo: 500_000_000 }).where('command_id', '=', 'settlements.settle').execute();
  });
});
