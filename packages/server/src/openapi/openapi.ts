import { type AnyCommand, type Danger, registry } from '@traction/core';
import { exampleInput, exampleOutput } from './examples';
import { type JsonSchema, openApiSchema } from './json-schema';
import { errorSchema, failureComponents, failuresOf } from './responses';

const DANGER_WORDS: Record<Danger, string> = {
  none: 'none',
  confirm: 'confirm: the console asks first and scripts pass `--yes`',
  money: 'money: moves money; an Idempotency-Key is required, and the call can be previewed first',
};

/** Header parameters several operations share, as `components.parameters`. */
const HEADERS = {
  DeviceId: {
    name: 'device-id',
    in: 'header',
    required: true,
    description: 'The id of the signed-in device (authorised with its one-time code at sign-in).',
    schema: { type: 'string', minLength: 1, maxLength: 200 },
    example: 'ops-laptop-7f3a',
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'Repeats with the same key and body get the first answer; the same key with another body is a 422.',
    schema: { type: 'string', minLength: 8, maxLength: 200 },
    example: '9b2f6a1e-4c3d-4e8f-a1b2-c3d4e5f6a7b8',
  },
  IdempotencyKeyRequired: {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description: 'Required: repeats with the same key and body get the first answer; the same key with another body is a 422.',
    schema: { type: 'string', minLength: 8, maxLength: 200 },
    example: '9b2f6a1e-4c3d-4e8f-a1b2-c3d4e5f6a7b8',
  },
  PreferDryRun: {
    name: 'Prefer',
    in: 'header',
    required: false,
    description: '`dry-run` previews the postings and resulting balances, committing nothing; the answer carries an ETag to apply it with.',
    schema: { type: 'string', enum: ['dry-run'] },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: "A preview's ETag: the call applies only if it would post exactly what was previewed (409 otherwise).",
    schema: { type: 'string' },
  },
} as const;

const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/parameters/${name}` });

function headerParameters(command: AnyCommand) {
  const headers: ReturnType<typeof ref>[] = [];
  if (command.auth === 'admin') headers.push(ref('DeviceId'));
  if (command.idempotency === 'required') headers.push(ref('IdempotencyKeyRequired'));
  else if (command.idempotency === 'optional') headers.push(ref('IdempotencyKey'));
  if (command.danger === 'money' && command.mutates) headers.push(ref('PreferDryRun'), ref('IfMatch'));
  return headers;
}

/** The first lines of an operation's description: who may call it and how careful to be. */
function accessLine(command: AnyCommand): string {
  const who = command.auth === 'public' ? 'none (public: no session)' : command.permission ? `\`${command.permission}\`` : 'any signed-in admin';
  return `**Permission:** ${who} · **Danger:** ${DANGER_WORDS[command.danger]}`;
}

function isFileField(schema: JsonSchema | undefined): boolean {
  return schema?.['x-format'] === 'file' || schema?.format === 'file';
}

function requestBody(input: JsonSchema, bodyNames: string[], example: Record<string, unknown> | undefined) {
  const properties = Object.fromEntries(bodyNames.map((name) => [name, input.properties?.[name] ?? {}]));
  const required = (input.required ?? []).filter((name) => bodyNames.includes(name));
  const schema: JsonSchema = { ...input, properties, required };
  const bodyExample = example && Object.fromEntries(Object.entries(example).filter(([name]) => bodyNames.includes(name)));
  if (bodyNames.some((name) => isFileField(properties[name]))) {
    // Uploads are multipart: each file a part, the other fields as text parts.
    const multipart = {
      ...schema,
      properties: Object.fromEntries(
        Object.entries(properties).map(([name, field]) => [
          name,
          isFileField(field) ? { type: 'string', format: 'binary', description: field.description } : field,
        ]),
      ),
    };
    return { required: true, content: { 'multipart/form-data': { schema: multipart } } };
  }
  return { required: true, content: { 'application/json': { schema, ...(bodyExample ? { example: bodyExample } : {}) } } };
}

