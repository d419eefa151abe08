import { type AnyCommand, fieldFormat } from '@traction/core';
import { z } from 'zod';

/**
 * Derives invalid inputs from a command's input schema (through its JSON Schema, as the OpenAPI
 * document does), so that every command — including ones added later — is probed the same way:
 * malformed bodies, missing fields, wrong types, strings too long, values outside enums and
 * numbers out of range. Also builds a valid-looking input, for probing unknown ids.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

type Kind = 'string' | 'enum' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'unknown';

/** Where a top-level field travels: in the path, the query string (GET, DELETE) or the JSON body. */
export type Location = 'path' | 'query' | 'json';

export interface BadInputCase {
  /** `<command id>: <what is wrong>`, the test's name. */
  name: string;
  command: AnyCommand;
  /** The input to send, placed in path, query and body by `buildRequest`. */
  input: Record<string, unknown>;
  /** Sent as the body text instead of `input`'s body fields; `''` sends no body at all. */
  rawBody?: string;
  /** The body's Content-Type when it is not JSON. */
  contentType?: string;
  /** The field `details.fields[0].field` must name. */
  field?: string;
  /** Acceptable values of `details.fields[0].field` when the case cannot say which comes first. */
  fieldOneOf?: string[];
  /** 400 (a validation refusal) unless told otherwise. */
  status: 400 | 404 | 'bad-input-or-too-large';
}

export interface UnboundedString {
  command: string;
  field: string;
}

const MISSING = Symbol('missing');
export const UNKNOWN_ID = 999_999;
const HUGE = 100_000;

/** The input side of a command's schema as JSON Schema. */
export function inputJsonSchema(command: AnyCommand): JsonSchema {
  return z.toJSONSchema(command.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Looks through `anyOf`/`oneOf` (e.g. nullable) to the first non-null branch. */
function normalise(node: JsonSchema): JsonSchema {
  const branches = node.anyOf ?? node.oneOf;
  if (!branches) return node;
  const chosen = branches.find((branch) => branch.type !== 'null') ?? branches[0] ?? {};
  return normalise({ ...chosen, ...(node.default !== undefined ? { default: node.default } : {}) });
}

function kindOf(node: JsonSchema): Kind {
  if (node.enum || node.const !== undefined) return 'enum';
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  switch (type) {
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
    case 'array':
    case 'object':
      return type;
    default:
      return 'unknown';
  }
}

// ---- zod sub-schemas, to check that generated "valid" strings really are (e.g. emails behind a pipe)

interface ZodDefLike {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDefLike } })._zod.def;

function unwrapZod(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(current);
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined) ?? (def.type === 'lazy' ? def.getter?.() : undefined);
    if (!next) return current;
    current = next;
  }
  return current;
}

function zodChild(schema: z.ZodType | undefined, key: string): z.ZodType | undefined {
  if (!schema) return undefined;
  const def = defOf(unwrapZod(schema));
  if (def.type === 'object') return def.shape?.[key];
  if (def.type === 'array' && /^\d+$/.test(key)) return def.element;
  return undefined;
}

// ---- valid values

const fitLength = (seed: string, min = 0, max = Number.POSITIVE_INFINITY) => {
  let value = seed;
  while (value.length < min) value += seed;
  return value.length > max ? value.slice(0, max) : value;
};

/** A valid-looking value: emails nobody@example.com, enums their first value, strings abcdefgh12 fitted to their bounds, arrays of one item, numbers their minimum or 1. */
export function validValue(nodeIn: JsonSchema, name: string, zodNode?: z.ZodType): unknown {
  const node = normalise(nodeIn);
  // A multipart file (`fileField`): a small PDF. Sent as JSON it arrives as `{}` and is refused.
  if (node.format === 'file') return new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' });
  switch (kindOf(node)) {
    case 'enum':
      return node.enum ? node.enum[0] : node.const;
    case 'string': {
      const seeds = [
        'abcdefgh12',
        'nobody@example.com',
        '2026-11-21',
        '2026-11-21T09:00:00.000',
        'admins.create',
        'ABCDEFGH12',
        'RC1234567',
        '08031234567',
        '00000000-0000-4000-8000-000000000000',
        // a console page (saved views)
        '/overview',
        // a CBN bank code (GTBank), and transfer ids (batch status)
        '058',
        '1,2,3',
        // a time of day (scheduled exports)
        '09:30',
      ];
      if (/e-?mail/i.test(name) || node.format === 'email') seeds.unshift('nobody@example.com');
      const candidates = seeds.flatMap((seed) => [seed, fitLength(seed, node.minLength, node.maxLength)]);
      const fits = (value: string) =>
        value.length >= (node.minLength ?? 0) &&
        value.length <= (node.maxLength ?? Number.POSITIVE_INFINITY) &&
        (!node.pattern || new RegExp(node.pattern, 'u').test(value)) &&
        (!zodNode || zodNode.safeParse(value).success);
      return candidates.find(fits) ?? candidates[1];
    }
    case 'integer':
    case 'number': {
      if (node.minimum !== undefined) return node.minimum;
      if (node.exclusiveMinimum !== undefined) return Math.floor(node.exclusiveMinimum) + 1;
      return node.maximum !== undefined && node.maximum < 1 ? node.maximum : 1;
    }
    case 'boolean':
      return typeof node.default === 'boolean' ? node.default : false;
    case 'array': {
      const item = validValue(node.items ?? {}, name, zodChild(zodNode, '0'));
      return Array.from({ length: Math.max(1, node.minItems ?? 0) }, () => item);
    }
    case 'object':
      return validObject(node, zodNode);
    default:
      return undefined;
  }
}

