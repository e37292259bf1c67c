import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as browserQueryClient } from '../lib/query-client';
import { rtlCache } from '../theme/emotion-cache';
import { theme } from '../theme/theme';

type Props = {
  children: ReactNode;
  /** The server renderer passes its own per request; the browser uses the page's one. */
  queryClient?: QueryClient;
  emotionCache?: EmotionCache;
};

/** RTL styles, the theme (dark unless the visitor chose otherwise), and the query cache. */
export function AppProvider({ children, queryClient = browserQueryClient, emotionCache = rtlCache }: Props) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme} defaultMode="dark">
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
