import { MutationCache, QueryClient } from '@tanstack/react-query';
import { getErrorMessage, getErrorStatus } from './errors';
import { notifyError } from './notifications';

const MAX_RETRIES = 3;

/** A 4xx will not change by asking again; network failures and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = getErrorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { /** Left for the browser by the server renderer (see entry-server.tsx). */ serverRender?: boolean };
    mutationMeta: { /** The caller shows the error itself (e.g. under a form field). */ silent?: boolean };
  }
}

/** Spec §7: stale after 60 s, kept 300 s, refetched when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Errors of writes reach the user from this one place (house style #8).
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) notifyError(getErrorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 300_000,
        refetchOnWindowFocus: true,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
