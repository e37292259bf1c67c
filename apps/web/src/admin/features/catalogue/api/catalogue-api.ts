import type { PaginationMeta } from '@parde/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResponse, type Params } from '../../../../lib/api-client';
import { getErrorMessage, getErrorStatus } from '../../../../lib/errors';
import { fieldErrorsOf } from '../../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../../lib/notifications';
import { adminKeys } from '../../api/keys';

/**
 * The catalogue area's calls (`/api/admin/titles`, people, genres, collections, slideshow).
 * Every change refreshes the whole area: a title's edit shows in the lists, pickers and tabs.
 */

export type TitleFilter = { q?: string; type?: string; status?: string; coming_soon?: string; is_free?: string; has_video?: string; page?: number };
export type Page<T> = { data: T[]; meta: PaginationMeta };

const AREA = 'catalogue';
const clean = (o: object): Params => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Params;

export const catalogueKeys = {
  area: adminKeys.area(AREA),
  titles: (f: TitleFilter) => adminKeys.list(AREA, { titles: f }),
  title: (id: number) => adminKeys.one(AREA, `title-${id}`),
  options: () => adminKeys.one(AREA, 'options'),
  people: (q: { q?: string; page?: number }) => adminKeys.list(AREA, { people: q }),
  genres: () => adminKeys.one(AREA, 'genres'),
  collections: () => adminKeys.one(AREA, 'collections'),
  collection: (id: number) => adminKeys.one(AREA, `collection-${id}`),
  slideshow: () => adminKeys.one(AREA, 'slideshow'),
};

export const getTitles = async (f: TitleFilter, signal?: AbortSignal) => (await api.get('/api/admin/titles', { query: clean(f), signal })).data;
export const useAdminTitles = (f: TitleFilter, enabled = true) =>
  useQuery({ queryKey: catalogueKeys.titles(f), queryFn: ({ signal }) => getTitles(f, signal), placeholderData: keepPreviousData, enabled });

export const useAdminTitle = (id: number | null) =>
  useQuery({
    queryKey: catalogueKeys.title(id ?? 0),
    queryFn: async ({ signal }) => (await api.get('/api/admin/titles/{id}', { path: { id: id! }, signal })).data.data,
    enabled: id !== null,
  });

export const useCatalogueOptions = () =>
  useQuery({ queryKey: catalogueKeys.options(), queryFn: async ({ signal }) => (await api.get('/api/admin/catalogue/options', { signal })).data.data, staleTime: 60_000 });

export const usePeople = (q: { q?: string; page?: number }, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.people(q),
    queryFn: async ({ signal }) => (await api.get('/api/admin/people', { query: clean(q), signal })).data,
    placeholderData: keepPreviousData,
    enabled,
  });

export const useGenres = () => useQuery({ queryKey: catalogueKeys.genres(), queryFn: async ({ signal }) => (await api.get('/api/admin/genres', { signal })).data.data });
export const useCollections = () =>
  useQuery({ queryKey: catalogueKeys.collections(), queryFn: async ({ signal }) => (await api.get('/api/admin/collections', { signal })).data.data });
export const useCollection = (id: number | null) =>
  useQuery({
    queryKey: catalogueKeys.collection(id ?? 0),
    queryFn: async ({ signal }) => (await api.get('/api/admin/collections/{id}', { path: { id: id! }, signal })).data.data,
    enabled: id !== null,
  });
export const useSlideshow = () =>
  useQuery({ queryKey: catalogueKeys.slideshow(), queryFn: async ({ signal }) => (await api.get('/api/admin/slideshow', { signal })).data.data });

/** What a change answers: the changed record (`{ data }`), or nothing to read (`{ ok: true }`). */
type Changed<A> = A extends { data: infer T } ? T : undefined;

/**
 * One change, `call` making the request (`(vars) => api.patch('/api/admin/genres/{id}', …)`): the
 * server's Persian message as a toast unless the form shows field errors (422).
 */
export function useCatalogueChange<V = void, A = unknown>(call: (vars: V) => Promise<ApiResponse<A>>, opts: { success?: string; quiet422?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation<Changed<A>, unknown, V>({
    mutationFn: async (vars) => {
      const res = await call(vars);
      return (res.data as { data?: Changed<A> }).data as Changed<A>;
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: catalogueKeys.area });
      if (opts.success) notifySuccess(opts.success);
    },
    onError: (error) => {
      if (opts.quiet422 && getErrorStatus(error) === 422) return;
      // The first field's sentence: a list's inline form has no room for every field.
      notifyError(Object.values(fieldErrorsOf(error))[0] ?? getErrorMessage(error));
    },
  });
}
