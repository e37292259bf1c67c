import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Adapter } from '../../../lib/api-client';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { titleKeys } from './keys';
import { useToggleWatchlist } from './toggle-watchlist';

const originalAdapter = api.defaults.adapter;
beforeEach(() => {
  const adapter: Adapter = async (config) => ({ data: { data: { inWatchlist: true } }, status: 200, headers: new Headers(), config });
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

describe('useToggleWatchlist', () => {
  it('settles on the answer and marks the member’s cached lists stale, so the watchlist page shows the change', async () => {
    const client = createQueryClient();
    client.setQueryData(['account', 'watchlist', 1], { data: [], meta: {} });
    client.setQueryData(titleKeys.memberState(7), { inWatchlist: false, liked: false, likes: 0, rating: null });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useToggleWatchlist(7), { wrapper });

    await act(() => result.current.mutateAsync());

    await waitFor(() => expect(client.getQueryState(['account', 'watchlist', 1])?.isInvalidated).toBe(true));
    expect(client.getQueryData(titleKeys.memberState(7))).toMatchObject({ inWatchlist: true });
  });
});
