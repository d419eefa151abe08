import type { AnyCommand } from '@traction/core';

/** The name `traction export` knows a list by: its group for a group's main list, group-action otherwise (`fixed-accounts-inactive`). */
export function exportName(command: AnyCommand): string {
  return command.action === 'list' ? command.group : `${command.group}-${command.action}`;
}
