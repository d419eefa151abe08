import { QueryClient } from '@tanstack/react-query';

/** Server data cache; commands invalidate it after they change something. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 0, refetchOnWindowFocus: false },
  },
});
