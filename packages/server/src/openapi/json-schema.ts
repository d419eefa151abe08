import { z } from 'zod';

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
};

/**
 * The keywords an OpenAPI 3.1 Schema Object may hold (JSON Schema 2020-12 and OpenAPI's own).
 * Anything else the contract's field metadata carries is ours, and travels as an `x-` extension
 * so that standard tools accept the document.
 */
// biome-ignore format: a family of keywords a line reads better than one keyword a line
const STANDARD_KEYWORDS = new Set([
  '$ref', '$defs', '$id', '$anchor', '$comment', '$dynamicRef', '$dynamicAnchor',
  'type', 'enum', 'const', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly',
  'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'format', 'contentMediaType', 'contentEncoding', 'contentSchema',
  'items', 'prefixItems', 'contains', 'minContains', 'maxContains', 'maxItems', 'minItems', 'uniqueItems', 'unevaluatedItems',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'unevaluatedProperties', 'required', 'dependentRequired', 'dependentSchemas',
  'maxProperties', 'minProperties', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else',
  'discriminator', 'xml', 'externalDocs', 'example',
]);

/**
 * The contract's field metadata in standard form: a `label` is the schema's `title`, an enum's
 * `words` are `x-enumDescriptions` (which reference viewers show beside each value), and any
 * other key of ours becomes `x-<key>`.
 */
function standardise(schema: JsonSchema): void {
  for (const key of Object.keys(schema)) {
    if (STANDARD_KEYWORDS.has(key) || key.startsWith('x-')) continue;
    const value = schema[key];
    delete schema[key];
    if (key === 'label' && typeof value === 'string') schema.title ??= value;
    else if (key === 'words') schema['x-enumDescriptions'] = value;
    else schema[`x-${key}`] = value;
  }
}

/** A zod schema of the contract as an OpenAPI 3.1 Schema Object: what a request sends (`input`) or an answer holds (`output`). */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (context) => standardise(context.jsonSchema as JsonSchema),
  }) as JsonSchema;
  return rest;
}
