import { QueryClient } from '@tanstack/react-query';

/** Failed calls already told the user (or were meant to stay quiet): no automatic retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
