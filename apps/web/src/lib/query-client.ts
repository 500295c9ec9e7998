import { QueryClient } from '@tanstack/react-query';
import { ApiError, isOffline } from './api-client';

/**
 * Client errors (bad slug, not logged in…) will not fix themselves: only retry network and 5xx.
 * Offline, retrying in 1 s and 2 s only delays «Sin conexión»: the reads run again by themselves
 * when the browser says the signal is back (React Query's refetch on reconnect).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.status === 0 && isOffline()) return false;
  return failureCount < 2;
}

/**
 * The browser's side: reads on screen that failed (offline, they fail at once) run again the
 * moment the browser says the signal is back, without waiting for a tap on Reintentar.
 */
export function refetchWhenOnline(client: QueryClient): void {
  addEventListener('online', () => {
    void client.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The catalogue changes rarely; a minute keeps back-and-forth navigation instant.
        staleTime: 60_000,
        retry: shouldRetry,
        // Offline, a read still goes out (it is not paused behind a skeleton): the service worker
        // answers it from what the phone kept (decision 040), or it fails at once and says so.
        networkMode: 'always',
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
