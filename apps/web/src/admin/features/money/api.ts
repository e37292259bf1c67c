import type {
  AdminDiscount,
  AdminGift,
  AdminPayment,
  AdminPaymentDetail,
  AdminPlan,
  AdminRefundResult,
  DiscountKind,
  GiftState,
  PaginationMeta,
  PaymentKind,
} from '@parde/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl, type Params } from '../../../lib/api-client';
import { adminKeys } from '../api/keys';

type Page<T> = { data: T[]; meta: PaginationMeta };

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
  useQuery({ queryKey: adminKeys.list('plans', {}), queryFn: async ({ signal }) => (await api.get<{ data: AdminPlan[] }>('/api/admin/plans', { signal })).data.data });

export const useDiscounts = (filter: DiscountsFilter) =>
  useQuery({
    queryKey: adminKeys.list('discounts', filter),
    queryFn: async ({ signal }) => (await api.get<Page<AdminDiscount>>('/api/admin/discounts', { params: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

export const useGifts = (filter: GiftsFilter) =>
  useQuery({
    queryKey: adminKeys.list('gifts', filter),
    queryFn: async ({ signal }) => (await api.get<Page<AdminGift>>('/api/admin/gifts', { params: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

export const usePayments = (filter: PaymentsFilter) =>
  useQuery({
    queryKey: adminKeys.list('payments', filter),
    queryFn: async ({ signal }) => (await api.get<Page<AdminPayment>>('/api/admin/payments', { params: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

export const usePayment = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.one('payments', id ?? 0),
    queryFn: async ({ signal }) => (await api.get<{ data: AdminPaymentDetail }>(`/api/admin/payments/${id}`, { signal })).data.data,
    enabled: id !== null,
  });

/** The CSV export of a filter: a plain link, so the browser downloads it with the session cookie. */
export function paymentsCsvUrl(filter: PaymentsFilter): string {
  const { page: _page, ...rest } = filter;
  return buildUrl({ baseURL: api.defaults.baseURL, url: '/api/admin/payments.csv', params: rest as Params });
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
    id === null ? (await api.post<{ data: AdminPlan }>('/api/admin/plans', body)).data.data : (await api.patch<{ data: AdminPlan }>(`/api/admin/plans/${id}`, body)).data.data,
  );

export const useDeletePlan = () =>
  useChange(async (id: number) => {
    await api.delete(`/api/admin/plans/${id}`);
  });

export type DiscountBody = { code?: string; kind: DiscountKind; value: number; expires_at: string | null; max_uses: number | null; is_active: boolean };

export const useSaveDiscount = () =>
  useChange(async ({ id, body }: { id: number | null; body: Partial<DiscountBody> }) =>
    id === null ? (await api.post<{ data: AdminDiscount }>('/api/admin/discounts', body)).data.data : (await api.patch<{ data: AdminDiscount }>(`/api/admin/discounts/${id}`, body)).data.data,
  );

export type GiftBody = { plan_id: number | null; days: number | null; reason: string; recipient_email: string; request_id: string };

export const useIssueGift = () => useChange(async (body: GiftBody) => (await api.post<{ data: AdminGift }>('/api/admin/gifts', body)).data.data);

export const useDisableGift = () => useChange(async ({ id, reason }: { id: number; reason: string }) => (await api.post<{ data: AdminGift }>(`/api/admin/gifts/${id}/disable`, { reason })).data.data);

export const useRefund = () => useChange(async ({ id, reason }: { id: number; reason: string }) => (await api.post<{ data: AdminRefundResult }>(`/api/admin/payments/${id}/refund`, { reason })).data.data);
