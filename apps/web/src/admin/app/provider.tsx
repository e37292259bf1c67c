import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../lib/query-client';

/**
 * The panel's query cache. MUI's Emotion cache is each screen's own `MuiScope`
 * (components/mui-scope.tsx): the panel is never drawn by the server, so there is no page cache
 * to hand over.
 */
export function AdminProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
