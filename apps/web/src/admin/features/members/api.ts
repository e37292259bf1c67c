import type { AdminMember, AdminMemberDetail, PaginationMeta, Role } from '@parde/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Params } from '../../../lib/api-client';
import { adminKeys } from '../api/keys';

export type MembersFilter = { page?: number; q?: string; premium?: 'true' | 'false'; disabled?: 'true' | 'false'; role?: Role };
export type MembersPage = { data: AdminMember[]; meta: PaginationMeta };

/** `GET /api/admin/members`. */
export async function getMembers(filter: MembersFilter, signal?: AbortSignal): Promise<MembersPage> {
  return (await api.get('/api/admin/members', { query: filter as Params, signal })).data;
}

/** `GET /api/admin/members/{id}`. */
export async function getMember(id: number, signal?: AbortSignal): Promise<AdminMemberDetail> {
  return (await api.get('/api/admin/members/{id}', { path: { id }, signal })).data.data;
}

export const useMembers = (filter: MembersFilter) =>
  useQuery({ queryKey: adminKeys.list('members', filter), queryFn: ({ signal }) => getMembers(filter, signal), placeholderData: keepPreviousData });

export const useMember = (id: number) => useQuery({ queryKey: adminKeys.one('members', id), queryFn: ({ signal }) => getMember(id, signal) });

/** After a change: the member, the lists and the audit log are read again. */
function useMemberChange<V, R>(id: number, fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Forms show their own errors beside the fields.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `key`: one per submission of the form, the same on a retry; `confirm`: the operator gives the same grant again on purpose. */
export type GrantVars = { days: number; reason: string; key: string; confirm?: boolean };

/**
 * `POST /api/admin/members/{id}/premium`, always with an `Idempotency-Key`: a double submit or a
 * retry after a lost answer grants once.
 */
export const useGrantPremium = (id: number) =>
  useMemberChange(
    id,
    async (v: GrantVars) =>
      (
        await api.post('/api/admin/members/{id}/premium', {
          path: { id },
          body: { days: v.days, reason: v.reason, ...(v.confirm ? { confirm: true } : {}) },
          headers: { 'Idempotency-Key': v.key },
        })
      ).data.data,
  );

export const useSetDisabled = (id: number) =>
  useMemberChange(id, async (v: { disabled: boolean; reason: string }) => (await api.post(v.disabled ? '/api/admin/members/{id}/disable' : '/api/admin/members/{id}/enable', { path: { id }, body: { reason: v.reason } })).data.data);

export const useSignOutEverywhere = (id: number) =>
  useMemberChange(id, async () => (await api.post('/api/admin/members/{id}/sign-out', { path: { id } })).data.data);

export const useChangeRole = (id: number) => useMemberChange(id, async (role: Role) => (await api.put('/api/admin/members/{id}/role', { path: { id }, body: { role } })).data.data);
