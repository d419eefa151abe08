import { nuban } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { lastAudit } from '../../test/risk-kit';
import { evaluateTransferRules, type TransferCandidate } from './index';

let t: TestApp;
let manager: Actor;
let viewer: Actor;
let outsider: Actor;
beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ permissions: ['fraud-rules.view', 'fraud-rules.manage'] });
  viewer = await t.actor({ permissions: ['fraud-rules.view'] });
  outsider = await t.actor({ permissions: ['transfers.view'] });
});
afterAll(() => t.close());

const NAIRA = 100;
const RULES = '/api/fraud-rules';
const BLOCKED = '/api/fraud-rules/blocked-beneficiaries';
const GTB = '058';
let serial = 100_000_000;
/** A valid GTBank NUBAN no other test uses. */
const account = () => nuban(GTB, String(++serial).padStart(9, '0'));

async function ruleNamed(name: string) {
  const listed = await viewer.request('GET', RULES, { query: { search: name } });
  const rule = (listed.body.items as { id: number; name: string; enabled: boolean }[]).find((item) => item.name === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule;
}

async function setEnabled(name: string, enabled: boolean) {
  const rule = await ruleNamed(name);
  if (rule.enabled === enabled) return;
  const answer = await manager.request('PATCH', `${RULES}/${rule.id}`, { body: { enabled, reason: 'Test set-up' } });
  expect(answer.status).toBe(200);
}

/** A try-a-transfer answer for a merchant transfer; `over` changes its query. */
async function tryTransfer(over: Record<string, string> = {}) {
  const answer = await viewer.request('GET', `${RULES}/try`, {
    query: { amount: String(10_000 * NAIRA), bankCode: GTB, accountNumber: account(), beneficiaryPaidBefore: 'true', ...over },
  });
  expect(answer.status).toBe(200);
  return answer.body as {
    action: string;
    reason: string | null;
    message: string;
    evaluations: { ruleName: string; kind: string; matched: boolean; action: string; reason: string }[];
  };
}

const candidate = (over: Partial<TransferCandidate> = {}): TransferCandidate => ({
  businessId: 42,
  amountKobo: 10_000n * 100n,
  beneficiary: { bankCode: GTB, accountNumber: account(), accountName: 'ADA OBI' },
  recent: { transfersLastHour: 0, amountLastHourKobo: 0n, beneficiaryPaidBefore: true },
  ...over,
});

describe('default rules', () => {
  it('are listed in rule order with their kinds, conditions and actions in words', async () => {
    const listed = await viewer.request('GET', RULES);
    expect(listed.status).toBe(200);
    expect(
      listed.body.items.map((rule: Record<string, unknown>) => [rule.name, rule.kindWords, rule.condition, rule.action, rule.enabled, rule.lastChangeReason]),
    ).toEqual([
      ['Large transfers', 'Amount above a threshold', 'above ₦5,000,000.00', 'hold', true, 'A default rule (migration 0020)'],
      [
        'Merchant velocity',
        'Merchant velocity per hour',
        'more than 20 transfers or ₦10,000,000.00 per merchant per hour',
        'hold',
        true,
        'A default rule (migration 0020)',
      ],
      [
        'Large amount to a new beneficiary',
        'Large amount to a new beneficiary',
        'above ₦1,000,000.00 to a beneficiary the merchant has never paid',
        'hold',
        true,
        'A default rule (migration 0020)',
      ],
      [
        'Blocked beneficiaries',
        'Blocked beneficiary',
        'the beneficiary account is on the blocked beneficiaries list',
        'block',
        true,
        'A default rule (migration 0020)',
      ],
    ]);
    expect(listed.body.items[0]).toMatchObject({ thresholdKobo: 500_000_000, maxTransfers: null, actionWords: 'Hold for review', updatedBy: null });
    const csv = await viewer.request('GET', RULES, { query: { download: 'csv' } });
    expect(csv.text.split('\n')[0]).toContain('Matches');
    expect(csv.text).toContain('Merchant velocity');
  });
});

describe('try a transfer', () => {
  it.each([
    ['an amount above ₦5m', { amount: String(6_000_000 * NAIRA) }, 'amount_above', true, '₦6,000,000.00 is above the ₦5,000,000.00 threshold'],
    ['an amount of ₦5m', { amount: String(5_000_000 * NAIRA) }, 'amount_above', false, '₦5,000,000.00 is not above the ₦5,000,000.00 threshold'],
    [
      'the 21st transfer of the hour',
      { transfersLastHour: '20' },
      'velocity',
      true,
      '21 transfers (₦10,000.00) in the last hour with this one: more than 20 transfers an hour',
    ],
    [
      'an hour that passes ₦10m',
      { transfersLastHour: '3', amountLastHour: String(9_995_000 * NAIRA) },
      'velocity',
      true,
      '4 transfers (₦10,005,000.00) in the last hour with this one: more than ₦10,000,000.00 an hour',
    ],
    [
      'a quiet hour',
      { transfersLastHour: '2' },
      'velocity',
      false,
      '3 transfers (₦10,000.00) in the last hour with this one: within 20 transfers and ₦10,000,000.00 an hour',
    ],
    [
      'a busy company account',
      { source: 'company', transfersLastHour: '50' },
      'velocity',
      false,
      'paid from a company account: merchant velocity does not apply',
    ],
    ['a small amount to a new beneficiary', { beneficiaryPaidBefore: 'false' }, 'new_beneficiary_amount', false, /is not above the ₦1,000,000.00 threshold$/],
    [
      '₦1.5m to a new beneficiary',
      { beneficiaryPaidBefore: 'false', amount: String(1_500_000 * NAIRA) },
      'new_beneficiary_amount',
      true,
      /^₦1,500,000.00 to GTBank \d{10}, never paid by this merchant, is above the ₦1,000,000.00 threshold$/,
    ],
    ['₦1.5m to a known beneficiary', { amount: String(1_500_000 * NAIRA) }, 'new_beneficiary_amount', false, /^the merchant has paid GTBank \d{10} before$/],
    ['a beneficiary not on the list', {}, 'blocked_beneficiary', false, /^GTBank \d{10} is not on the blocked beneficiaries list$/],
  ])('%s', async (_what, query, kind, matched, reason) => {
    const verdict = await tryTransfer(query as Record<string, string>);
    const evaluation = verdict.evaluations.find((item) => item.kind === kind)!;
    expect(evaluation.matched).toBe(matched);
    if (typeof reason === 'string') expect(evaluation.reason).toBe(reason);
    else expect(evaluation.reason).toMatch(reason);
    expect(verdict.evaluations).toHaveLength(4);
  });

  it('allows a transfer no rule matches, and holds one a hold rule matches, with its sentence', async () => {
    const quiet = await tryTransfer();
    expect(quiet).toMatchObject({ action: 'allow', reason: null, message: 'Allowed: none of the 4 enabled rules matched.' });
    const large = await tryTransfer({ amount: String(6_000_000 * NAIRA) });
    expect(large).toMatchObject({
      action: 'hold',
      reason: '₦6,000,000.00 is above the ₦5,000,000.00 threshold',
      message: 'Held for review: ₦6,000,000.00 is above the ₦5,000,000.00 threshold.',
    });
  });

  it('refuses a transfer without an amount or with a bad account (400 naming the field) and a caller without the permission (403)', async () => {
    const noAmount = await viewer.request('GET', `${RULES}/try`, { query: { bankCode: GTB, accountNumber: account() } });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.details.fields[0].field).toBe('amount');
    const badAccount = await viewer.request('GET', `${RULES}/try`, { query: { amount: '100', bankCode: GTB, accountNumber: '12345' } });
    expect(badAccount.body.details.fields[0].field).toBe('accountNumber');
    expect((await outsider.request('GET', `${RULES}/try`, { query: { amount: '100', bankCode: GTB, accountNumber: account() } })).status).toBe(403);
  });
});

