import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_SCRYPT_LOG_N, type TestApp } from '../test/harness';
import { seedDemo } from './seed-demo';
import { seedMerchants } from './seed-merchants';
import { seedTerminalDeployments } from './seed-terminal-deployments';
import { seedTerminalRequests } from './seed-terminal-requests';
import { seedTerminals } from './seed-terminals';
import { seedVisits } from './seed-visits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { scryptLogN: TEST_SCRYPT_LOG_N });
  await seedMerchants(t.db, { count: 90, anchor: t.clock.now() });
  await seedTerminals(t.db, { count: 120, now: t.clock.now() });
  await seedTerminalRequests(t.db, { count: 60, now: t.clock.now() });
  await seedTerminalDeployments(t.db, { now: t.clock.now() });
}, 120_000);
afterAll(() => t.close());

const stored = () => t.db.selectFrom('visits').selectAll().orderBy('id').execute();

describe('the demo agents, CSRs and visits', () => {
  it('are about twenty agents of every role, linked to the deployment officers and merchants’ sales agents, with visits never double-booked', async () => {
    const seeded = await seedVisits(t.deps, { now: t.clock.now() });
    expect(seeded.agents).toBeGreaterThanOrEqual(15);
    expect(seeded.agents).toBeLessThanOrEqual(25);
    expect(seeded.managed).toBeGreaterThan(20);
    expect(seeded.visits).toBeGreaterThan(100);

    const agents = await t.db.selectFrom('field_agents').select(['role', 'email', 'phone', 'active']).execute();
    expect(new Set(agents.map((agent) => agent.role))).toEqual(new Set(['SALES_AGENT', 'MSO', 'DSR', 'CSR']));
    expect(agents.some((agent) => !agent.active)).toBe(true);
    const { rows: officers } = await sql<{ n: number }>`
      select count(*)::int as n from (select distinct officer_phone from terminal_deployment_codes) o
      where not exists (select 1 from field_agents a where a.phone = o.officer_phone)`.execute(t.db);
    expect(officers[0]!.n).toBe(0);
    const { rows: sales } = await sql<{ n: number }>`
      select count(*)::int as n from field_agents a join businesses b on lower(b.sales_agent_email) = a.email where a.role = 'SALES_AGENT'`.execute(t.db);
    expect(sales[0]!.n).toBeGreaterThan(0);

    const { rows: overlaps } = await sql<{ id: number }>`
      select v.id from visits v join visits w on w.agent_id = v.agent_id and w.id <> v.id
      where v.status <> 'CANCELLED' and w.status <> 'CANCELLED'
        and w.scheduled_for < v.scheduled_for + make_interval(mins => v.duration_minutes)
        and v.scheduled_for < w.scheduled_for + make_interval(mins => w.duration_minutes)`.execute(t.db);
    expect(overlaps).toEqual([]);
    const now = t.clock.now();
    const visits = await stored();
    const past = visits.filter((visit) => new Date(visit.scheduled_for) < now);
    const future = visits.filter((visit) => new Date(visit.scheduled_for) >= now);
    expect(new Set(past.map((visit) => visit.status))).toEqual(new Set(['DONE', 'MISSED', 'CANCELLED']));
    expect(future.length).toBeGreaterThan(10);
    expect(future.every((visit) => visit.status === 'SCHEDULED' || visit.status === 'CANCELLED')).toBe(true);
    expect(past.filter((visit) => visit.status !== 'CANCELLED').every((visit) => visit.outcome && visit.logged_at)).toBe(true);
    expect(Math.min(...visits.map((visit) => new Date(visit.scheduled_for).getTime()))).toBeGreaterThan(now.getTime() - 61 * 86_400_000);
    expect(Math.max(...visits.map((visit) => new Date(visit.scheduled_for).getTime()))).toBeLessThan(now.getTime() + 15 * 86_400_000);

    // The CSR lists' totals, exactly as the rows say.
    const boss = await t.actor({ role: 'super_admin' });
    const onboarded = await boss.request('GET', '/v1/csr/onboarded-merchants', { query: { period: 'ALL' } });
    expect(onboarded.status, onboarded.text).toBe(200);
    const { rows: onboardedByCsr } = await sql<{ csr: number; n: number }>`
      select csr_agent_id as csr, count(*)::int as n from merchant_csr where onboarded group by csr_agent_id order by csr_agent_id`.execute(t.db);
    expect(
      onboarded.body.items
        .map((row: { csrId: number; count: number }) => ({ csr: row.csrId, n: row.count }))
        .sort((a: { csr: number }, b: { csr: number }) => a.csr - b.csr),
    ).toEqual(onboardedByCsr);
    const monthly = await boss.request('GET', '/v1/csr/onboarded-merchants');
    for (const row of onboarded.body.items as { csrId: number; count: number }[]) {
      const months = (monthly.body.items as { csrId: number; count: number; csrTotal: number }[]).filter((month) => month.csrId === row.csrId);
      expect(months.reduce((sum, month) => sum + month.count, 0)).toBe(row.count);
      expect(months.every((month) => month.csrTotal === row.count)).toBe(true);
    }
    const deployments = await boss.request('GET', '/v1/csr/terminal-deployments', { query: { period: 'ALL' } });
    expect(deployments.status, deployments.text).toBe(200);
    const { rows: deployedByCsr } = await sql<{ csr: number; n: number }>`
      select m.csr_agent_id as csr, count(*)::int as n from terminal_deployments d join merchant_csr m on m.business_id = d.business_id
      group by m.csr_agent_id order by m.csr_agent_id`.execute(t.db);
    expect(deployedByCsr.length).toBeGreaterThan(0);
    expect(
      deployments.body.items
        .map((row: { csrId: number; count: number }) => ({ csr: row.csrId, n: row.count }))
        .sort((a: { csr: number }, b: { csr: number }) => a.csr - b.csr),
    ).toEqual(deployedByCsr);
    const accounts = await boss.request('GET', '/v1/csr/account-list', { query: { limit: '1' } });
    expect(accounts.body.total).toBe(seeded.managed);

    // Once; the same again over emptied tables.
    expect(await seedVisits(t.deps, { now })).toEqual({ agents: 0, managed: 0, visits: 0 });
    await t.db.deleteFrom('visit_events').execute();
    await t.db.deleteFrom('visits').execute();
    await t.db.deleteFrom('merchant_csr').execute();
    await t.db.deleteFrom('field_agents').execute();
    expect(await seedVisits(t.deps, { now })).toEqual(seeded);
    expect((await stored()).map(({ id: _id, agent_id: _agent, ...visit }) => visit)).toEqual(visits.map(({ id: _id, agent_id: _agent, ...visit }) => visit));
  });
});
