import type {  } from '@parde/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../api/keys';

/** How often live jobs are asked about (the brief of the panel: every one to two seconds). */
export const POLL_MS = 1_500;

const active = (status: string) => status === 'queued' || status === 'running';

/** `GET /api/admin/titles/:id/media`: the title, its episodes, packaged assets and latest jobs. */
export const useTitleMedia = (titleId: number) =>
  useQuery({
    queryKey: adminKeys.one('title-media', titleId),
    queryFn: async ({ signal }) => (await api.get('/api/admin/titles/{id}/media', { path: { id: titleId }, signal })).data.data,
  });

/**
 * `GET /api/admin/ingests?title_id=`: the title's packaging jobs, asked again every 1.5 s while
 * one is queued or running, or while a job just started has not shown up yet.
 */
export function useIngests(titleId: number, waitingFor: number | null) {
  return useQuery({
    queryKey: adminKeys.list('ingests', { titleId }),
    queryFn: async ({ signal }) => (await api.get('/api/admin/ingests', { query: { title_id: titleId, per_page: 20 }, signal })).data.data,
    refetchInterval: (query) => {
      const jobs = query.state.data;
      if (!jobs) return false;
      if (waitingFor !== null && !jobs.some((j) => j.id === waitingFor && !active(j.status))) return POLL_MS;
      return jobs.some((j) => active(j.status)) ? POLL_MS : false;
    },
  });
}

/** Dataset files uploaded and waiting to be imported. */
export const useDatasetUploads = () =>
  useQuery({
    queryKey: adminKeys.list('uploads', { kind: 'dataset', status: 'complete' }),
    queryFn: async ({ signal }) => (await api.get('/api/admin/uploads', { query: { kind: 'dataset', status: 'complete', per_page: 100 }, signal })).data.data,
  });

/** `GET /api/admin/imports`, asked again while one is queued or running. */
export const useImports = (page: number) =>
  useQuery({
    queryKey: adminKeys.list('imports', { page }),
    queryFn: async ({ signal }) => (await api.get('/api/admin/imports', { query: { page, per_page: 20 }, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((i) => active(i.status)) ? POLL_MS : false),
  });

/** `POST /api/admin/imports` with the chosen uploads. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (uploadIds: string[]) => (await api.post('/api/admin/imports', { body: { upload_ids: uploadIds } })).data.data,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.area('imports') });
      void client.invalidateQueries({ queryKey: adminKeys.area('uploads') });
    },
  });
}
