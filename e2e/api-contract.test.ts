import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, generateTypes, typeErrors } from '@traction/api-client';
import { type AnyCommand, registry } from '@traction/core';
import type { RunningServer, SandboxEmailProvider } from '@traction/server';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_EMAIL, ROOT_PASSWORD, startConsoleServer } from './console-server';
import { MUTATIONS } from './api-contract-mutations';

/*
 * The OpenAPI document checked from outside the code: a client generated from the served
 * document (openapi-typescript's types, openapi-fetch's calls), as an integrator would make one,
 * calls every list and read of a real server with the demo data, and one change of each domain;
 * every answer must be one the document lists for that operation, and match its schema.
 */

type Json = Record<string, unknown>;
interface Operation {
  parameters?: ({ name: string; in: string; required?: boolean; example?: unknown } | { $ref: string })[];
  requestBody?: { content: Record<string, { example?: Json }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Json }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; responses: Record<string, { content?: Record<string, { schema: Json }> }> };
}
interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}
/** openapi-fetch's client with the paths known only at run time (the typed use is checked below). */
interface RuntimeClient {
  request(
    method: string,
    path: string,
    init: { params?: { path?: Json; query?: Json; header?: Json }; body?: unknown; parseAs?: 'json' | 'text' | 'blob' },
  ): Promise<Answer>;
}

const DEVICE = { deviceId: 'api-contract-test', deviceModel: 'Contract test', browserName: 'node', browserVersion: process.versions.node, deviceType: 'cli' };
const API_CLIENT_DIR = fileURLToPath(new URL('../packages/api-client', import.meta.url));

let server: RunningServer;
let email: SandboxEmailProvider;
let document: Document;
let client: RuntimeClient;
let headers: Record<string, string>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The contract's own formats: what a field means beyond its type, not a pattern to check.
for (const format of ['kobo', 'range-bound', 'file', 'honeypot', 'csv', 'string']) ajv.addFormat(format, true);

const operationOf = (command: AnyCommand) => document.paths[command.path]![command.method.toLowerCase()]!;

/** The schema the document gives an operation's answer of this status and type, its `$ref`s resolved. */
function answerSchema(operation: Operation, status: number, type: string): Json | undefined {
  let response = operation.responses[String(status)];
  if (response?.$ref) response = document.components.responses[response.$ref.split('/').at(-1)!];
  const schema = response?.content?.[type]?.schema;
  if (schema?.$ref === '#/components/schemas/Error') return document.components.schemas.Error;
  return schema;
}

