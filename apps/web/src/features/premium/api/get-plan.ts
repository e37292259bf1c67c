import type { Plan } from '@parde/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKeys } from './keys';

/** `GET /api/plans/{id}` — one plan on sale (404 with a Persian message when it is not). */
export async function getPlan(id: number, signal?: AbortSignal): Promise<Plan> {
  const res = await api.get('/api/plans/{id}', { path: { id }, signal });
  return res.data.data;
}

export const getPlanQueryOptions = (id: number) => queryOptions({ queryKey: premiumKeys.plan(id), queryFn: ({ signal }) => getPlan(id, signal) });

/** The plans list already holds the plan: it shows at once while its own answer comes in. */
export function usePlan(id: number) {
  const client = useQueryClient();
  return useQuery({
    ...getPlanQueryOptions(id),
    placeholderData: () => client.getQueryData<Plan[]>(premiumKeys.plans())?.find((p) => p.id === id),
  });
}
