import type { DiscountKind, GiftState, PaymentKind } from '@parde/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl, type ApiPath, type AsTyped, type Params } from '../../../lib/api-client';
import { adminKeys } from '../api/keys';

export type PaymentsFilter = {
  page?: number;
  status?: string;
  kind?: PaymentKind;
  user_id?: number;
  q?: string;
  gateway?: string;
  from?: string;
  to?: string;
};
export type GiftsFilter = { page?: number; origin?: 'bought' | 'issued'; state?: GiftState; q?: string };
export type DiscountsFilter = { page?: number; q?: string; active?: 'true' | 'false' };

export const usePlans = () =>
  useQuery({ queryKey: adminKeys.list('plans', {}), queryFn: async ({ signal }) => (await api.get('/api/admin/plans', { signal })).data.data });

export const useDiscounts = (filter: DiscountsFilter) =>
  useQuery({
    queryKey: adminKeys.list('discounts', filter),
    queryFn: async ({ signal }) => (await api.get('/api/admin/discounts', { query: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

export const useGifts = (filter: GiftsFilter) =>
  useQuery({
    queryKey: adminKeys.list('gifts', filter),
    queryFn: async ({ signal }) => (await api.get('/api/admin/gifts', { query: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

export const usePayments = (filter: PaymentsFilter) =>
  useQuery({
    queryKey: adminKeys.list('payments', filter),
    queryFn: async ({ signal }) => (await api.get('/api/admin/payments', { query: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

export const usePayment = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.one('payments', id ?? 0),
    queryFn: async ({ signal }) => (await api.get('/api/admin/payments/{id}', { path: { id: id! }, signal })).data.data,
    enabled: id !== null,
  });

/** The CSV export of a filter: a plain link, so the browser downloads it with the session cookie. */
export function paymentsCsvUrl(filter: PaymentsFilter): string {
  const { page: _page, ...rest } = filter;
  return buildUrl({ baseURL: api.defaults.baseURL, url: '/api/admin/payments.csv' satisfies ApiPath<'get'>, params: rest as Params });
}

function useChange<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Forms show their own errors beside the fields.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export type PlanBody = {
  name: string;
  days: number;
  price: number;
  discounted_price: number | null;
  features: string[];
  is_active: boolean;
  sort_order: number;
};

export const useSavePlan = () =>
  useChange(async ({ id, body }: { id: number | null; body: Partial<PlanBody> }) =>
    id === null ? (await api.post('/api/admin/plans', { body: body as AsTyped })).data.data : (await api.patch('/api/admin/plans/{id}', { path: { id }, body })).data.data,
  );

export const useDeletePlan = () =>
  useChange(async (id: number) => {
    await api.delete('/api/admin/plans/{id}', { path: { id } });
  });

export type DiscountBody = { code?: string; kind: DiscountKind; value: number; expires_at: string | null; max_uses: number | null; is_active: boolean };

export const useSaveDiscount = () =>
  useChange(async ({ id, body }: { id: number | null; body: Partial<DiscountBody> }) =>
    id === null ? (await api.post('/api/admin/discounts', { body: body as AsTyped })).data.data : (await api.patch('/api/admin/discounts/{id}', { path: { id }, body })).data.data,
  );

export type GiftBody = { plan_id: number | null; days: number | null; reason: string; recipient_email: string; request_id: string };

export const useIssueGift = () => useChange(async (body: GiftBody) => (await api.post('/api/admin/gifts', { body })).data.data);

export const useDisableGift = () => useChange(async ({ id, reason }: { id: number; reason: string }) => (await api.post('/api/admin/gifts/{id}/disable', { path: { id }, body: { reason } })).data.data);

export const useRefund = () => useChange(async ({ id, reason }: { id: number; reason: string }) => (await api.post('/api/admin/payments/{id}/refund', { path: { id }, body: { reason } })).data.data);
