import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { type AnyCommand, defineCommand, registry } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptsExample } from './examples';
import { buildOpenApiDocument } from './openapi';

// The configuration committed at the repository's root: Redocly's recommended rules, the spec's own paths waived.
const CONFIG = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));

type Document = ReturnType<typeof buildOpenApiDocument>;
interface Operation {
  parameters: ({ name?: string; in?: string; required?: boolean; example?: unknown; $ref?: string } | { $ref: string })[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
}

/** Each problem the linter finds, as `severity rule: message at pointer`. */
async function lint(document: object): Promise<string[]> {
  const config = await loadConfig({ configPath: CONFIG });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
  return problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
}

const operationOf = (document: Document, command: AnyCommand) => document.paths[command.path]![command.method.toLowerCase()] as Operation;
const refs = (operation: Operation) => operation.parameters.flatMap((parameter) => (parameter.$ref ? [parameter.$ref] : []));

const document = buildOpenApiDocument();

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with only the spec's paths waived", async () => {
    expect(await lint(document)).toEqual([]);
  });

  it('still fails a trailing slash, an ambiguous path or a field label of ours', async () => {
    const ours = [
      defineCommand({
        id: 'ours.slash',
        title: 'Ours',
        group: 'ours',
        action: 'slash',
        method: 'GET',
        path: '/v1/ours/',
        permission: null,
        input: z.object({}),
        output: z.object({}),
      }),
      defineCommand({
        id: 'ours.a',
        title: 'Ours',
        group: 'ours',
        action: 'a',
        method: 'GET',
        path: '/v1/ours/{id}/a',
        permission: null,
        input: z.object({ id: z.number() }),
        output: z.object({}),
      }),
      defineCommand({
        id: 'ours.b',
        title: 'Ours',
        group: 'ours',
        action: 'b',
        method: 'GET',
        path: '/v1/ours/b/{id}',
        permission: null,
        input: z.object({ id: z.number() }),
        output: z.object({}),
      }),
    ];
    const problems = await lint(buildOpenApiDocument([...registry, ...ours]));
    expect(problems.sort()).toEqual([
      expect.stringContaining(
        'traction/no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/v1/ours/{id}/a` and `/v1/ours/b/{id}`',
      ),
      expect.stringContaining('traction/no-path-trailing-slash: `/v1/ours/`'),
    ]);
    // What the contract's metadata carried before it was made standard: the linter refuses it.
    const leaked = structuredClone(document) as { components: { schemas: Record<string, Record<string, unknown>> } };
    leaked.components.schemas.Error!.label = 'Error';
    expect(await lint(leaked)).toEqual([expect.stringContaining('struct: Property `label` is not expected here')]);
  });

  it.each(registry.map((command) => [command.id, command] as const))('gives %s a request its contract accepts', (_id, command) => {
    const operation = operationOf(document, command);
    const input: Record<string, unknown> = {};
    for (const parameter of operation.parameters) {
      if (!('name' in parameter) || parameter.in === 'header') continue;
      if (parameter.required) expect(parameter.example, `${command.id}: parameter ${parameter.name}`).toBeDefined();
      if (parameter.example !== undefined) input[parameter.name!] = parameter.example;
    }
    const json = operation.requestBody?.content['application/json'];
    if (json) {
      expect(json.example, `${command.id}: the body's example`).toBeDefined();
      Object.assign(input, json.example);
    }
    // Uploads' examples are the other fields; a file cannot be written as JSON.
    if (!operation.requestBody?.content['multipart/form-data']) expect(acceptsExample(command, input)).toBe(true);
  });

  it('names the headers and failures each operation has', () => {
    for (const command of registry) {
      const operation = operationOf(document, command);
      const statuses = Object.keys(operation.responses);
      expect(statuses, command.id).toContain('400');
      if (command.auth === 'admin') {
        expect(refs(operation), command.id).toContain('#/components/parameters/DeviceId');
        expect(statuses, command.id).toContain('401');
      }
      if (command.permission && command.auth === 'admin') expect(statuses, command.id).toContain('403');
      if (command.danger === 'money') {
        expect(refs(operation), command.id).toContain('#/components/parameters/IdempotencyKeyRequired');
        expect(statuses, command.id).toContain('422');
      }
      if (command.auth === 'public') expect(statuses, command.id).toContain('429');
      expect(operation, command.id).toMatchObject({ description: expect.stringMatching(/^\*\*Permission:\*\* .+ · \*\*Danger:\*\* /) });
    }
    expect(document.components.responses).toMatchObject({
      TooManyRequests: { headers: { 'Retry-After': expect.any(Object) } },
      BadRequest: { content: { 'application/json': { example: { details: { fields: [expect.objectContaining({ field: 'amount' })] } } } } },
    });
  });
});
