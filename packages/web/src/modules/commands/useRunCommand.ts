import type { AnyCommand, CommandInput, CommandOutput } from '@traction/core';
import type { ClientError } from '@traction/core/client';
import { useMutation } from '@tanstack/react-query';
import { client } from '../../app/client';
import { queryClient } from '../../app/queryClient';

/**
 * Runs a command straight from a control (a checkbox, a row button) when it needs no form;
 * every cached list and record is refetched afterwards, since one change can show in many.
 */
export function useRunCommand<C extends AnyCommand>(command: C) {
  return useMutation<CommandOutput<C>, ClientError, CommandInput<C>>({
    mutationFn: (input) => client.call(command, input),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
