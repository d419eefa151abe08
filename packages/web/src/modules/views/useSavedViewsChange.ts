import { listSavedViews, type AnyCommand, type CommandInput, type CommandOutput } from '@traction/core';
import type { ClientError } from '@traction/core/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/client';

/**
 * Runs a command that changes the admin's saved views, then refetches only their list (the
 * sidebar and the palette read it); a view changes no list's rows, so nothing else is refetched.
 * Succeeds once the new list has arrived, so whatever closes on success shows the change.
 */
export function useSavedViewsChange<C extends AnyCommand>(command: C) {
  const queryClient = useQueryClient();
  return useMutation<CommandOutput<C>, ClientError, CommandInput<C>>({
    mutationFn: (input) => client.call(command, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [listSavedViews.id] }),
  });
}
