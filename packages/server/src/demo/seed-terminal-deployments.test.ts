import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { insertBusiness } from '../test/merchant-fixtures';
import { seedTerminalDeployments } from './seed-terminal-deployments';
import { seedTerminals } from './seed-terminals';

describe('demo terminal deployments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('with no merchants (nothing deployed): only strangers’ refused reports, once', async () => {
    expect(await seedTerminalDeployments(t.db)).toEqual({ codes: 0, reports: 0, deployments: 0 });
    await seedTerminals(t.db, { count: 100 });
    await t.actor({ role: 'staff' });
    const seeded = await seedTerminalDeployments(t.db);
    expect(seeded).toEqual({ codes: 0, reports: 9, deployments: 0 });
    const reasons = await t.db.selectFrom('terminal_deployment_reports').select('reason').execute();
    expect(new Set(reasons.map((row) => row.reason))).toEqual(new Set(['UNKNOWN_TERMINAL', 'TOO_MANY_ATTEMPTS']));
  });
});

describe('demo terminal deployments with a fleet at merchants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (let n = 0; n < 12; n++) await insertBusiness(t.db);
    await seedTerminals(t.db, { count: 400, now: t.clock.now() });
  });
  afterAll(() => t.close());

  it('deploys the deployed terminals with used codes, gives the ones in transit working codes, and keeps refusals of every kind', async () => {
    const viewer = await t.actor({ role: 'staff', permissions: ['terminals.view'] });
    const now = t.clock.now();
    const deployed = await t.db.selectFrom('terminals').select('id').where('state', '=', 'DEPLOYED').execute();
    const seeded = await seedTerminalDeployments(t.db, { now });
    expect(seeded.deployments).toBe(deployed.length);
    expect(seeded.deployments).toBeGreaterThan(100);

    // Every deployment is of a deployed terminal, at its merchant, with a used code and an accepted report.
    const mismatched = await t.db
      .selectFrom('terminal_deployments as d')
      .innerJoin('terminals as t', 't.id', 'd.terminal_id')
      .innerJoin('terminal_deployment_codes as c', 'c.id', 'd.code_id')
      .innerJoin('terminal_deployment_reports as r', 'r.id', 'd.report_id')
      .select('d.id')
      .where((eb) =>
        eb.or([
          eb('t.state', '<>', 'DEPLOYED'),
          eb('t.business_id', '<>', eb.ref('d.business_id')),
          eb('c.used_at', 'is', null),
          eb('r.result', '<>', 'ACCEPTED'),
          eb('c.expires_at', '<=', eb.ref('d.deployed_at')),
          eb('c.created_at', '>=', eb.ref('d.deployed_at')),
        ]),
      )
      .execute();
    expect(mismatched).toEqual([]);

    const codes = await viewer.request('GET', '/v1/stores/terminaldeploymentcode', { query: { status: 'ACTIVE' } });
    expect(codes.status, codes.text).toBe(200);
    expect(codes.body.total).toBeGreaterThan(0);
    const active = await t.db
      .selectFrom('terminal_deployment_codes as c')
      .innerJoin('terminals as t', 't.id', 'c.terminal_id')
      .select('t.state')
      .where('c.used_at', 'is', null)
      .where('c.revoked_at', 'is', null)
      .where('c.expires_at', '>', now)
      .execute();
    expect(new Set(active.map((row) => row.state))).toEqual(new Set(['IN_TRANSIT']));
    const statuses = await t.db.selectFrom('terminal_deployment_codes').select(['used_at', 'revoked_at', 'expires_at']).execute();
    expect(statuses.filter((row) => row.revoked_at).length).toBeGreaterThan(0);
    expect(statuses.filter((row) => !row.used_at && !row.revoked_at && row.expires_at <= now).length).toBeGreaterThan(0);

    const responses = await viewer.request('GET', '/v1/stores/deployment-response', { query: { result: 'REJECTED', limit: '100' } });
    expect(new Set(responses.body.items.map((row: { reason: string }) => row.reason))).toEqual(
      new Set(['WRONG_CODE', 'UNKNOWN_TERMINAL', 'TOO_MANY_ATTEMPTS', 'USED', 'EXPIRED']),
    );
    const byRole = await viewer.request('GET', '/v1/stores/terminal-deployments', { query: { officerRole: 'SALES_AGENT' } });
    expect(byRole.body.total).toBeGreaterThan(0);
    const history = await t.db.selectFrom('terminal_events').select('note').where('to_state', '=', 'DEPLOYED').where('note', 'like', 'Deployed by %').execute();
    expect(history.length).toBe(seeded.deployments);

    expect(await seedTerminalDeployments(t.db)).toEqual({ codes: 0, reports: 0, deployments: 0 });
  });
});
