import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

const SCHEDULE = '/v1/salesagent/schedule-visitation';
const LIST = '/v1/salesagent/all-schedule-visitations';
const LOGGED = '/v1/salesagent/visitation-log';
const AGENTS = '/v1/salesagent/list-agents';
const visitPath = (id: number, action = '') => `/v1/salesagent/visitations/${id}${action ? `/${action}` : ''}`;

let t: TestApp;
let scheduler: Actor;
let viewer: Actor;
let csrViewer: Actor;
let agentA: number;
let agentB: number;
let agentC: number;
let retired: number;
let csr1: number;
let csr2: number;
let shop: number;
let pharmacy: number;
/** The week of visits booked for agent A, Monday to Friday. */
const week: number[] = [];

async function insertAgent(values: {
  name: string;
  email: string;
  phone: string;
  role: 'SALES_AGENT' | 'MSO' | 'DSR' | 'CSR';
  state_code?: string;
  active?: boolean;
}) {
  const row = await t.db
    .insertInto('field_agents')
    .values({ state_code: 'LA', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const visit = (overrides: Record<string, unknown> = {}) => ({
  agentId: agentA,
  businessId: shop,
  agenda: 'SUPPORT',
  scheduledFor: '2026-11-23T10:00',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  scheduler = await t.actor({ role: 'staff', permissions: ['visits.view', 'visits.schedule'] });
  viewer = await t.actor({ role: 'staff', permissions: ['visits.view'] });
  csrViewer = await t.actor({ role: 'staff', permissions: ['csr.view'] });
  agentA = await insertAgent({ name: 'Bola Adeyemi', email: 'bola.adeyemi@traction.ng', phone: '+2348035550101', role: 'MSO' });
  agentB = await insertAgent({ name: 'Efe Okoro', email: 'efe.okoro@traction.ng', phone: '+2348145550108', role: 'SALES_AGENT', state_code: 'FC' });
  agentC = await insertAgent({ name: 'Ngozi Eze', email: 'ngozi.eze@traction.ng', phone: '+2349035550105', role: 'DSR' });
  retired = await insertAgent({ name: 'Yusuf Garba', email: 'yusuf.garba@traction.ng', phone: '+2348095550109', role: 'DSR', active: false });
  csr1 = await insertAgent({ name: 'Amaka Nwosu', email: 'amaka.nwosu@traction.ng', phone: '+2348175550110', role: 'CSR' });
  csr2 = await insertAgent({ name: 'Tunde Bakare', email: 'tunde.bakare@traction.ng', phone: '+2348135550104', role: 'CSR' });
  shop = (await insertBusiness(t.db, { name: 'Mama Put Kitchen', address: 'Shop 4, Balogun Market', state_code: 'LA' })).id;
  pharmacy = (await insertBusiness(t.db, { name: 'Alheri Pharmacy', address: '12 Wuse Zone 5', state_code: 'FC' })).id;
});
afterAll(() => t.close());

describe('scheduling visits', () => {
  it('schedules a week of visits for an agent, with the merchant’s address and state as the location, audited', async () => {
    for (const day of [23, 24, 25, 26, 27]) {
      const res = await scheduler.request('POST', SCHEDULE, {
        body: visit({ scheduledFor: `2026-11-${day}T10:00`, agenda: day === 25 ? 'TRAINING' : 'SUPPORT' }),
      });
      expect(res.status, res.text).toBe(200);
      week.push(res.body.visit.id);
    }
    const first = await scheduler.request('GET', visitPath(week[0]!));
    expect(first.status, first.text).toBe(200);
    expect(first.body.visit).toMatchObject({
      agentId: agentA,
      agentName: 'Bola Adeyemi',
      businessName: 'Mama Put Kitchen',
      agenda: 'SUPPORT',
      location: 'Shop 4, Balogun Market',
      stateCode: 'LA',
      scheduledFor: '2026-11-23T09:00:00.000Z',
      durationMinutes: 60,
      endsAt: '2026-11-23T10:00:00.000Z',
      status: 'SCHEDULED',
      formId: null,
      createdBy: expect.stringContaining('Test'),
    });
    expect(first.body.history).toEqual([expect.objectContaining({ kind: 'SCHEDULED', by: expect.stringContaining('Test') })]);
    const audited = await t.db.selectFrom('audit_log').select(['outcome', 'summary', 'subject_kind']).where('command_id', '=', 'visits.schedule').execute();
    expect(audited).toHaveLength(5);
    expect(audited[0]).toMatchObject({ subject_kind: 'business' });
    expect(audited[0]!.summary).toContain('Mama Put Kitchen');
  });

  it('refuses to double-book an agent (409 naming the other visit), but books the next hour and other agents', async () => {
    const clash = await scheduler.request('POST', SCHEDULE, { body: visit({ scheduledFor: '2026-11-23T10:30', businessId: pharmacy }) });
    expect(clash.status, clash.text).toBe(409);
    expect(clash.body.details).toMatchObject({ reason: 'double_booked', visitId: week[0] });
    expect(clash.body.message).toContain(`visit ${week[0]}`);
    expect(clash.body.message).toContain('Mama Put Kitchen');
    // Starting earlier and running into it clashes too.
    expect((await scheduler.request('POST', SCHEDULE, { body: visit({ scheduledFor: '2026-11-23T09:30' }) })).status).toBe(409);
    // Back to back is fine.
    const next = await scheduler.request('POST', SCHEDULE, { body: visit({ scheduledFor: '2026-11-23T11:00', businessId: pharmacy, durationMinutes: 90 }) });
    expect(next.status, next.text).toBe(200);
    const other = await scheduler.request('POST', SCHEDULE, { body: visit({ agentId: agentC, scheduledFor: '2026-11-23T10:00' }) });
    expect(other.status, other.text).toBe(200);
  });

  it('books one of two requests for the same agent at the same time sent at once', async () => {
    const body = visit({ agentId: agentB, businessId: pharmacy, scheduledFor: '2026-11-24T12:00', agenda: 'ONBOARDING' });
    const answers = await Promise.all([
      scheduler.request('POST', SCHEDULE, { body }),
      scheduler.request('POST', SCHEDULE, { body: { ...body, scheduledFor: '2026-11-24T12:15' } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const booked = await t.db.selectFrom('visits').select('id').where('agent_id', '=', agentB).execute();
    expect(booked).toHaveLength(1);
  });

  it.each([
    ['in the past', { scheduledFor: '2026-11-20T10:00' }, 'scheduledFor'],
    ['right now', { scheduledFor: '2026-11-21T10:00' }, 'scheduledFor'],
    ['a made-up agenda', { agenda: 'PARTY' }, 'agenda'],
    ['a date that does not exist', { scheduledFor: '2026-02-30T10:00' }, 'scheduledFor'],
    ['five minutes long', { durationMinutes: 5, scheduledFor: '2026-12-01T10:00' }, 'durationMinutes'],
    ['an unknown agent', { agentId: 999_999, scheduledFor: '2026-12-01T10:00' }, 'agentId'],
    ['an agent who left', { agentId: -1, scheduledFor: '2026-12-01T10:00' }, 'agentId'],
    ['an unknown merchant', { businessId: 999_999, scheduledFor: '2026-12-01T10:00' }, 'businessId'],
  ])('refuses a visit %s (400 naming the field), changing nothing', async (_case, overrides, field) => {
    const body = visit(overrides);
    if (body.agentId === -1) body.agentId = retired;
    const before = await t.db
      .selectFrom('visits')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await scheduler.request('POST', SCHEDULE, { body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.details.fields.map((issue: { field: string }) => issue.field)).toContain(field);
    const after = await t.db
      .selectFrom('visits')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('needs the permission: viewers may read, not schedule; others may not read', async () => {
    expect((await viewer.request('POST', SCHEDULE, { body: visit({ scheduledFor: '2026-12-02T10:00' }) })).status).toBe(403);
    expect((await viewer.request('GET', LIST)).status).toBe(200);
    expect((await csrViewer.request('GET', LIST)).status).toBe(403);
    expect((await csrViewer.request('GET', visitPath(week[0]!))).status).toBe(403);
    expect((await viewer.request('POST', visitPath(week[0]!, 'cancel'), { body: { reason: 'Not allowed' } })).status).toBe(403);
    expect((await viewer.request('GET', '/v1/csr/account-list')).status).toBe(403);
  });
});

describe('the schedule and its filters', () => {
  const ids = async (query: Record<string, string>, path = LIST) => {
    const res = await viewer.request('GET', path, { query });
    expect(res.status, res.text).toBe(200);
    return res.body.items.map((row: { id: number }) => row.id) as number[];
  };

  it('lists soonest first and filters by agent, agenda, status, state, location, dates and search', async () => {
    const all = await viewer.request('GET', LIST);
    expect(all.body.pageSize).toBe(100);
    const times = all.body.items.map((row: { scheduledFor: string }) => row.scheduledFor);
    expect(times).toEqual([...times].sort());
    expect(await ids({ agentId: String(agentA) })).toHaveLength(6);
    expect(await ids({ agentId: String(agentA), agenda: 'TRAINING' })).toEqual([week[2]]);
    expect(await ids({ agentId: String(agentA), startdatetime: '2026-11-24', enddatetime: '2026-11-25' })).toEqual([week[1], week[2]]);
    expect(await ids({ stateCode: 'FC' })).toHaveLength(2);
    expect(await ids({ stateCode: 'KN' })).toEqual([]);
    expect((await ids({ location: 'wuse' })).length).toBe(2);
    expect((await ids({ search: 'alheri' })).length).toBe(2);
    expect((await ids({ search: 'ngozi' })).length).toBe(1);
    expect(await ids({ status: 'DONE' })).toEqual([]);
    const bad = await viewer.request('GET', LIST, { query: { status: 'SOMEDAY' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].field).toBe('status');
    expect((await viewer.request('GET', LIST, { query: { startdatetime: 'yesterday' } })).status).toBe(400);
  });

  it('exports the schedule as CSV', async () => {
    const res = await viewer.request('GET', LIST, { query: { agentId: String(agentA), download: 'csv' } });
    expect(res.status).toBe(200);
    expect(res.text.split('\n')[0]).toContain('Merchant');
    expect(res.text).toContain('Mama Put Kitchen');
  });

  it('lists agents by name with their visits to come, filtered by role', async () => {
    const all = await viewer.request('GET', AGENTS);
    expect(all.status, all.text).toBe(200);
    expect(all.body.items.map((row: { name: string }) => row.name)).toEqual([
      'Amaka Nwosu',
      'Bola Adeyemi',
      'Efe Okoro',
      'Ngozi Eze',
      'Tunde Bakare',
      'Yusuf Garba',
    ]);
    expect(all.body.items.find((row: { id: number }) => row.id === agentA)).toMatchObject({ upcomingVisits: 6, role: 'MSO', active: true });
    const csrs = await viewer.request('GET', AGENTS, { query: { role: 'CSR' } });
    expect(csrs.body.items.map((row: { id: number }) => row.id)).toEqual([csr1, csr2]);
    expect((await viewer.request('GET', AGENTS, { query: { search: '0814 555 0108' } })).body.items).toEqual([expect.objectContaining({ id: agentB })]);
  });
});

describe('logging and cancelling visits', () => {
  it('logs a visit once its time has come, with what happened and the form, and keeps its history', async () => {
    const early = await scheduler.request('POST', visitPath(week[0]!, 'log'), { body: { status: 'DONE', outcome: 'Replaced the paper roll' } });
    expect(early.status, early.text).toBe(409);
    expect(early.body.details.reason).toBe('not_yet');
    // Its time comes: moved to yesterday (moving the clock would end the test sessions).
    await t.db
      .updateTable('visits')
      .set({ scheduled_for: new Date('2026-11-20T09:00:00Z') })
      .where('id', '=', week[0]!)
      .execute();
    const bad = await scheduler.request('POST', visitPath(week[0]!, 'log'), { body: { status: 'CANCELLED', outcome: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.map((issue: { field: string }) => issue.field).sort()).toEqual(['outcome', 'status']);
    const logged = await scheduler.request('POST', visitPath(week[0]!, 'log'), {
      body: { status: 'DONE', outcome: 'Replaced the paper roll; sale tested', formId: 42 },
    });
    expect(logged.status, logged.text).toBe(200);
    expect(logged.body.visit).toMatchObject({
      status: 'DONE',
      outcome: 'Replaced the paper roll; sale tested',
      formId: 42,
      loggedBy: expect.stringContaining('Test'),
    });
    const again = await scheduler.request('POST', visitPath(week[0]!, 'log'), { body: { status: 'MISSED', outcome: 'Nobody there' } });
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('already');
    const shown = await viewer.request('GET', visitPath(week[0]!));
    expect(shown.body.history.map((event: { kind: string }) => event.kind)).toEqual(['SCHEDULED', 'DONE']);
    expect(shown.body.history[1].note).toBe('Replaced the paper roll; sale tested');
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['summary', 'outcome', 'subject_kind', 'subject_id', 'subject_name'])
      .where('command_id', '=', 'visits.log')
      .execute();
    const done = audited.find((row) => row.outcome === 'ok');
    // The entry links to the visit's page and names it as it is.
    expect(done).toMatchObject({ subject_kind: 'visit', subject_id: String(week[0]) });
    expect(done?.subject_name).toMatch(new RegExp(`^visit #${week[0]} to .+ \\(.+\\)$`));
    expect((await viewer.request('GET', visitPath(999_999))).status).toBe(404);
  });

  it('cancels a scheduled visit with a reason, freeing the agent’s time; a logged visit cannot be cancelled', async () => {
    const cancelled = await scheduler.request('POST', visitPath(week[1]!, 'cancel'), { body: { reason: 'Merchant travelling' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.visit).toMatchObject({ status: 'CANCELLED', cancelReason: 'Merchant travelling' });
    expect((await scheduler.request('POST', visitPath(week[1]!, 'cancel'), { body: { reason: 'Again' } })).status).toBe(409);
    expect((await scheduler.request('POST', visitPath(week[0]!, 'cancel'), { body: { reason: 'Too late' } })).status).toBe(409);
    expect((await scheduler.request('POST', visitPath(week[2]!, 'cancel'), { body: {} })).status).toBe(400);
    const rebooked = await scheduler.request('POST', SCHEDULE, { body: visit({ scheduledFor: '2026-11-24T10:00', businessId: pharmacy }) });
    expect(rebooked.status, rebooked.text).toBe(200);
  });

  it('lists the visitation log: visits whose time has come or that were called off, latest first', async () => {
    const log = await viewer.request('GET', LOGGED);
    expect(log.status, log.text).toBe(200);
    const rows = log.body.items as { id: number; status: string; scheduledFor: string }[];
    expect(rows.map((row) => row.id)).toContain(week[0]);
    expect(rows.map((row) => row.id)).toContain(week[1]);
    expect(rows.map((row) => row.id)).not.toContain(week[2]);
    const times = rows.map((row) => row.scheduledFor);
    expect(times).toEqual([...times].sort().reverse());
    const done = await viewer.request('GET', LOGGED, { query: { status: 'DONE' } });
    expect(done.body.items).toEqual([expect.objectContaining({ id: week[0], outcome: 'Replaced the paper roll; sale tested' })]);
  });
});

describe('CSR MGT', () => {
  beforeAll(async () => {
    const more = [];
    for (let n = 0; n < 4; n++) more.push((await insertBusiness(t.db, { created_at: new Date(`2026-${n < 2 ? '10' : '11'}-0${n + 1}T10:00:00Z`) })).id);
    await t.db
      .insertInto('merchant_csr')
      .values([
        { business_id: shop, csr_agent_id: csr1, since: new Date('2026-09-01T00:00:00Z'), onboarded: false },
        { business_id: more[0]!, csr_agent_id: csr1, since: new Date('2026-10-01T10:00:00Z'), onboarded: true },
        { business_id: more[1]!, csr_agent_id: csr1, since: new Date('2026-10-02T10:00:00Z'), onboarded: true },
        { business_id: more[2]!, csr_agent_id: csr1, since: new Date('2026-11-03T10:00:00Z'), onboarded: true },
        { business_id: more[3]!, csr_agent_id: csr2, since: new Date('2026-11-04T10:00:00Z'), onboarded: true },
      ])
      .execute();
  });

  it('lists the merchants each CSR manages, with how many each manages', async () => {
    const res = await csrViewer.request('GET', '/v1/csr/account-list');
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.items.map((row: { csrName: string }) => row.csrName)).toEqual(['Amaka Nwosu', 'Amaka Nwosu', 'Amaka Nwosu', 'Amaka Nwosu', 'Tunde Bakare']);
    expect(res.body.items[0]).toMatchObject({ id: shop, businessName: 'Mama Put Kitchen', csrId: csr1, csrMerchants: 4, onboarded: false });
    expect((await csrViewer.request('GET', '/v1/csr/account-list', { query: { csrId: String(csr2) } })).body.items).toEqual([
      expect.objectContaining({ csrId: csr2, csrMerchants: 1 }),
    ]);
  });

  it('counts the merchants each CSR onboarded per month, per whole range, and within dates', async () => {
    const monthly = await csrViewer.request('GET', '/v1/csr/onboarded-merchants');
    expect(monthly.status, monthly.text).toBe(200);
    expect(monthly.body.items.map((row: Record<string, unknown>) => [row.csrName, row.period, row.count, row.csrTotal])).toEqual([
      ['Amaka Nwosu', '2026-10-01', 2, 3],
      ['Amaka Nwosu', '2026-11-01', 1, 3],
      ['Tunde Bakare', '2026-11-01', 1, 1],
    ]);
    const whole = await csrViewer.request('GET', '/v1/csr/onboarded-merchants', { query: { period: 'ALL' } });
    expect(whole.body.items.map((row: Record<string, unknown>) => [row.csrId, row.period, row.count])).toEqual([
      [csr1, null, 3],
      [csr2, null, 1],
    ]);
    const november = await csrViewer.request('GET', '/v1/csr/onboarded-merchants', {
      query: { period: 'DAY', startdatetime: '2026-11-01', enddatetime: '2026-11-30' },
    });
    expect(november.body.items.map((row: Record<string, unknown>) => [row.period, row.count])).toEqual([
      ['2026-11-03', 1],
      ['2026-11-04', 1],
    ]);
    const csv = await csrViewer.request('GET', '/v1/csr/onboarded-merchants', { query: { download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n')).toHaveLength(4);
    expect((await csrViewer.request('GET', '/v1/csr/onboarded-merchants', { query: { period: 'YEAR' } })).status).toBe(400);
    const deployments = await csrViewer.request('GET', '/v1/csr/terminal-deployments');
    expect(deployments.status, deployments.text).toBe(200);
    expect(deployments.body.items).toEqual([]);
  });
});