function success(command: AnyCommand) {
  if (command.answers === 'file') {
    return {
      description: 'The file, under its own content type',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const schema = openApiSchema(command.output, 'output');
  return {
    description: command.list ? `A page of rows (${command.list.pageSize} a page)` : 'Done',
    content: {
      'application/json': { schema, example: exampleOutput(schema) },
      ...(command.list?.csv
        ? { 'text/csv': { schema: { type: 'string', description: 'With download=csv: every matching row, as the list shows them' } } }
        : {}),
    },
  };
}

function operation(command: AnyCommand) {
  const input = openApiSchema(command.input, 'input');
  const properties = input.properties ?? {};
  const required = new Set(input.required ?? []);
  const example = exampleInput(command, input);
  const inQuery = command.method === 'GET' || command.method === 'DELETE';
  const parameters = Object.entries(properties)
    .filter(([name]) => inQuery || command.pathParams.includes(name))
    .map(([name, schema]) => ({
      name,
      in: command.pathParams.includes(name) ? 'path' : 'query',
      required: command.pathParams.includes(name) || required.has(name),
      schema,
      ...(schema.description ? { description: schema.description } : {}),
      ...(example && name in example ? { example: example[name] } : {}),
    }));
  const bodyNames = inQuery ? [] : Object.keys(properties).filter((name) => !command.pathParams.includes(name));
  return {
    operationId: command.id,
    summary: command.title,
    description: [accessLine(command), command.description].filter(Boolean).join('\n\n'),
    tags: [command.group],
    ...(command.auth === 'public' ? { security: [] } : {}),
    'x-permission': command.permission,
    'x-danger': command.danger,
    parameters: [...parameters, ...headerParameters(command)],
    ...(inQuery ? {} : { requestBody: requestBody(input, bodyNames, example) }),
    responses: { '200': success(command), ...failuresOf(command) },
  };
}

const ACRONYMS: Record<string, string> = { kyc: 'KYC', csr: 'CSR' };

/** A group's name in words: `business-logs` → Business logs, `kyc` → KYC. */
function groupInWords(group: string): string {
  const words = group.split('-').map((word) => ACRONYMS[word] ?? word);
  const first = words[0] ?? '';
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(' ');
}

/** The OpenAPI 3.1 document of every command in the registry. */
export function buildOpenApiDocument(commands: readonly AnyCommand[] = registry) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const command of commands) {
    paths[command.path] ??= {};
    paths[command.path]![command.method.toLowerCase()] = operation(command);
  }
  const groups = [...new Set(commands.map((command) => command.group))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Traction Admin back-office API',
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Traction-Proprietary' },
      contact: { name: 'Traction back-office engineering', email: 'engineering@traction.ng' },
      description:
        'Every command of the Traction Admin console. Send `Authorization: Bearer <token>` and the `device-id` header. ' +
        'Errors answer `{ code, message, details }`. Each operation names the permission it needs and its danger ' +
        '(also as `x-permission` and `x-danger`). Money moves only with an `Idempotency-Key`.',
    },
    servers: [{ url: '/' }],
    // A group's operations under its name in words; the tag stays the CLI's group.
    tags: groups.map((group) => ({
      name: group,
      'x-displayName': groupInWords(group),
      description: `\`traction ${group} …\` in the CLI: ${commands
        .filter((command) => command.group === group)
        .map((command) => command.title)
        .join('; ')}.`,
    })),
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The session token `POST /v1/auth/login` answers.' } },
      schemas: { Error: errorSchema },
      parameters: HEADERS,
      responses: failureComponents(),
    },
    paths,
  };
}

let served: string | undefined;

/**
 * The registry's document as served: made on the first request and kept, since the registry does
 * not change while the process runs. Making it takes about a second (examples are sampled and
 * checked), which an app that is never asked for it should not pay.
 */
export function openApiJson(): string {
  served ??= JSON.stringify(buildOpenApiDocument());
  return served;
}
