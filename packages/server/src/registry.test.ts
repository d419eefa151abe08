import { PERMISSION_IDS, registry, type AnyCommand } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { implementations } from './handlers';
import { createTestApp, type Actor, type TestApp } from './test/harness';

/**
 * Walks the whole registry, so a command added later is covered without touching this file:
 * implemented once, mounted, guarded by its permission, refused without a session, and
 * described in the OpenAPI document.
 */

const commands: readonly AnyCommand[] = registry;
const withPermission = commands.filter((command) => command.permission !== null);
const adminOnly = commands.filter((command) => command.auth === 'admin');

/** `[label, command]` rows for `it.each`, so test names show the whole id and route. */
const rows = (list: readonly AnyCommand[]) => list.map((command) => [`${command.id} (${command.method} ${command.path})`, command] as const);

/** The command's path with every `{param}` replaced by `value`. */
const pathWith = (command: AnyCommand, value: string) => command.path.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, encodeURIComponent(value));

const NO_SUCH_ENDPOINT = /^No such endpoint/;

/** Permissions a handler checks for some actions of a command (`loans update` DISBURSE and WRITE_OFF move money). */
const HANDLER_CHECKED_PERMISSIONS = ['loans.disburse', 'downloads.view-all'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('implementations', () => {
  it.each(rows(commands))('%s has exactly one implementation', (_label, command) => {
    const matching = implementations.filter((implementation) => implementation.command.id === command.id);
    expect(matching, `${command.id} should be implemented exactly once in handlers.ts`).toHaveLength(1);
    expect(matching[0]!.command, `${command.id}: the implementation must use the registry's command object`).toBe(command);
    const implementation = matching[0]!;
    // Exactly one of handler/list, and list only for list commands.
    expect(Boolean(implementation.handler) !== Boolean(implementation.list), `${command.id}: handler xor list`).toBe(true);
    if (implementation.list) expect(command.list, `${command.id} is implemented as a list but declares no list spec`).toBeDefined();
  });

  it('every implementation belongs to a command of the registry, once', () => {
    const strangers = implementations.filter((implementation) => !commands.includes(implementation.command)).map((i) => i.command.id);
    expect(strangers, 'implementations of commands missing from the registry').toEqual([]);
    const ids = implementations.map((implementation) => implementation.command.id);
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(duplicates, 'commands implemented twice').toEqual([]);
    expect(implementations).toHaveLength(commands.length);
  });

  it('command ids and method+path pairs are unique', () => {
    const ids = commands.map((command) => command.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const routes = commands.map((command) => `${command.method} ${pathWith(command, ':p')}`);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });
});

describe('mounting', () => {
  it('an unknown path answers the "No such endpoint" body (so the check below means something)', async () => {
    const answer = await t.request('GET', '/v1/admin/definitely-not-a-command');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: '404', message: expect.stringMatching(NO_SUCH_ENDPOINT) });
  });

  it.each(rows(commands))('%s is mounted', async (_label, command) => {
    const answer = await t.request(command.method, pathWith(command, '1'));
    const message = typeof answer.body === 'object' && answer.body !== null ? String(answer.body.message ?? '') : answer.text;
    expect(message, `${command.method} ${pathWith(command, '1')} is not mounted`).not.toMatch(NO_SUCH_ENDPOINT);
  });
});

describe('permissions', () => {
  let staff: Actor;
  beforeAll(async () => {
    staff = await t.actor({ role: 'staff', permissions: [] });
  });

  it('there is at least one permission-guarded command (so the walk below means something)', () => {
    expect(withPermission.length).toBeGreaterThan(0);
  });

  it.each(rows(withPermission))('%s refuses a staff admin without its permission with 403', async (_label, command) => {
    const answer = await staff.request(command.method, pathWith(command, '1'));
    expect(answer.status, `${command.method} ${command.path}: ${answer.text}`).toBe(403);
    expect(answer.body.code).toBe('403');
    expect(answer.body.message).toEqual(expect.any(String));
    expect(answer.body.message.length).toBeGreaterThan(0);
  });

  // A fresh super admin per command: some commands (sign-out) end the caller's session. Path
  // parameters point at nothing, so no command can touch a real record with an empty input.
  it.each(rows(commands))('%s never answers 403 to a super admin', async (_label, command) => {
    const boss = await t.actor({ role: 'super_admin' });
    const answer = await boss.request(command.method, pathWith(command, '999999'));
    expect(answer.status, `${command.method} ${command.path}: ${answer.text}`).not.toBe(403);
    expect(answer.status, `${command.method} ${command.path}: ${answer.text}`).toBeLessThan(500);
  });

  it('the catalogue holds no permission that no command uses', async () => {
    const used = new Set<string>(commands.map((command) => command.permission).filter((p) => p !== null));
    // The second admin's permission of an approval policy (loans.approve) guards no command: the approvals queue checks it.
    for (const band of await t.db.selectFrom('approval_policy_bands').select('permission').execute()) used.add(band.permission);
    // Checked by a handler for some actions of a command, on top of the command's own permission.
    for (const permission of HANDLER_CHECKED_PERMISSIONS) used.add(permission);
    expect(PERMISSION_IDS.filter((permission) => !used.has(permission))).toEqual([]);
  });

  it('every permission a command names is in the catalogue', () => {
    const catalogue = new Set<string>(PERMISSION_IDS);
    expect(withPermission.filter((command) => !catalogue.has(command.permission!)).map((c) => c.id)).toEqual([]);
  });

  it('public commands need no permission (their check would never run)', () => {
    expect(commands.filter((command) => command.auth === 'public' && command.permission !== null).map((c) => c.id)).toEqual([]);
  });
});

describe('authentication', () => {
  it.each(rows(adminOnly))('%s answers 401 without a token', async (_label, command) => {
    const answer = await t.request(command.method, pathWith(command, '1'));
    expect(answer.status, `${command.method} ${command.path}: ${answer.text}`).toBe(401);
    expect(answer.body.code).toBe('401');
    expect(String(answer.body.message ?? '')).not.toBe('');
  });
});

/** The parts of the served OpenAPI document these tests read; each test checks them before relying on them. */
interface OpenApiOperation {
  operationId?: string;
  'x-permission'?: string | null;
  parameters?: unknown[];
}
interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string };
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

describe('OpenAPI document', () => {
  let doc: OpenApiDocument;
  beforeAll(async () => {
    const answer = await t.request<OpenApiDocument>('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    doc = answer.body;
  });

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info?.title).toEqual(expect.any(String));
    expect(typeof doc.paths).toBe('object');
  });

  it.each(rows(commands))('describes %s', (_label, command) => {
    const operation = doc.paths?.[command.path]?.[command.method.toLowerCase()];
    expect(operation, `no operation at ${command.method} ${command.path}`).toBeDefined();
    expect(operation!.operationId).toBe(command.id);
    expect(operation!['x-permission']).toBe(command.permission);
    for (const name of command.pathParams) {
      expect(operation!.parameters, `${command.id}: path parameter ${name}`).toContainEqual(expect.objectContaining({ name, in: 'path', required: true }));
    }
  });

  it('has no operation that is not a command', () => {
    const known = new Set(commands.map((command) => `${command.method.toLowerCase()} ${command.path}`));
    const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
    const extra: string[] = [];
    for (const [path, item] of Object.entries(doc.paths!)) {
      for (const method of Object.keys(item)) if (methods.has(method) && !known.has(`${method} ${path}`)) extra.push(`${method} ${path}`);
    }
    expect(extra).toEqual([]);
  });
});
