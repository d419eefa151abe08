import type { AnyCommand, CommandInput, CommandOutput } from '@traction/core';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../app/client';

/** Server data for a read command, cached under its id and input. */
export function useCommandQuery<C extends AnyCommand>(command: C, input: CommandInput<C>, options: { enabled?: boolean } = {}) {
  return useQuery<CommandOutput<C>>({
    queryKey: [command.id, input],
    queryFn: ({ signal }) => client.call(command, input, { signal }),
    enabled: options.enabled ?? true,
  });
}