/** An object holding a valid value for each required property. */
export function validObject(node: JsonSchema, zodNode?: z.ZodType): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of node.required ?? []) {
    const property = node.properties?.[name];
    if (property) out[name] = validValue(property, name, zodChild(zodNode, name));
  }
  return out;
}

/**
 * A valid-looking input for the command: required fields, generated as `validValue` says, plus
 * `ids` for bulk commands, whose selection needs one of `ids` and `matching`.
 */
export function validInput(command: AnyCommand): Record<string, unknown> {
  const schema = inputJsonSchema(command);
  const input = validObject(schema, command.input);
  const ids = schema.properties?.ids;
  if (ids && schema.properties?.matching) input.ids = validValue(ids, 'ids', zodChild(command.input, 'ids'));
  return input;
}

/** Integer path parameters: the ids a command looks up (an amount in the path, such as a new fee in kobo, is not one). */
export function integerPathParams(command: AnyCommand): string[] {
  const schema = inputJsonSchema(command);
  return command.pathParams.filter((name) => {
    const node = schema.properties?.[name];
    const field = zodChild(command.input, name);
    return node !== undefined && ['integer', 'number'].includes(kindOf(normalise(node))) && !(field && fieldFormat(field) === 'kobo');
  });
}

// ---- placing an input into a request

export interface BuiltRequest {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

const textOf = (value: unknown): string =>
  Array.isArray(value) ? value.map(textOf).join(',') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** Path parameters into the path, the rest into the query (GET, DELETE) or the JSON body. */
export function buildRequest(command: AnyCommand, input: Record<string, unknown>): BuiltRequest {
  const path = command.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => encodeURIComponent(textOf(input[name])));
  const rest = Object.fromEntries(Object.entries(input).filter(([name, value]) => !command.pathParams.includes(name) && value !== undefined));
  if (command.method === 'GET' || command.method === 'DELETE') {
    const entries = Object.entries(rest);
    return entries.length ? { path, query: Object.fromEntries(entries.map(([name, value]) => [name, textOf(value)])) } : { path };
  }
  return { path, body: rest };
}

// ---- invalid inputs

const clone = <T>(value: T): T => structuredClone(value);

/**
 * Sets (or, with MISSING, deletes) the value at `path`, creating any missing container on the
 * way as a valid value of its schema (an optional object, an array of one valid item).
 */
function setAt(root: Record<string, unknown>, rootSchema: JsonSchema, zodRoot: z.ZodType, path: string[], value: unknown): Record<string, unknown> {
  const out = clone(root);
  let container: Record<string, unknown> | unknown[] = out;
  let schema: JsonSchema = rootSchema;
  let zodNode: z.ZodType | undefined = zodRoot;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    const childSchema = normalise((Array.isArray(container) ? schema.items : schema.properties?.[segment]) ?? {});
    const childZod = zodChild(zodNode, segment);
    const slot = container as Record<string, unknown>;
    if (last) {
      if (value === MISSING) {
        if (Array.isArray(container)) container.splice(Number(segment), 1);
        else delete slot[segment];
      } else slot[segment] = value;
      return;
    }
    if (slot[segment] === null || typeof slot[segment] !== 'object') slot[segment] = validValue(childSchema, segment, childZod);
    container = slot[segment] as Record<string, unknown> | unknown[];
    schema = childSchema;
    zodNode = childZod;
  });
  return out;
}

interface Walk {
  command: AnyCommand;
  schema: JsonSchema;
  base: Record<string, unknown>;
  cases: BadInputCase[];
  unbounded: UnboundedString[];
}

