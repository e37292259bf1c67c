import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PaginationMeta } from '@parde/contract';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';

/**
 * A list screen's filters live in the address (`?state=unused&page=2`), so a filtered list can be
 * shared and reloaded. Setting a filter drops the page; `hrefFor` keeps the filters and sets one.
 */
export function useUrlFilter(basePath = '') {
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
    return `${basePath}?${next.toString()}`;
  };
  return { params, setParams, get, set, page: Number(params.get('page')) || 1, hrefFor };
}

/** The page links under a list, when it has more than one page. */
export function AdminPager({ meta, hrefFor }: { meta: PaginationMeta; hrefFor: (page: number) => string }) {
  return meta.lastPage > 1 ? <ListPagination page={meta.currentPage} lastPage={meta.lastPage} hrefFor={hrefFor} /> : null;
}

/**
 * A filter drop-down bound to one search parameter. `allLabel` adds the first option that clears
 * it; `clearValue` names an option that clears it instead (shown when the parameter is absent).
 */
export function UrlFilterSelect({
  name,
  label,
  value,
  options,
  allLabel,
  clearValue = '',
  minWidth,
  inputTestId,
  'data-testid': testId,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: Record<string, ReactNode> | readonly (readonly [string, ReactNode])[];
  allLabel?: string;
  clearValue?: string;
  minWidth: number;
  inputTestId?: string;
  'data-testid'?: string;
}) {
  const { set } = useUrlFilter();
  const entries = Array.isArray(options) ? options : Object.entries(options);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? clearValue}
      onChange={(e) => set(name, e.target.value === clearValue ? '' : e.target.value)}
      sx={{ minWidth }}
      data-testid={testId}
      slotProps={inputTestId ? { htmlInput: { 'data-testid': inputTestId } } : undefined}
    >
      {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
      {entries.map(([k, v]) => (
        <MenuItem key={k} value={k}>
          {v}
        </MenuItem>
      ))}
    </TextField>
  );
}
