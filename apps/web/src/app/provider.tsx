import type { EmotionCache } from '@emotion/cache';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as browserQueryClient } from '../lib/query-client';
import { EmotionCacheContext } from '../theme/emotion-context';

type Props = {
  children: ReactNode;
  /** The server renderer passes its own per request; the browser uses the page's one. */
  queryClient?: QueryClient;
  emotionCache?: EmotionCache;
};

/**
 * The query cache, and the Emotion cache for the parts that use MUI (each in its own `MuiScope`,
 * components/mui-scope.tsx): the app's root loads none of MUI's code (docs/decisions/0010).
 */
export function AppProvider({ children, queryClient = browserQueryClient, emotionCache }: Props) {
  return (
    <EmotionCacheContext.Provider value={emotionCache ?? null}>
      <QueryClientProvider client={queryClient}>
        {children}
      </QueryClientProvider>
    </EmotionCacheContext.Provider>
  );
}
