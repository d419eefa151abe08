import { type AnyCommand, registry } from '@traction/core';

/** A list's title as people say it: "List sales" → "Sales". */
export const listName = (command: AnyCommand): string => {
  const name = command.title.replace(/^(List|Read) /, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * The lists a schedule may export for an admin: those that stream CSV and that the admin may
 * read (the server refuses others), by name. Downloads and the schedules themselves are left out:
 * a nightly copy of them helps nobody.
 */
export function exportableLists(permissions: ReadonlySet<string>): AnyCommand[] {
  return registry
    .filter((command) => command.list?.csv && command.group !== 'downloads' && command.group !== 'schedules')
    .filter((command) => command.permission === null || permissions.has(command.permission))
    .sort((a, b) => listName(a).localeCompare(listName(b)));
}
