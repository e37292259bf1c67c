import type { PaginationMeta, Payment } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKeys } from './keys';

export type PaymentsPage = { data: Payment[]; meta: PaginationMeta };

/** `GET /api/user/payments` — the member's payments with their receipts, newest first. */
export async function getPayments(page: number, perPage: number, signal?: AbortSignal): Promise<PaymentsPage> {
  const res = await api.get('/api/user/payments', { query: { page, per_page: perPage }, signal });
  return res.data;
}

export const getPaymentsQueryOptions = (page: number, perPage: number) =>
  queryOptions({ queryKey: premiumKeys.payments(page, perPage), queryFn: ({ signal }) => getPayments(page, perPage, signal), placeholderData: keepPreviousData });

export const usePayments = (page: number, perPage = 5) => useQuery(getPaymentsQueryOptions(page, perPage));
