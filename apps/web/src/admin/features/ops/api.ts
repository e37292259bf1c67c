import type {
  AdminComment,
  AdminCommentFilter,
  AdminMute,
  AdminNotificationAudience,
  AdminNotificationPreview,
  AdminNotificationSent,
  AdminRecipient,
  AdminRequestAnswer,
  AdminRequestGroup,
  AdminRequestReopened,
  AdminRequestStatus,
  AdminStats,
  AdminTitlePick,
  PaginationMeta,
} from '@parde/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Params } from '../../../lib/api-client';
import { adminKeys } from '../api/keys';

type Page<T> = { data: T[]; meta: PaginationMeta };

// ── Requests ────────────────────────────────────────────────────────────────────────────────

export type RequestFilter = { page?: number; status?: AdminRequestStatus; q?: string };

/** `GET /api/admin/requests` — the queue grouped by title, most asked first. */
export const useRequestGroups = (filter: RequestFilter) =>
  useQuery({
    queryKey: adminKeys.list('requests', filter),
    queryFn: async ({ signal }) => (await api.get<Page<AdminRequestGroup>>('/api/admin/requests', { params: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/title-picker?q=` — titles by name or IMDb id. */
export const useTitlePicker = (q: string) =>
  useQuery({
    queryKey: adminKeys.list('title-picker', { q }),
    queryFn: async ({ signal }) => (await api.get<{ data: AdminTitlePick[] }>('/api/admin/title-picker', { params: { q }, signal })).data.data,
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** Fulfils (a title) or declines (a reason) the whole group of a request. */
export function useAnswerRequest() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (a: { id: number; fulfil: { title_id: number; response?: string } } | { id: number; decline: { reason: string } }) => {
      const url = 'fulfil' in a ? `/api/admin/requests/${a.id}/fulfil` : `/api/admin/requests/${a.id}/decline`;
      return (await api.post<{ data: AdminRequestAnswer }>(url, 'fulfil' in a ? a.fulfil : a.decline)).data.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Takes back the answer of a group (a wrong title, a mistaken decline): it returns to the queue. */
export function useReopenRequest() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (a: { id: number; reason: string }) => (await api.post<{ data: AdminRequestReopened }>(`/api/admin/requests/${a.id}/reopen`, { reason: a.reason })).data.data,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

// ── Comments ────────────────────────────────────────────────────────────────────────────────

export type CommentFilter = { page?: number; filter?: AdminCommentFilter; q?: string; title_id?: number; member_id?: number };

export const useAdminComments = (filter: CommentFilter) =>
  useQuery({
    queryKey: adminKeys.list('comments', filter),
    queryFn: async ({ signal }) => (await api.get<Page<AdminComment>>('/api/admin/comments', { params: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

export type Moderation = { action: 'hide'; reason: string } | { action: 'delete' | 'restore' | 'review' } | { action: 'spoiler'; spoiler: boolean };

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, m }: { id: number; m: Moderation }) => {
      const res =
        m.action === 'spoiler'
          ? await api.patch<{ data: AdminComment }>(`/api/admin/comments/${id}`, { spoiler: m.spoiler })
          : await api.post<{ data: AdminComment }>(`/api/admin/comments/${id}/${m.action}`, m.action === 'hide' ? { reason: m.reason } : {});
      return res.data.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useMute() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (a: { memberId: number; days: number | null; reason?: string }) => {
      const url = `/api/admin/muted-members/${a.memberId}`;
      const res = a.days === null ? await api.delete<{ data: AdminMute }>(url) : await api.put<{ data: AdminMute }>(url, { days: a.days, ...(a.reason ? { reason: a.reason } : {}) });
      return res.data.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

// ── Notifications ───────────────────────────────────────────────────────────────────────────

export type NotificationDraft = { audience: AdminNotificationAudience; member_id?: number | null; title: string; body: string; link?: string };

export const useNotificationPreview = (draft: NotificationDraft, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.list('notification-preview', draft),
    queryFn: async ({ signal }) => (await api.post<{ data: AdminNotificationPreview }>('/api/admin/notifications/preview', draft, { signal })).data.data,
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useRecipients = (q: string) =>
  useQuery({
    queryKey: adminKeys.list('recipients', { q }),
    queryFn: async ({ signal }) => (await api.get<{ data: AdminRecipient[] }>('/api/admin/notifications/members', { params: { q }, signal })).data.data,
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export function useSendNotification() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: NotificationDraft & { idempotency_key: string }) => (await api.post<{ data: AdminNotificationSent }>('/api/admin/notifications', body)).data.data,
  });
}

// ── Dashboard ───────────────────────────────────────────────────────────────────────────────

export const useStats = (days: number) =>
  useQuery({
    queryKey: adminKeys.list('stats', { days }),
    queryFn: async ({ signal }) => (await api.get<{ data: AdminStats }>('/api/admin/stats', { params: { days }, signal })).data.data,
    placeholderData: keepPreviousData,
  });

/** An operator asks for a missed search as a request (it joins the queue like a member's). */
export function useRequestFromMiss() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (title: string) => (await api.post('/api/user/request', { title })).data,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
