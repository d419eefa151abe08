import { registry, type AnyCommand } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp, type TestResponse } from './test/harness';
import { buildRequest, probeCommand, unknownIdCases, validInput, type BadInputCase } from './test/invalid-inputs';

/**
 * Invalid input for every command of the registry, derived from its input schema: each is
 * refused with a 4xx `{ code, message }` (400 naming the field where one field is wrong) and
 * changes nothing. Commands added later are probed without touching this file.
 */

const commands: readonly AnyCommand[] = registry;
const probes = commands.map(probeCommand);

let t: TestApp;
let boss: Actor;
/** The fingerprint after the previous case: the next case's "before", saving a query round. */
let lastSnapshot: Record<string, string> | null = null;

beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin' });
});
afterAll(() => t.close());

let keys = 0;

/** Sends a case as the super admin (public commands: without a token), with an Idempotency-Key where one is required (money commands), so a case is refused for what it breaks. */
function send(c: BadInputCase): Promise<TestResponse> {
  const { path, query, body } = buildRequest(c.command, c.input);
  const headers = {
    ...(c.contentType ? { 'content-type': c.contentType } : {}),
    ...(c.command.idempotency === 'required' ? { 'idempotency-key': `bad-input-${++keys}` } : {}),
  };
  const options = {
    ...(query ? { query } : {}),
    ...(c.rawBody === undefined ? (body !== undefined ? { body } : {}) : c.rawBody === '' ? {} : { rawBody: c.rawBody }),
    ...(Object.keys(headers).length ? { headers } : {}),
  };
  return c.command.auth === 'public' ? t.request(c.command.method, path, options) : boss.request(c.command.method, path, options);
}

const lastAudit = () => t.db.selectFrom('audit_log').select(['id', 'command_id', 'outcome']).orderBy('id', 'desc').limit(1).executeTakeFirst();

async function run(c: BadInputCase): Promise<void> {
  const before = lastSnapshot ?? (await t.snapshot());
  const auditedBefore = await lastAudit();
  const answer = await send(c);
  const after = await t.snapshot();
  const audited = await lastAudit();
  lastSnapshot = after;
  const where = `${c.command.method} ${buildRequest(c.command, c.input).path} -> ${answer.status} ${answer.text.slice(0, 300)}`;

  expect(answer.status, where).toBeGreaterThanOrEqual(400);
  expect(answer.status, where).toBeLessThan(500);
  expect(typeof answer.body, where).toBe('object');
  expect(answer.body.code, where).toBe(String(answer.status));
  expect(typeof answer.body.message, where).toBe('string');
  expect(answer.body.message.trim(), where).not.toBe('');

  if (c.status === 'bad-input-or-too-large') expect([400, 413], where).toContain(answer.status);
  else expect(answer.status, where).toBe(c.status);

  if (answer.status === 400 && (c.field || c.fieldOneOf)) {
    const first = answer.body.details?.fields?.[0]?.field;
    if (c.field) expect(first, where).toBe(c.field);
    else expect(c.fieldOneOf, where).toContain(first);
    expect(String(answer.body.details.fields[0].message ?? '').trim(), where).not.toBe('');
  }
  expect(after, `${c.name} changed the database`).toEqual(before);
  // Every refusal of a command that changes things is audited, whichever step refused it.
  if (c.command.mutates) {
    expect(audited?.id, `${c.name} was not audited`).not.toBe(auditedBefore?.id);
    expect(audited, `${c.name} was not audited`).toMatchObject({ command_id: c.command.id, outcome: String(answer.status) });
  }
}

describe.each(probes.map((probe) => [probe.command.id, probe] as const))('%s', (_id, probe) => {
  const { command, cases, unbounded } = probe;

  it('bounds every string input with a maxLength', () => {
    expect(
      unbounded.map((u) => `${u.command}: input field "${u.field}" is a string without a maxLength`),
      `${command.id}: every input string must be bounded`,
    ).toEqual([]);
  });

  it('the generated valid-looking input passes the schema (so each probe below breaks one thing only)', () => {
    const base = validInput(command);
    const parsed = command.input.safeParse(base);
    expect(parsed.success, `${command.id}: ${JSON.stringify(base)} -> ${parsed.error?.message}`).toBe(true);
    const withUnknownIds = command.input.safeParse(probe.base);
    expect(withUnknownIds.success, `${command.id}: ${JSON.stringify(probe.base)} -> ${withUnknownIds.error?.message}`).toBe(true);
  });

  if (cases.length === 0) {
    it('has no input to corrupt', () => {
      expect(probe.fields).toEqual([]);
      expect(['GET', 'DELETE']).toContain(command.method);
    });
  } else {
    it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => run(c));
  }

  const unknown = unknownIdCases(command);
  if (unknown.length > 0) it.each(unknown.map((c) => [c.name, c] as const))('%s answers 404', (_name, c) => run(c));
});

it('probes every command', () => {
  expect(probes.map((p) => p.command.id)).toEqual(commands.map((c) => c.id));
  const total = probes.reduce((sum, p) => sum + p.cases.length, 0) + commands.reduce((sum, c) => sum + unknownIdCases(c).length, 0);
  expect(total).toBeGreaterThan(commands.length);
});
