import { registry, type AnyCommand } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { commandIndex, loadCommandSchemas } from './command-index';
import { describeRegistry } from './describe-registry';
import { schemaFields } from './schema-fields';

describe('the registry as data (what the bundle holds instead of the schemas)', () => {
  const data = describeRegistry(registry as readonly AnyCommand[]);

  it('survives JSON unchanged, so the bundle can carry it as a literal', () => {
    expect(JSON.parse(JSON.stringify(data))).toStrictEqual(data);
  });

  it('has every command, each with the fields its schema describes', () => {
    expect(data.commands.map((command) => command.id)).toEqual(registry.map((command) => command.id));
    for (const command of registry as readonly AnyCommand[]) expect(data.fields[command.id], command.id).toEqual(schemaFields(command));
  });

  it('gives the tree commands whose schemas load when asked, as the same objects', async () => {
    const entry = commandIndex().find((command) => command.id === 'admins.list')!;
    expect(entry.path).toBe('/v1/admin/list-admins');
    await loadCommandSchemas();
    expect(entry.input).toBe(registry.find((command) => command.id === 'admins.list')!.input);
    expect(entry.input.safeParse({ role: 'staff' }).success).toBe(true);
  });
});
