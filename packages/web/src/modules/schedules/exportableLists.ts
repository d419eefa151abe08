import { type AnyCommand, listTitle, registry } from '@traction/core';

/** A list's title as people say it: "List sales" → "Sales". */
export const listName = (command: AnyCommand): string => {
  const name = listTitle(command);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * The lists a schedule may export for an admin: those that stream CSV and that the admin may
 * read (the server refuses others), by name; not those no export job writes (Downloads and the
 * schedules themselves).
 */
export function exportableLists(permissions: ReadonlySet<string>): AnyCommand[] {
  return registry
    .filter((command) => command.list?.csv && command.list.exportJobs !== false)
    .filter((command) => command.permission === null || permissions.has(command.permission))
    .sort((a, b) => listName(a).localeCompare(listName(b)));
}
