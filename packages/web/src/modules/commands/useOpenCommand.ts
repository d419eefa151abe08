import type { AnyCommand } from '@traction/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { commandRequestAtom, type CommandRequest } from '../forms/commandRequestAtom';

/** Opens a command's form, and says whether the signed-in admin may run it (so the UI can hide it). */
export function useOpenCommand() {
  const permissions = useAtomValue(permissionSetAtom);
  const setRequest = useSetAtom(commandRequestAtom);
  const allowed = (command: AnyCommand) => command.permission === null || permissions.has(command.permission);
  // Generic so `fixed` and `initial` are checked against the command named in the same request.
  const open = <C extends AnyCommand>(request: CommandRequest<C>) => setRequest(request);
  return { allowed, open };
}
