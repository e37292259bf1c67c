import type { AuditEntry, PaginationMeta } from '@parde/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Params } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type AuditFilter = { page?: number; entity?: string; entity_id?: string; action?: string; actor_id?: number; from?: string; to?: string };
export type AuditPage = { data: AuditEntry[]; meta: PaginationMeta };

/** `GET /api/admin/audit` — the operators' changes, newest first. */
export async function getAudit(filter: AuditFilter, signal?: AbortSignal): Promise<AuditPage> {
  const res = await api.get('/api/admin/audit', { query: filter as Params, signal });
  return res.data;
}

export const useAudit = (filter: AuditFilter) =>
  useQuery({ queryKey: adminKeys.list('audit', filter), queryFn: ({ signal }) => getAudit(filter, signal), placeholderData: keepPreviousData });