/** Why an answer is not one the document describes for the operation; null when it is. */
function mismatch(command: AnyCommand, answer: Answer): string | null {
  const { status } = answer.response;
  const type = (answer.response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const operation = operationOf(command);
  if (!operation.responses[String(status)]) return `${status} is not an answer the document lists`;
  if (type !== 'application/json') return command.answers === 'file' || type === 'text/csv' ? null : `answered ${type}`;
  const schema = answerSchema(operation, status, type);
  if (!schema) return `no schema for ${status} ${type}`;
  const validate = ajv.compile(schema);
  if (validate(answer.data ?? answer.error)) return null;
  return ajv.errorsText(validate.errors?.slice(0, 3));
}

/** Calls a command through the client: `fields` go in the query of a GET or DELETE, else in the JSON body. */
async function call(command: AnyCommand, input: { path?: Json; fields?: Json; header?: Json } = {}): Promise<Answer> {
  const inQuery = command.method === 'GET' || command.method === 'DELETE';
  return client.request(command.method, command.path, {
    params: { path: input.path ?? {}, query: inQuery ? (input.fields ?? {}) : {}, header: { ...headers, ...input.header } },
    ...(inQuery ? {} : { body: input.fields ?? {} }),
    parseAs: command.answers === 'file' ? 'blob' : 'json',
  });
}

/** The document's examples of an operation's required fields, in the query or the body (a list's category, a merchant's id). */
function requiredFields(operation: Operation): Json {
  const fields: Json = {};
  for (const parameter of operation.parameters ?? []) {
    if ('name' in parameter && parameter.in === 'query' && parameter.required) fields[parameter.name] = parameter.example;
  }
  return { ...fields, ...operation.requestBody?.content['application/json']?.example };
}

const byId = (id: string) => registry.find((command) => command.id === id)!;
const lists = registry.filter((command) => command.list && command.pathParams.length === 0 && command.auth === 'admin');
const reads = registry.filter((command) => command.method === 'GET' && !command.mutates && !lists.includes(command) && command.auth === 'admin');
/** Values of the demo data by field name, from every list's first page: what a read's path parameters are filled from. */
const seen = new Map<string, unknown[]>();
/** Rows of each group's lists: a read's `{id}` is a row of its own group's list first. */
const rowsByGroup = new Map<string, Json[]>();

beforeAll(async () => {
  ({ server, email } = await startConsoleServer());
  document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Document;
  client = createClient({ baseUrl: server.url }) as unknown as RuntimeClient;
  // Signing in through the same client: the password, then the device's code from the sandbox mailbox.
  const login = byId('auth.login');
  const first = await call(login, { fields: { email: ROOT_EMAIL, password: ROOT_PASSWORD, device: DEVICE } });
  expect(mismatch(login, first)).toBeNull();
  let token = (first.data as { token?: string }).token;
  if (!token) {
    const code = email.latest(ROOT_EMAIL, 'device-code')?.data?.code;
    const deviceLogin = byId('auth.device-login');
    const second = await call(deviceLogin, { fields: { email: ROOT_EMAIL, code, device: DEVICE } });
    expect(mismatch(deviceLogin, second)).toBeNull();
    token = (second.data as { token: string }).token;
  }
  headers = { authorization: `Bearer ${token}`, 'device-id': DEVICE.deviceId };
});

afterAll(async () => {
  await server?.close();
});

describe('every list', () => {
  it.each(lists.map((command) => [command.id, command] as const))('%s answers as the document says', async (_id, command) => {
    const answer = await call(command, { fields: { ...requiredFields(operationOf(command)), page: 1 } });
    expect(answer.response.status, JSON.stringify(answer.error)).toBe(200);
    expect(mismatch(command, answer)).toBeNull();
    const rows = (answer.data as { items?: Json[] }).items ?? [];
    rowsByGroup.set(command.group, [...(rowsByGroup.get(command.group) ?? []), ...rows]);
    for (const row of rows.slice(0, 20)) {
      for (const [key, value] of Object.entries(row)) {
        if (typeof value === 'number' || typeof value === 'string') seen.set(key, [...(seen.get(key) ?? []), value]);
      }
    }
  });
});

/** A path parameter's value from the demo data: a row of the command's own group, else any row's field of that name. */
function demoValue(command: AnyCommand, name: string): unknown {
  const own = rowsByGroup.get(command.group) ?? [];
  const key = name === 'id' ? 'id' : name;
  return own.find((row) => row[key] !== undefined && row[key] !== null)?.[key] ?? seen.get(name)?.[0];
}

describe('every read', () => {
  it.each(reads.map((command) => [command.id, command] as const))('%s answers as the document says', async (_id, command) => {
    const operation = operationOf(command);
    const path: Json = {};
    let fromDemo = true;
    for (const name of command.pathParams) {
      const parameter = operation.parameters?.find((p) => 'name' in p && p.name === name) as { example?: unknown; schema?: Json } | undefined;
      // One of a few named values (a sheet's source) is the document's to give, not the data's.
      const value = parameter?.schema?.enum ? undefined : demoValue(command, name);
      fromDemo &&= value !== undefined;
      path[name] = value ?? parameter?.example;
    }
    const fields = requiredFields(operation);
    const answer = await call(command, { path, fields });
    expect(mismatch(command, answer), `${command.method} ${command.path} with ${JSON.stringify(path)}`).toBeNull();
    // A record named by the demo data is there to read. An example's may not be (a 404 the
    // document lists), or may fail a check an example cannot know of (a bank's check digit, one of
    // two fields needed).
    const byDemoOnly = fromDemo && command.pathParams.length > 0 && Object.keys(fields).length === 0;
    expect(byDemoOnly ? [200, 404] : [200, 400, 404, 409], `${JSON.stringify(path)}: ${JSON.stringify(answer.error)}`).toContain(answer.response.status);
  });
});

describe('a change in each domain', () => {
  it.each(MUTATIONS.map((mutation) => [mutation.id, mutation] as const))('%s answers as the document says', async (id, mutation) => {
    const command = byId(id);
    const operation = operationOf(command);
    const example = (operation.requestBody?.content['application/json']?.example ?? {}) as Json;
    const input = mutation.input({ seen: (name) => seen.get(name)?.[0], rows: (group) => rowsByGroup.get(group) ?? [] });
    const answer = await call(command, {
      path: input.path ?? {},
      fields: { ...example, ...input.body },
      header: command.idempotency === 'none' ? {} : { 'Idempotency-Key': `contract-${id}-${Date.now()}` },
    });
    expect(answer.response.status, JSON.stringify(answer.error)).toBe(200);
    expect(mismatch(command, answer)).toBeNull();
  });
});

// Last: type-checking blocks the event loop for seconds, and a request right after it would find
// its kept-alive connection closed under it by the server in this same process.
describe('the generated client', () => {
  it('is typed from the served document: a call compiles, a wrong body does not', async () => {
    const dir = mkdtempSync(join(API_CLIENT_DIR, 'generated-'));
    try {
      writeFileSync(join(dir, 'schema.d.ts'), await generateTypes(new URL(`${server.url}/openapi.json`)));
      writeFileSync(
        join(dir, 'use.ts'),
        `import createClient from 'openapi-fetch';
import type { paths } from './schema';
const client = createClient<paths, 'application/json'>({ baseUrl: 'http://127.0.0.1' });
const header = { 'device-id': 'd' };
export async function use(): Promise<number | undefined> {
  const admins = await client.GET('/v1/admin/list-admins', { params: { query: { page: 1 }, header } });
  const email: string | undefined = admins.data?.items[0]?.email;
  await client.POST('/v1/businesses/{id}/updatefraudstatus', { params: { path: { id: 1 }, header }, body: { is_fraud: true, reason: 'Chargebacks' } });
  // @ts-expect-error is_fraud is a boolean
  await client.POST('/v1/businesses/{id}/updatefraudstatus', { params: { path: { id: 1 }, header }, body: { is_fraud: 'yes' } });
  // @ts-expect-error no such path
  await client.GET('/v1/admin/no-such-list', { params: { header } });
  return email === undefined ? undefined : admins.data?.total;
}
`,
      );
      expect(typeErrors([join(dir, 'use.ts')])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
