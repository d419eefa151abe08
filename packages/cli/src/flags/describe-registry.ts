import { LIST_PAGING_FIELDS, type AnyCommand } from '@traction/core';
import type { InputField } from './input-fields';
import { schemaFields } from './schema-fields';

/** What the command tree needs of a command besides its schemas: every field that is plain data. */
export type CommandMeta = Omit<AnyCommand, 'input' | 'output' | 'audit'>;

/** The registry as plain data: each command's metadata and its input fields as flags take them. */
export interface RegistryData {
  commands: CommandMeta[];
  fields: Record<string, InputField[]>;
  /** Input fields every list takes for paging (core's LIST_PAGING_FIELDS). */
  listPagingFields: string[];
}

/**
 * Describes the registry without its zod schemas. The bin's bundle holds the result as JSON
 * (bin/build.js), so starting `traction` — `--help`, completion, a bad flag — never loads zod;
 * a command's schemas load when it runs.
 */
export function describeRegistry(registry: readonly AnyCommand[]): RegistryData {
  return {
    commands: registry.map(({ input: _input, output: _output, audit: _audit, ...meta }) => meta),
    fields: Object.fromEntries(registry.map((command) => [command.id, schemaFields(command)])),
    listPagingFields: [...LIST_PAGING_FIELDS],
  };
}
