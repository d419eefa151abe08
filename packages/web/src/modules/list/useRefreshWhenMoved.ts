import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Lists that follow a record being watched (a run's rows follow its figures): when `moved`, a key
 * of what was read of the record, changes, the loaded pages of these commands are asked for again.
 * The first read only sets the key; an empty key (nothing read yet) is ignored.
 */
export function useRefreshWhenMoved(moved: string, commands: readonly { id: string }[]): void {
  const queryClient = useQueryClient();
  const seen = useRef(moved);
  useEffect(() => {
    if (!moved || seen.current === moved) return;
    const first = seen.current === '';
    seen.current = moved;
    if (!first) {
      for (const command of commands) void queryClient.invalidateQueries({ queryKey: [command.id] });
    }
  }, [moved, commands, queryClient]);
}
