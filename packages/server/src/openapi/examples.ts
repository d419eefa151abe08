import { type AnyCommand, fieldFormat } from '@traction/core';
import { sample } from 'openapi-sampler';
import type { JsonSchema } from './json-schema';

type Input = Record<string, unknown>;

/**
 * zod writes a plain integer as bounded by ±(2^53 − 1), and the sampler takes the lower bound: an
 * example id of -9007199254740991. Without those bounds it takes 0.
 */
function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if ((key === 'minimum' || key === 'maximum') && Math.abs(Number(inner)) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = withoutSafeIntegerBounds(inner);
  }
  return out;
}

function sampled(schema: JsonSchema, skipNonRequired: boolean): unknown {
  // The schemas are the contract's own, in JSON Schema 2020-12, which the sampler reads.
  return sample(withoutSafeIntegerBounds(schema) as Parameters<typeof sample>[0], { skipNonRequired, skipReadOnly: true, quiet: true, enablePatterns: true });
}

/** Files travel as multipart parts: a sample stands for one as text, the check needs a Blob. */
function withFiles(command: AnyCommand, input: Input): Input {
  const shape = command.input.shape as Record<string, Parameters<typeof fieldFormat>[0]>;
  const out = { ...input };
  for (const [name, field] of Object.entries(shape)) {
    if (fieldFormat(field) === 'file' && name in out) out[name] = new Blob(['example']);
  }
  return out;
}

/** Whether the command's own input schema accepts `input`, and the fields it names if not. */
function refusedFields(command: AnyCommand, input: Input): string[] | null {
  const parsed = command.input.safeParse(withFiles(command, input));
  return parsed.success ? null : parsed.error.issues.map((issue) => String(issue.path[0] ?? ''));
}

/**
 * An example request for a command, drawn from the contract: the required fields from their own
 * examples (or the sampler's value for their type), then the command's `exampleInput`. Where a
 * rule across fields needs an optional one too (a reason when marking, one of `ids` and
 * `matching`), that field is added from the fuller sample. Undefined when no valid example can be
 * made, which the document's test reports.
 */
export function exampleInput(command: AnyCommand, schema: JsonSchema): Input | undefined {
  const fuller = sampled(schema, false) as Input;
  let input: Input = { ...(sampled(schema, true) as Input), ...(command.exampleInput as Input | undefined) };
  for (let round = 0; round < 3; round += 1) {
    const refused = refusedFields(command, input);
    if (!refused) return input;
    const missing = refused.filter((name) => name in fuller && !(name in input));
    if (missing.length === 0) return undefined;
    input = { ...input, ...Object.fromEntries(missing.map((name) => [name, fuller[name]])) };
  }
  return refusedFields(command, input) ? undefined : input;
}

/** An example answer: the answer's schema sampled, every field present. */
export function exampleOutput(schema: JsonSchema): unknown {
  return sampled(schema, false);
}

/** Whether the contract accepts the example as the command's input (the document's test asks every operation). */
export const acceptsExample = (command: AnyCommand, input: Input) => refusedFields(command, input) === null;