describe('blocked beneficiaries and the most severe action', () => {
  it('blocks a transfer to a blocked account, block winning over hold, for merchants and company accounts alike', async () => {
    const blockedAccount = account();
    const added = await manager.request('POST', BLOCKED, {
      body: { bankCode: GTB, accountNumber: blockedAccount, accountName: 'CHIKE MULE', reason: 'Mule account reported by GTBank.' },
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(`GTBank ${blockedAccount} is on the blocked beneficiaries list: transfers to it are blocked from the next one.`);
    expect(added.body.beneficiary).toMatchObject({ bankName: 'GTBank', accountName: 'CHIKE MULE', addedBy: expect.stringContaining('admin-') });

    const verdict = await evaluateTransferRules(
      t.db,
      candidate({
        amountKobo: 6_000_000n * 100n,
        beneficiary: { bankCode: GTB, accountNumber: blockedAccount, accountName: null },
      }),
    );
    expect(verdict.action).toBe('block');
    expect(verdict.reason).toBe(`GTBank ${blockedAccount} is on the blocked beneficiaries list (Mule account reported by GTBank)`);
    expect(verdict.evaluations.filter((evaluation) => evaluation.matched).map((evaluation) => [evaluation.kind, evaluation.action])).toEqual([
      ['amount_above', 'hold'],
      ['blocked_beneficiary', 'block'],
    ]);

    const fromCompany = await evaluateTransferRules(
      t.db,
      candidate({
        businessId: null,
        beneficiary: { bankCode: GTB, accountNumber: blockedAccount, accountName: null },
        recent: { transfersLastHour: 99, amountLastHourKobo: 0n, beneficiaryPaidBefore: false },
      }),
    );
    expect(fromCompany.action).toBe('block');
    expect(fromCompany.evaluations.find((evaluation) => evaluation.kind === 'velocity')).toMatchObject({ matched: false });

    const again = await manager.request('POST', BLOCKED, { body: { bankCode: GTB, accountNumber: blockedAccount, reason: 'Again' } });
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('already');

    const listed = await viewer.request('GET', BLOCKED, { query: { search: blockedAccount.slice(0, 6), bankCode: GTB } });
    expect(listed.body.items.map((row: { accountNumber: string }) => row.accountNumber)).toContain(blockedAccount);
    expect((await viewer.request('GET', BLOCKED, { query: { search: 'chike' } })).body.items[0].accountNumber).toBe(blockedAccount);
    const csv = await viewer.request('GET', BLOCKED, { query: { download: 'csv' } });
    expect(csv.text).toContain(blockedAccount);

    const removed = await manager.request('DELETE', `${BLOCKED}/${GTB}/${blockedAccount}`, { query: { reason: 'Cleared by GTBank' } });
    expect(removed.status).toBe(200);
    expect(await lastAudit(t.db, 'fraud-rules.blocked.remove')).toMatchObject({
      outcome: 'ok',
      summary: expect.stringContaining(`unblocked transfers to GTBank ${blockedAccount}: Cleared by GTBank`),
    });
    expect((await evaluateTransferRules(t.db, candidate({ beneficiary: { bankCode: GTB, accountNumber: blockedAccount, accountName: null } }))).action).toBe(
      'allow',
    );
    expect((await manager.request('DELETE', `${BLOCKED}/${GTB}/${blockedAccount}`, { query: { reason: 'Twice' } })).status).toBe(404);
  });

  it.each([
    ['an unknown bank', { bankCode: '999', accountNumber: '0123456789', reason: 'Mule' }, 'bankCode'],
    ['a number whose check digit is wrong', { bankCode: GTB, accountNumber: '0123456780', reason: 'Mule' }, 'accountNumber'],
    ['no reason', { bankCode: GTB, accountNumber: '0123456789' }, 'reason'],
  ])('refuses to block %s (400 naming the field)', async (_what, body, field) => {
    const answer = await manager.request('POST', BLOCKED, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0].field).toBe(field);
  });
});

describe('changing rules', () => {
  it('changes a rule, audited with its name and kept in its history with before, after and reason', async () => {
    const rule = await ruleNamed('Large transfers');
    const changed = await manager.request('PATCH', `${RULES}/${rule.id}`, {
      body: { name: 'Large transfers', thresholdKobo: 6_000_000 * NAIRA, action: 'block', reason: 'Fewer false holds on supplier runs' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.rule).toMatchObject({ thresholdKobo: 600_000_000, action: 'block', condition: 'above ₦6,000,000.00', updatedBy: expect.any(String) });
    expect(changed.body.rule.lastChange).toBe('condition above ₦5,000,000.00 → above ₦6,000,000.00; action hold for review → block');
    expect((await lastAudit(t.db, 'fraud-rules.update'))?.summary).toMatch(
      /changed the fraud rule #\d+ “Large transfers” \(threshold ₦6,000,000.00, action block\): Fewer false holds on supplier runs$/,
    );
    const history = await viewer.request('GET', `${RULES}/history`, { query: { ruleId: String(rule.id) } });
    expect(history.body.items[0]).toMatchObject({
      change: 'changed',
      ruleName: 'Large transfers',
      reason: 'Fewer false holds on supplier runs',
      before: { kind: 'amount_above', params: { thresholdKobo: 500_000_000 }, action: 'hold', enabled: true },
      after: { params: { thresholdKobo: 600_000_000 }, action: 'block' },
      changedBy: expect.any(String),
    });
    expect(history.body.items[1]).toMatchObject({ change: 'created', changedBy: null, before: null });
    expect((await tryTransfer({ amount: String(6_000_000 * NAIRA) })).action).toBe('allow');
    expect((await tryTransfer({ amount: String(6_000_001 * NAIRA) })).action).toBe('block');

    const same = await manager.request('PATCH', `${RULES}/${rule.id}`, { body: { thresholdKobo: 6_000_000 * NAIRA, reason: 'Again' } });
    expect(same.status).toBe(409);
    expect(same.body.details.reason).toBe('already');
    const back = await manager.request('PATCH', `${RULES}/${rule.id}`, {
      body: { thresholdKobo: 5_000_000 * NAIRA, action: 'hold', reason: 'Back to the default' },
    });
    expect(back.status).toBe(200);
  });

  it('does not evaluate a disabled rule, and evaluates it again once enabled', async () => {
    const rule = await ruleNamed('Merchant velocity');
    const disabled = await manager.request('PATCH', `${RULES}/${rule.id}`, { body: { name: rule.name, enabled: false, reason: 'Black Friday volumes' } });
    expect(disabled.status).toBe(200);
    expect((await lastAudit(t.db, 'fraud-rules.update'))?.summary).toMatch(/disabled the fraud rule #\d+ “Merchant velocity”: Black Friday volumes$/);
    const busy = await evaluateTransferRules(t.db, candidate({ recent: { transfersLastHour: 500, amountLastHourKobo: 0n, beneficiaryPaidBefore: true } }));
    expect(busy.action).toBe('allow');
    expect(busy.evaluations.map((evaluation) => evaluation.kind)).not.toContain('velocity');
    expect(busy.evaluations).toHaveLength(3);

    await setEnabled('Merchant velocity', true);
    const again = await evaluateTransferRules(t.db, candidate({ recent: { transfersLastHour: 500, amountLastHourKobo: 0n, beneficiaryPaidBefore: true } }));
    expect(again.action).toBe('hold');
    expect(again.reason).toBe('501 transfers (₦10,000.00) in the last hour with this one: more than 20 transfers an hour');
    const history = await viewer.request('GET', `${RULES}/history`, { query: { ruleId: String(rule.id) } });
    expect(history.body.items.slice(0, 2).map((version: { change: string }) => version.change)).toEqual(['enabled', 'disabled']);
  });

  it('creates a rule that holds from the next transfer, and deletes it keeping its history', async () => {
    const created = await manager.request('POST', RULES, {
      body: { name: 'Tight velocity', kind: 'velocity', maxTransfers: 2, action: 'allow', reason: 'Watching small merchants' },
    });
    expect(created.status).toBe(200);
    expect(created.body.rule).toMatchObject({ condition: 'more than 2 transfers per merchant per hour', maxAmountKobo: null, enabled: true });
    expect((await lastAudit(t.db, 'fraud-rules.create'))?.summary).toMatch(/created the fraud rule “Tight velocity”: Watching small merchants$/);
    const watched = await evaluateTransferRules(t.db, candidate({ recent: { transfersLastHour: 2, amountLastHourKobo: 0n, beneficiaryPaidBefore: true } }));
    expect(watched.action).toBe('allow');
    expect(watched.reason).toBeNull();
    expect(watched.evaluations.find((evaluation) => evaluation.ruleName === 'Tight velocity')).toMatchObject({ matched: true, action: 'allow' });

    const taken = await manager.request('POST', RULES, { body: { name: 'tight VELOCITY', kind: 'blocked_beneficiary', action: 'block', reason: 'Copy' } });
    expect(taken.status).toBe(409);
    expect(taken.body.details.reason).toBe('name_taken');

    const id = created.body.rule.id;
    const deleted = await manager.request('DELETE', `${RULES}/${id}`, { query: { reason: 'Too noisy' } });
    expect(deleted.status).toBe(200);
    expect((await evaluateTransferRules(t.db, candidate())).evaluations.map((evaluation) => evaluation.ruleName)).not.toContain('Tight velocity');
    const history = await viewer.request('GET', `${RULES}/history`, { query: { ruleId: String(id) } });
    expect(history.body.items.map((version: { change: string; summary: string }) => [version.change, version.summary])).toEqual([
      ['deleted', 'deleted'],
      ['created', 'created: more than 2 transfers per merchant per hour, allow (record only)'],
    ]);
    expect((await manager.request('PATCH', `${RULES}/${id}`, { body: { enabled: true, reason: 'Gone' } })).status).toBe(404);
  });

  it.each([
    ['a negative threshold', 'POST', { name: 'Neg', kind: 'amount_above', thresholdKobo: -100, action: 'hold', reason: 'Testing' }, 'thresholdKobo'],
    ['no threshold', 'POST', { name: 'None', kind: 'amount_above', action: 'hold', reason: 'Testing' }, 'thresholdKobo'],
    ['zero transfers an hour', 'POST', { name: 'Zero', kind: 'velocity', maxTransfers: 0, action: 'hold', reason: 'Testing' }, 'maxTransfers'],
    [
      'a threshold on a blocked-beneficiary rule',
      'POST',
      { name: 'Odd', kind: 'blocked_beneficiary', thresholdKobo: 100, action: 'block', reason: 'Testing' },
      'thresholdKobo',
    ],
    ['an unknown kind', 'POST', { name: 'Odd', kind: 'sometimes', action: 'block', reason: 'Testing' }, 'kind'],
    ['an unknown action', 'POST', { name: 'Odd', kind: 'blocked_beneficiary', action: 'shout', reason: 'Testing' }, 'action'],
    ['no reason', 'POST', { name: 'Odd', kind: 'blocked_beneficiary', action: 'block' }, 'reason'],
    ['transfers an hour on an amount rule', 'PATCH', { maxTransfers: 5, reason: 'Testing' }, 'maxTransfers'],
    ['no hourly amount on an amount rule', 'PATCH', { noMaxAmount: true, reason: 'Testing' }, 'noMaxAmount'],
    ['fractional kobo', 'PATCH', { thresholdKobo: 10.5, reason: 'Testing' }, 'thresholdKobo'],
  ])('refuses %s (400 naming the field) and changes nothing', async (_what, method, body, field) => {
    const rule = await ruleNamed('Large transfers');
    const before = await rulesDigest();
    const answer = await manager.request(method, method === 'POST' ? RULES : `${RULES}/${rule.id}`, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0].field).toBe(field);
    expect(await rulesDigest()).toBe(before);
  });

  it('lets a viewer read but not change (403), and keeps out an admin without the permission', async () => {
    const rule = await ruleNamed('Large transfers');
    expect((await viewer.request('PATCH', `${RULES}/${rule.id}`, { body: { enabled: false, reason: 'Testing' } })).status).toBe(403);
    expect((await viewer.request('POST', RULES, { body: { name: 'Mine', kind: 'blocked_beneficiary', action: 'block', reason: 'Testing' } })).status).toBe(403);
    expect((await viewer.request('DELETE', `${RULES}/${rule.id}`, { query: { reason: 'Testing' } })).status).toBe(403);
    expect((await viewer.request('POST', BLOCKED, { body: { bankCode: GTB, accountNumber: account(), reason: 'Testing' } })).status).toBe(403);
    expect((await outsider.request('GET', RULES)).status).toBe(403);
    expect((await outsider.request('GET', BLOCKED)).status).toBe(403);
    expect((await outsider.request('GET', `${RULES}/history`)).status).toBe(403);
    expect((await lastAudit(t.db, 'fraud-rules.update'))?.outcome).toBe('403');
  });
});

/** A fingerprint of the rule tables, to prove a refused change changed nothing. */
async function rulesDigest(): Promise<string> {
  const row = await sql<{ digest: string }>`select md5(
      (select coalesce(string_agg(r::text, '|' order by r.id), '') from fraud_rules r)
      || (select coalesce(string_agg(v::text, '|' order by v.id), '') from fraud_rule_versions v)
      || (select coalesce(string_agg(b::text, '|' order by b.id), '') from fraud_blocked_beneficiaries b)
    ) as digest`.execute(t.db);
  return row.rows[0]!.digest;
}
