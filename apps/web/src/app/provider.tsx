import type { EmotionCache } from '@emotion/cache';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as browserQueryClient } from '../lib/query-client';
import { EmotionCacheContext } from '../theme/emotion-context';
import { MuiScope } from './mui-scope';

type Props = {
  children: ReactNode;
  /** The server renderer passes its own per request; the browser uses the page's one. */
  queryClient?: QueryClient;
  emotionCache?: EmotionCache;
};

/** The query cache, and for MUI's components the RTL styles and the theme (dark unless the visitor chose otherwise). */
export function AppProvider({ children, queryClient = browserQueryClient, emotionCache }: Props) {
  return (
    <EmotionCacheContext.Provider value={emotionCache ?? null}>
      <QueryClientProvider client={queryClient}>
        <MuiScope>{children}</MuiScope>
      </QueryClientProvider>
    </EmotionCacheContext.Provider>
  );
}
