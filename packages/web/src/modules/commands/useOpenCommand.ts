import { commandsById } from '@traction/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { commandRequestAtom, type CommandRequest } from '../forms/commandRequestAtom';

/** Opens a command's form, and says whether the signed-in admin may run it (so the UI can hide it). */
export function useOpenCommand() {
  const permissions = useAtomValue(permissionSetAtom);
  const setRequest = useSetAtom(commandRequestAtom);
  const allowed = (commandId: string) => {
    const command = commandsById.get(commandId);
    return !!command && (command.permission === null || permissions.has(command.permission));
  };
  return { allowed, open: (request: CommandRequest) => setRequest(request) };
}