const outside = (values: readonly unknown[]) => {
  let candidate = 'not-an-option';
  while (values.includes(candidate)) candidate = `x-${candidate}`;
  return candidate;
};

function probe(walk: Walk, path: string[], nodeIn: JsonSchema, zodNode: z.ZodType | undefined, required: boolean, location: Location) {
  const node = normalise(nodeIn);
  const field = path.join('.');
  const { command } = walk;
  const add = (what: string, value: unknown) => {
    if (location === 'path' && (value === MISSING || textOf(value) === '')) return; // no route without the segment
    walk.cases.push({
      name: `${command.id}: ${field} ${what}`,
      command,
      input: setAt(walk.base, walk.schema, command.input, path, value),
      field,
      status: 400,
    });
  };
  // A huge string may be refused by the body limit (413) before validation (400).
  const addHuge = () =>
    walk.cases.push({
      name: `${command.id}: ${field} given ${HUGE.toLocaleString('en')} characters`,
      command,
      input: setAt(walk.base, walk.schema, command.input, path, 'a'.repeat(HUGE)),
      field,
      status: 'bad-input-or-too-large',
    });
  const asText = location !== 'json';

  if (required) add('missing', MISSING);
  // Path segments arrive percent-decoded once; a literal "%" must not be decoded a second time.
  if (location === 'path') add('given a literal "%" (sent as %25)', '%');

  const kind = kindOf(node);
  switch (kind) {
    case 'string': {
      if (!asText) {
        add('given a number (12345)', 12345);
        add('given an object', { nested: 'object' });
      }
      // Text PostgreSQL cannot store: NUL anywhere; a lone surrogate (only JSON can carry one).
      const withNul = fitLength('ab\u0000cd', node.minLength, node.maxLength);
      if (withNul.includes('\u0000')) add('holding a NUL character', withNul);
      const withSurrogate = fitLength('ab\ud800cd', node.minLength, node.maxLength);
      if (!asText && withSurrogate.includes('\ud800')) add('holding a lone UTF-16 surrogate', withSurrogate);
      if (node.maxLength === undefined) walk.unbounded.push({ command: command.id, field });
      else add(`over its maxLength (${node.maxLength + 1} characters)`, 'a'.repeat(node.maxLength + 1));
      if ((node.minLength ?? 0) > 0) add(`under its minLength (${node.minLength! - 1} characters)`, 'a'.repeat(node.minLength! - 1));
      if (node.pattern) {
        const pattern = new RegExp(node.pattern, 'u');
        const misfit = ['!!!!', '~ ~', '<x>', '%%%%'].map((seed) => fitLength(seed, node.minLength, node.maxLength)).find((v) => !pattern.test(v));
        if (misfit !== undefined) add(`not matching its pattern (${JSON.stringify(misfit)})`, misfit);
        // Date fields: dates that look right but name no moment (31 February, the 25th hour).
        if (node.pattern.startsWith('^\\d{4}-\\d{2}-\\d{2}')) {
          // Year 0 does not exist in PostgreSQL: a 400, never a database error.
          for (const impossible of ['2026-02-31', '2026-11-21T25:00', '2026-11-21T10:61:00', '0000-01-01', '0000-01-01T00:00']) {
            if (pattern.test(impossible)) add(`an impossible date (${impossible})`, impossible);
          }
        }
      }
      addHuge();
      break;
    }
    case 'enum': {
      const values = node.enum ?? [node.const];
      add(`outside its enum ("${outside(values)}")`, outside(values));
      if (!asText) add('given a number (12345)', 12345);
      addHuge();
      break;
    }
    case 'integer':
    case 'number': {
      add('given "not-a-number"', 'not-a-number');
      if (!asText) add('given a boolean (true)', true);
      if (kind === 'integer') add('given a fraction (1.5)', asText ? '1.5' : 1.5);
      const number = (n: number) => (asText ? String(n) : n);
      if (node.maximum !== undefined) add(`above its maximum (${node.maximum + 1})`, number(node.maximum + 1));
      if (node.exclusiveMaximum !== undefined) add(`at its exclusive maximum (${node.exclusiveMaximum})`, number(node.exclusiveMaximum));
      if (node.minimum !== undefined) add(`below its minimum (${node.minimum - 1})`, number(node.minimum - 1));
      if (node.exclusiveMinimum !== undefined) add(`at its exclusive minimum (${node.exclusiveMinimum})`, number(node.exclusiveMinimum));
      break;
    }
    case 'boolean':
      add('given "maybe"', 'maybe');
      if (!asText) add('given a number (12345)', 12345);
      break;
    case 'array': {
      if (!asText) add('given a number (12345)', 12345);
      const item = validValue(node.items ?? {}, path[path.length - 1] ?? '', zodChild(zodNode, '0'));
      if (node.maxItems !== undefined)
        add(
          `over its maxItems (${node.maxItems + 1} items)`,
          Array.from({ length: node.maxItems + 1 }, () => item),
        );
      if ((node.minItems ?? 0) > 0)
        add(
          `under its minItems (${node.minItems! - 1} items)`,
          Array.from({ length: node.minItems! - 1 }, () => item),
        );
      if (node.items) probe(walk, [...path, '0'], node.items, zodChild(zodNode, '0'), false, location);
      break;
    }
    case 'object': {
      if (!asText) add('given a string', 'not-an-object');
      if (location === 'json') {
        for (const [name, child] of Object.entries(node.properties ?? {})) {
          probe(walk, [...path, name], child, zodChild(zodNode, name), (node.required ?? []).includes(name), location);
        }
      } else {
        // Not expressible in a query string; its strings still have to be bounded.
        collectUnbounded(walk, path, node);
      }
      break;
    }
    default:
      break;
  }
}

