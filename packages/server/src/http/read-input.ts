import { badRequest, coerceTextInput, type AnyCommand } from '@traction/core';
import type { Context } from 'hono';

/**
 * Gathers a command's raw input from the request: path parameters, the query string and (for
 * POST, PUT and PATCH) the JSON or multipart body. Text from the path, the query and form fields
 * is coerced to the types the schema expects; JSON keeps its own types. With `forms: false` a
 * form or multipart body is not read.
 */
export async function readRawInput(c: Context, command: AnyCommand, options: { forms?: boolean } = {}): Promise<Record<string, unknown>> {
  const text: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    text[key] = values.length === 1 ? values[0] : values;
  }
  let body: Record<string, unknown> = {};
  if (command.method !== 'GET' && command.method !== 'DELETE') {
    const type = c.req.header('content-type') ?? '';
    if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
      // `forms: false`: the path and query only, the form body left unread.
      if (options.forms !== false) Object.assign(text, await readFormBody(c));
    } else {
      body = await readJsonBody(c);
    }
  }
  for (const name of command.pathParams) {
    // Hono has already decoded the parameter; decoding again would misread a literal '%'.
    const value = c.req.param(name);
    if (value !== undefined) text[name] = value;
  }
  return { ...coerceTextInput(command.input, text), ...withoutPathParams(body, command) };
}

/** A form or multipart body; one cut short or malformed (a dropped upload) is the caller's 400. */
async function readFormBody(c: Context): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('The form body could not be read: it is malformed or was cut short', [
      { field: 'body', message: 'is not a complete form or multipart body' },
    ]);
  }
}

async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON', [{ field: 'body', message: 'is not valid JSON' }]);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('The request body must be a JSON object', [{ field: 'body', message: 'must be a JSON object' }]);
  }
  if (depthOf(parsed) > MAX_JSON_DEPTH) {
    throw badRequest(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep`, [
      { field: 'body', message: `must not nest more than ${MAX_JSON_DEPTH} levels deep` },
    ]);
  }
  return parsed as Record<string, unknown>;
}

/** No command's input nests deeper; past it, walking the input (checks, the audit copy) would be the risk. */
const MAX_JSON_DEPTH = 32;

/** How deeply a parsed JSON value nests, found without recursion (a 1 MB body can nest 500,000 deep). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (!current || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const inner of Object.values(current)) stack.push([inner, depth + 1]);
  }
  return deepest;
}

// The path names the resource; a body cannot point the command elsewhere.
function withoutPathParams(body: Record<string, unknown>, command: AnyCommand): Record<string, unknown> {
  const out = { ...body };
  for (const name of command.pathParams) delete out[name];
  return out;
}
