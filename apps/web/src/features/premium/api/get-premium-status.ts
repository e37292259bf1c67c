import type { PremiumStatus } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKeys } from './keys';

/** `GET /api/user/premium` — active until, days left, and the reserved plans queued after it. */
export async function getPremiumStatus(signal?: AbortSignal): Promise<PremiumStatus> {
  const res = await api.get('/api/user/premium', { signal });
  return res.data.data;
}

export const getPremiumStatusQueryOptions = () =>
  queryOptions({ queryKey: premiumKeys.status(), queryFn: ({ signal }) => getPremiumStatus(signal) });

/** Only for members: a visitor has no subscription to ask about. */
export const usePremiumStatus = (enabled = true) => useQuery({ ...getPremiumStatusQueryOptions(), enabled });
