import type { AdminCommentFilter, AdminNotificationAudience, AdminRequestStatus } from '@parde/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Params } from '../../../lib/api-client';
import { adminKeys } from '../api/keys';

// ── Requests ────────────────────────────────────────────────────────────────────────────────

export type RequestFilter = { page?: number; status?: AdminRequestStatus; q?: string };

/** `GET /api/admin/requests` — the queue grouped by title, most asked first. */
export const useRequestGroups = (filter: RequestFilter) =>
  useQuery({
    queryKey: adminKeys.list('requests', filter),
    queryFn: async ({ signal }) => (await api.get('/api/admin/requests', { query: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/title-picker?q=` — titles by name or IMDb id. */
export const useTitlePicker = (q: string) =>
  useQuery({
    queryKey: adminKeys.list('title-picker', { q }),
    queryFn: async ({ signal }) => (await api.get('/api/admin/title-picker', { query: { q }, signal })).data.data,
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** Fulfils (a title) or declines (a reason) the whole group of a request. */
export function useAnswerRequest() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (a: { id: number; fulfil: { title_id: number; response?: string } } | { id: number; decline: { reason: string } }) => {
      const res =
        'fulfil' in a
          ? await api.post('/api/admin/requests/{id}/fulfil', { path: { id: a.id }, body: a.fulfil })
          : await api.post('/api/admin/requests/{id}/decline', { path: { id: a.id }, body: a.decline });
      return res.data.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Takes back the answer of a group (a wrong title, a mistaken decline): it returns to the queue. */
export function useReopenRequest() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (a: { id: number; reason: string }) => (await api.post('/api/admin/requests/{id}/reopen', { path: { id: a.id }, body: { reason: a.reason } })).data.data,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

// ── Comments ────────────────────────────────────────────────────────────────────────────────

export type CommentFilter = { page?: number; filter?: AdminCommentFilter; q?: string; title_id?: number; member_id?: number };

export const useAdminComments = (filter: CommentFilter) =>
  useQuery({
    queryKey: adminKeys.list('comments', filter),
    queryFn: async ({ signal }) => (await api.get('/api/admin/comments', { query: filter as Params, signal })).data,
    placeholderData: keepPreviousData,
  });

export type Moderation = { action: 'hide'; reason: string } | { action: 'delete' | 'restore' | 'review' } | { action: 'spoiler'; spoiler: boolean };

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, m }: { id: number; m: Moderation }) => {
      const res =
        m.action === 'spoiler'
          ? await api.patch('/api/admin/comments/{id}', { path: { id }, body: { spoiler: m.spoiler } })
          : m.action === 'hide'
            ? await api.post('/api/admin/comments/{id}/hide', { path: { id }, body: { reason: m.reason } })
            : await api.post(`/api/admin/comments/{id}/${m.action}`, { path: { id }, body: {} });
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
      const path = { id: a.memberId };
      const res =
        a.days === null
          ? await api.delete('/api/admin/muted-members/{id}', { path })
          : await api.put('/api/admin/muted-members/{id}', { path, body: { days: a.days, ...(a.reason ? { reason: a.reason } : {}) } });
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
    queryFn: async ({ signal }) => (await api.post('/api/admin/notifications/preview', { body: draft, signal })).data.data,
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useRecipients = (q: string) =>
  useQuery({
    queryKey: adminKeys.list('recipients', { q }),
    queryFn: async ({ signal }) => (await api.get('/api/admin/notifications/members', { query: { q }, signal })).data.data,
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export function useSendNotification() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (body: NotificationDraft & { idempotency_key: string }) => (await api.post('/api/admin/notifications', { body })).data.data,
  });
}

// ── Dashboard ───────────────────────────────────────────────────────────────────────────────

export const useStats = (days: number) =>
  useQuery({
    queryKey: adminKeys.list('stats', { days }),
    queryFn: async ({ signal }) => (await api.get('/api/admin/stats', { query: { days }, signal })).data.data,
    placeholderData: keepPreviousData,
  });

/** An operator asks for a missed search as a request (it joins the queue like a member's). */
export function useRequestFromMiss() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (title: string) => (await api.post('/api/user/request', { body: { title } })).data,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
