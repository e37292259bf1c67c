import type { Plan } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKeys } from './keys';

/** `GET /api/plans` — the plans on sale, cheapest period first. */
export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  const res = await api.get('/api/plans', { signal });
  return res.data.data;
}

export const getPlansQueryOptions = () => queryOptions({ queryKey: premiumKeys.plans(), queryFn: ({ signal }) => getPlans(signal) });

export const usePlans = () => useQuery(getPlansQueryOptions());