function collectUnbounded(walk: Walk, path: string[], nodeIn: JsonSchema) {
  const node = normalise(nodeIn);
  const kind = kindOf(node);
  if (kind === 'string' && node.maxLength === undefined) walk.unbounded.push({ command: walk.command.id, field: path.join('.') });
  if (kind === 'array' && node.items) collectUnbounded(walk, [...path, '0'], node.items);
  if (kind === 'object') for (const [name, child] of Object.entries(node.properties ?? {})) collectUnbounded(walk, [...path, name], child);
}

export interface CommandProbe {
  command: AnyCommand;
  /** Top-level input fields. */
  fields: string[];
  /** The valid-looking input the cases start from (integer path parameters pointing at nothing). */
  base: Record<string, unknown>;
  cases: BadInputCase[];
  /** String fields without a maxLength. */
  unbounded: UnboundedString[];
}

/** Every invalid input of one command. */
export function probeCommand(command: AnyCommand): CommandProbe {
  const schema = inputJsonSchema(command);
  const base = validInput(command);
  // The cases are refused before any lookup; should one be accepted, it finds nothing to change.
  for (const name of integerPathParams(command)) base[name] = UNKNOWN_ID;
  const walk: Walk = { command, schema, base, cases: [], unbounded: [] };
  const inQuery = command.method === 'GET' || command.method === 'DELETE';

  if (!inQuery) {
    const requiredBody = (schema.required ?? []).filter((name) => !command.pathParams.includes(name));
    const raw = (what: string, rawBody: string, field?: string, fieldOneOf?: string[]) =>
      walk.cases.push({
        name: `${command.id}: ${what}`,
        command,
        input: base,
        rawBody,
        status: 400,
        ...(field ? { field } : {}),
        ...(fieldOneOf ? { fieldOneOf } : {}),
      });
    raw('malformed JSON body', '{bad', 'body');
    // Deep enough to overflow any recursive walk of the input.
    raw('JSON nested 100,000 levels deep', `{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 'body');
    // A multipart body cut short (a dropped upload): read before any field is, even on sign-in.
    walk.cases.push({
      name: `${command.id}: truncated multipart body`,
      command,
      input: base,
      rawBody: '--cut-short\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end',
      contentType: 'multipart/form-data; boundary=cut-short',
      field: 'body',
      status: 400,
    });
    raw('JSON array body', '[1,2,3]', 'body');
    raw('JSON string body', '"text"', 'body');
    if (requiredBody.length > 0) raw('empty body', '', undefined, requiredBody);
  }

  const required = new Set(schema.required ?? []);
  for (const [name, node] of Object.entries(schema.properties ?? {})) {
    const location: Location = command.pathParams.includes(name) ? 'path' : inQuery ? 'query' : 'json';
    probe(walk, [name], node, zodChild(command.input, name), required.has(name), location);
  }
  return { command, fields: Object.keys(schema.properties ?? {}), base, cases: walk.cases, unbounded: walk.unbounded };
}

/** For each integer path parameter: a valid-looking input whose id points at nothing (expects 404). */
export function unknownIdCases(command: AnyCommand): BadInputCase[] {
  return integerPathParams(command).map((name) => ({
    name: `${command.id}: ${name} = ${UNKNOWN_ID} (no such record)`,
    command,
    input: { ...validInput(command), [name]: UNKNOWN_ID },
    status: 404 as const,
  }));
}
