import type { z } from 'zod';
import type { screenshotsResponse } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { screenshotKeys } from './keys';

export type Screenshot = z.infer<typeof screenshotsResponse>['data'][number];

/**
 * `GET /api/titles/{id}/screenshots` (members only: 401 for a visitor, 404 for an unknown
 * title): full-size and thumbnail addresses, none while the title has no media yet.
 */
export async function getScreenshots(titleId: number, signal?: AbortSignal): Promise<Screenshot[]> {
  const res = await api.get('/api/titles/{id}/screenshots', { path: { id: titleId }, signal });
  return res.data.data;
}

export const getScreenshotsQueryOptions = (titleId: number) =>
  queryOptions({ queryKey: screenshotKeys.list(titleId), queryFn: ({ signal }) => getScreenshots(titleId, signal) });

export const useScreenshots = (titleId: number) => useQuery(getScreenshotsQueryOptions(titleId));
