import { registry, type AnyCommand } from '@traction/core';
import { z } from 'zod';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const errorBody: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: "HTTP status as a string, e.g. '401'" },
    message: { type: 'string' },
    details: {
      type: 'object',
      properties: {
        fields: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
        reason: { type: 'string' },
        retryAfterSeconds: { type: 'integer' },
      },
    },
  },
};

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

function operation(command: AnyCommand) {
  const input = schemaOf(command.input, 'input');
  const properties = input.properties ?? {};
  const required = new Set(input.required ?? []);
  const inQuery = command.method === 'GET' || command.method === 'DELETE';
  const parameters = Object.entries(properties)
    .filter(([name]) => inQuery || command.pathParams.includes(name))
    .map(([name, schema]) => ({
      name,
      in: command.pathParams.includes(name) ? 'path' : 'query',
      required: command.pathParams.includes(name) || required.has(name),
      schema,
      ...(schema.description ? { description: schema.description } : {}),
    }));
  if (command.idempotency !== 'none') {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: command.idempotency === 'required',
      schema: { type: 'string', minLength: 8, maxLength: 200 },
      description: 'Repeats with the same key and body get the first answer.',
    });
  }
  const bodyProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => !command.pathParams.includes(name)));
  const errors = Object.fromEntries(
    [
      ['400', 'Invalid input; details.fields names each failing field'],
      ...(command.auth === 'admin'
        ? [
            ['401', 'Not signed in, session ended, or device not recognised'],
            ['403', 'The admin lacks the permission'],
          ]
        : []),
      ['404', 'A referenced record does not exist'],
      ['409', 'The record is not in a state that allows this'],
      ['429', 'Too many attempts; see details.retryAfterSeconds'],
    ].map(([status, description]) => [status, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
  );
  return {
    operationId: command.id,
    summary: command.title,
    ...(command.description ? { description: command.description } : {}),
    tags: [command.group],
    ...(command.auth === 'public' ? { security: [] } : {}),
    'x-permission': command.permission,
    'x-danger': command.danger,
    parameters,
    ...(!inQuery
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { ...input, properties: bodyProperties, required: (input.required ?? []).filter((n) => !command.pathParams.includes(n)) },
              },
            },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'Success',
        content:
          command.answers === 'file'
            ? { 'application/octet-stream': { schema: { type: 'string', format: 'binary', description: 'The file, under its verified content type' } } }
            : {
                'application/json': { schema: schemaOf(command.output, 'output') },
                ...(command.list?.csv ? { 'text/csv': { schema: { type: 'string', description: 'With download=csv: every matching row' } } } : {}),
              },
      },
      ...errors,
    },
  };
}

/** The OpenAPI 3.1 document of every command in the registry. */
export function buildOpenApiDocument(commands: readonly AnyCommand[] = registry) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const command of commands) {
    paths[command.path] ??= {};
    paths[command.path]![command.method.toLowerCase()] = operation(command);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Traction Admin back-office API',
      version: '1.0.0',
      description:
        'Every command of the Traction Admin console. Send `Authorization: Bearer <token>` and a `device-id` header. ' +
        'Errors answer `{ code, message, details }`. `x-permission` names the permission a command needs.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: errorBody },
    },
    paths,
  };
}
