import { lagosDate } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;
const db = () => server.server.deps.db;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ merchants: 10 });
  user = cliUser(server.url);
  await signIn(user, server);
}, 240_000);
afterAll(async () => {
  user?.remove();
  await server?.close();
});

const rows = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: number; agentId: number; businessId: number; status: string; scheduledFor: string });

describe('traction visits', () => {
  it('schedules a week of visits for an agent, refuses a double booking and a past time, lists them, and logs one', async () => {
    const agent = await db()
      .insertInto('field_agents')
      .values({ name: 'Kunle Shell', email: 'kunle.shell@traction.ng', phone: '+2348030000888', role: 'DSR', state_code: 'OY' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const merchants = await db().selectFrom('businesses').select(['id', 'name']).orderBy('id').limit(5).execute();
    const days = [1, 2, 3, 4, 5].map((ahead) => lagosDate(new Date(Date.now() + ahead * DAY_MS)));
    const ids: number[] = [];
    for (const [index, day] of days.entries()) {
      const booked = await user.run([
        'visits',
        'schedule',
        '--agent-id',
        String(agent.id),
        '--business-id',
        String(merchants[index]!.id),
        '--agenda',
        'SUPPORT',
        '--scheduled-for',
        `${day}T10:00`,
        '--json',
      ]);
      expect(booked.code, booked.stderr).toBe(EXIT.ok);
      ids.push((JSON.parse(booked.stdout) as { visit: { id: number } }).visit.id);
    }
    const clash = await user.run([
      'visits',
      'schedule',
      '--agent-id',
      String(agent.id),
      '--business-id',
      String(merchants[0]!.id),
      '--agenda',
      'TRAINING',
      '--scheduled-for',
      `${days[2]}T10:30`,
    ]);
    expect(clash.code).toBe(EXIT.error);
    expect(clash.stderr).toContain(`Kunle Shell already has visit ${ids[2]} at ${merchants[2]!.name}`);
    const past = await user.run([
      'visits',
      'schedule',
      '--agent-id',
      String(agent.id),
      '--business-id',
      String(merchants[0]!.id),
      '--agenda',
      'SUPPORT',
      '--scheduled-for',
      '2020-01-06T10:00',
    ]);
    expect(past.code).toBe(EXIT.error);
    expect(past.stderr).toContain('A visit cannot be scheduled in the past');

    const listed = await user.run(['visits', 'list', '--agent-id', String(agent.id), '--json']);
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    expect(rows(listed.stdout).map((row) => row.id)).toEqual(ids);
    const csv = await user.run(['visits', 'list', '--agent-id', String(agent.id), '--startdatetime', days[1]!, '--enddatetime', days[2]!, '--csv']);
    expect(csv.code, csv.stderr).toBe(EXIT.ok);
    expect(csv.stdout.trim().split('\n')).toHaveLength(3);

    // Its time comes (moved to yesterday: the server's clock is real); then it is logged, once.
    await db()
      .updateTable('visits')
      .set({ scheduled_for: new Date(Date.now() - DAY_MS) })
      .where('id', '=', ids[0]!)
      .execute();
    const logged = await user.run(['visits', 'log', '--id', String(ids[0]), '--status', 'DONE', '--outcome', 'Trained the cashier; terminal working', '--yes']);
    expect(logged.code, logged.stderr).toBe(EXIT.ok);
    expect(logged.stdout).toContain(`Visit ${ids[0]} to ${merchants[0]!.name} logged as done.`);
    const again = await user.run(['visits', 'log', '--id', String(ids[0]), '--status', 'MISSED', '--outcome', 'Nobody there', '--yes']);
    expect(again.code).toBe(EXIT.error);
    const shown = await user.run(['visits', 'show', '--id', String(ids[0]), '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ visit: { status: 'DONE', outcome: 'Trained the cashier; terminal working' } });
  });
});
