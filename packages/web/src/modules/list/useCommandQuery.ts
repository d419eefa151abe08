import type { AnyCommand, CommandInput, CommandOutput } from '@traction/core';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../app/client';

export interface CommandQueryOptions<C extends AnyCommand> {
  enabled?: boolean;
  /**
   * Ask again every so many ms, or not (false), given the latest answer: a record whose state is
   * still moving (a transfer pending at the bank) is watched until it stops.
   */
  refetchInterval?: number | false | ((data: CommandOutput<C> | undefined) => number | false);
}

/** Server data for a read command, cached under its id and input. */
export function useCommandQuery<C extends AnyCommand>(command: C, input: CommandInput<C>, options: CommandQueryOptions<C> = {}) {
  const { refetchInterval } = options;
  return useQuery<CommandOutput<C>>({
    queryKey: [command.id, input],
    queryFn: ({ signal }) => client.call(command, input, { signal }),
    enabled: options.enabled ?? true,
    ...(refetchInterval === undefined
      ? {}
      : { refetchInterval: typeof refetchInterval === 'function' ? (query) => refetchInterval(query.state.data) : refetchInterval }),
  });
}
