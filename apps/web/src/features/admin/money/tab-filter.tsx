import type { PaginationMeta } from '@parde/contract';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { paths } from '../../../config/paths';

/** A tab's filters live in the address (`?tab=gifts&state=unused`), so a filtered list can be shared and reloaded. */
export function useTabFilter() {
  const [params, setParams] = useSearchParams();
  const get = (key: string) => params.get(key) || undefined;
  const set = (key: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `${paths.admin.money.getHref()}?${next.toString()}`;
  };
  return { params, setParams, get, set, page: Number(params.get('page')) || 1, hrefFor };
}

export function TabPager({ meta, hrefFor }: { meta: PaginationMeta; hrefFor: (page: number) => string }) {
  return meta.lastPage > 1 ? <ListPagination page={meta.currentPage} lastPage={meta.lastPage} hrefFor={hrefFor} /> : null;
}
