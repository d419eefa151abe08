import type { AnyCommand } from '@traction/core';
import type { RegistryData } from './describe-registry';
import type { InputField } from './input-fields';
import { REGISTRY_DATA } from './registry-data';

const data: RegistryData = REGISTRY_DATA;
let entries: AnyCommand[] | undefined;
let loading: Promise<void> | undefined;

/**
 * The registry's commands for building the command tree: every field of each command but its
 * schemas, which stay unloaded (reading `input` or `output` throws) until `loadCommandSchemas`
 * fills them in — the program does that before any command runs. The same objects then carry
 * the schemas, so the actions the tree holds see whole commands.
 */
export function commandIndex(): readonly AnyCommand[] {
  entries ??= data.commands.map((meta) => {
    const entry = { ...meta } as AnyCommand;
    for (const key of ['input', 'output'] as const) {
      Object.defineProperty(entry, key, {
        configurable: true,
        enumerable: true,
        get() {
          throw new Error(`The schemas of ${meta.id} are not loaded yet: call loadCommandSchemas() before the command runs.`);
        },
      });
    }
    return entry;
  });
  return entries;
}

/** Input fields every list takes for paging, as core's `LIST_PAGING_FIELDS` (which is made from zod schemas). */
export const LIST_PAGING_FIELDS: ReadonlySet<string> = new Set(data.listPagingFields);

/** The input fields of a registry command, as the index describes them. */
export function indexedFields(id: string): readonly InputField[] | undefined {
  return data.fields[id];
}

/** Loads the registry (zod and every schema) and completes each entry of `commandIndex()` with its own command's fields. */
export function loadCommandSchemas(): Promise<void> {
  loading ??= import('@traction/core').then(({ registry }) => {
    const byId = new Map((registry as readonly AnyCommand[]).map((command) => [command.id, command]));
    for (const entry of commandIndex()) {
      const command = byId.get(entry.id);
      if (!command) throw new Error(`${entry.id} is in the command index but not in the registry: the bundle is out of date`);
      for (const [key, value] of Object.entries(command)) Object.defineProperty(entry, key, { value, writable: true, enumerable: true, configurable: true });
    }
  });
  return loading;
}
