import type { PaymentResult } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pendingPollDelay } from '../lib/result-state';
import { premiumKeys } from './keys';

/** `GET /api/user/payments/{id}` — one payment's receipt and what the result page says about it. */
export async function getPayment(id: number, signal?: AbortSignal): Promise<PaymentResult> {
  const res = await api.get('/api/user/payments/{id}', { path: { id }, signal });
  return res.data.data;
}

export const getPaymentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: premiumKeys.payment(id),
    queryFn: ({ signal }) => getPayment(id, signal),
    // The bank's answer may have just arrived: never trust a cached copy.
    staleTime: 0,
    // While the bank has not answered, ask again, less often as time goes on.
    refetchInterval: (query) => (query.state.data?.outcome === 'pending' ? pendingPollDelay(query.state.dataUpdateCount) : false),
  });

export const usePayment = (id: number) => useQuery(getPaymentQueryOptions(id));
