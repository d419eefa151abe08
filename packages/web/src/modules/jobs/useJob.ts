import { getJob, type JobView } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../app/client';

/** How often a job still under way is asked about again. */
export const JOB_POLL_MS = 1_000;

/**
 * A background job (`jobs.get`), asked for again every second until it has finished, then left
 * alone. Cached under the same key as `useCommandQuery(getJob, { id })`, so invalidating `jobs.get`
 * refreshes it. A refusal (no such job, no permission) stops the polling; a failed connection or a 429 does not.
 */
export function useJob(id: number | null | undefined, options: { intervalMs?: number } = {}) {
  const enabled = typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
  return useQuery<JobView>({
    queryKey: [getJob.id, { id }],
    queryFn: ({ signal }) => client.call(getJob, { id: id as number }, { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.data?.finished) return false;
      const error = query.state.error;
      if (error instanceof ClientError && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
      return options.intervalMs ?? JOB_POLL_MS;
    },
  });
}
