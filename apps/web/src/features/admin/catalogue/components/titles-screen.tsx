import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { AdminTitleRow } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/empty-state';
import { ListPagination } from '../../../../components/list-pagination';
import { ProgressBar } from '../../../../components/progress-bar';
import { QueryErrorPage } from '../../../../components/query-error';
import { paths } from '../../../../config/paths';
import { AdminPage } from '../../components/admin-page';
import { adminMessages } from '../../messages';
import { useAdminTitles, useCatalogueChange, type TitleFilter } from '../api/catalogue-api';
import { catalogueMessages } from '../messages';

const m = catalogueMessages.titles;
const FILTERS = ['q', 'type', 'status', 'coming_soon', 'is_free', 'has_video'] as const;

function PublishSwitch({ t }: { t: AdminTitleRow }) {
  const toggle = useCatalogueChange<unknown, boolean>((publish) => ({ method: 'post', url: `/api/admin/titles/${t.id}/${publish ? 'publish' : 'hide'}` }));
  return (
    <Switch
      color="success"
      checked={t.published}
      disabled={toggle.isPending}
      onChange={(e) => toggle.mutate(e.target.checked)}
      slotProps={{ input: { 'aria-label': m.publishToggle(t.titleFa ?? t.titleEn), 'data-testid': 'admin-titles-publish' } as object }}
    />
  );
}

/** `/admin/titles`: every title, hidden ones too, searched and filtered, with a publish switch each. */
export function TitlesScreen() {
  const [params, setParams] = useSearchParams();
  const filter: TitleFilter = { page: Number(params.get('page')) || 1 };
  for (const k of FILTERS) {
    const v = params.get(k);
    if (v) filter[k] = v;
  }
  const [q, setQ] = useState(filter.q ?? '');
  const { data, isPending, isError, error, refetch } = useAdminTitles(filter);
  const set = (key: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set('q', q.trim());
  };
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `${paths.admin.titles.getHref()}?${next.toString()}`;
  };
  const yesNo = (key: 'coming_soon' | 'is_free' | 'has_video', label: string) => (
    <TextField select size="small" label={label} value={filter[key] ?? ''} onChange={(e) => set(key, e.target.value)} sx={{ minWidth: 110 }} slotProps={{ htmlInput: { 'data-testid': `admin-titles-filter-${key}` } }}>
      <MenuItem value="">{m.all}</MenuItem>
      <MenuItem value="1">{m.yes}</MenuItem>
      <MenuItem value="0">{m.no}</MenuItem>
    </TextField>
  );

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <AdminPage
      title={m.heading}
      intro={m.intro}
      testId="admin-titles"
      actions={
        <Button variant="contained" component={RouterLink} to={paths.admin.title.getHref('new')} data-testid="admin-titles-new">
          {m.newTitle}
        </Button>
      }
    >
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <TextField size="small" label={m.searchLabel} value={q} onChange={(e) => setQ(e.target.value)} sx={{ minWidth: 240 }} slotProps={{ htmlInput: { 'data-testid': 'admin-titles-search' } }} />
        <Button color="inherit" type="submit" variant="outlined">
          {adminMessages.search}
        </Button>
        <TextField select size="small" label={m.type} value={filter.type ?? ''} onChange={(e) => set('type', e.target.value)} sx={{ minWidth: 110 }}>
          <MenuItem value="">{m.all}</MenuItem>
          <MenuItem value="movie">{catalogueMessages.types.movie}</MenuItem>
          <MenuItem value="series">{catalogueMessages.types.series}</MenuItem>
        </TextField>
        <TextField select size="small" label={m.status} value={filter.status ?? ''} onChange={(e) => set('status', e.target.value)} sx={{ minWidth: 130 }}>
          <MenuItem value="">{m.all}</MenuItem>
          <MenuItem value="published">{m.published}</MenuItem>
          <MenuItem value="hidden">{m.hidden}</MenuItem>
        </TextField>
        {yesNo('coming_soon', m.comingSoon)}
        {yesNo('is_free', m.free)}
        {yesNo('has_video', m.hasVideo)}
      </Box>
      {isPending ? (
        <ProgressBar label={adminMessages.loading} />
      ) : data.data.length === 0 ? (
        <EmptyState message={adminMessages.empty} compact />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={m.heading}>
            <TableHead>
              <TableRow>
                <TableCell>{m.name}</TableCell>
                <TableCell>{m.type}</TableCell>
                <TableCell>{m.year}</TableCell>
                <TableCell>{m.flags}</TableCell>
                <TableCell>{m.published}</TableCell>
                <TableCell>{m.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((t) => (
                <TableRow key={t.id} data-testid="admin-titles-row" data-title-id={t.id}>
                  <TableCell>
                    <Link color="inherit" component={RouterLink} to={paths.admin.title.getHref(t.id)} sx={{ fontWeight: 700 }}>
                      {t.titleFa ?? t.titleEn}
                    </Link>
                    <Box component="span" dir="ltr" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
                      {t.titleEn} · {t.imdbId}
                    </Box>
                  </TableCell>
                  <TableCell>{catalogueMessages.types[t.type]}</TableCell>
                  <TableCell>{t.year ? toPersianDigits(t.year) : '—'}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      {!t.published && <Chip size="small" color="warning" label={m.hidden} />}
                      {t.comingSoon && <Chip size="small" label={m.comingSoon} />}
                      {t.isFree && <Chip size="small" color="success" label={m.free} />}
                      {t.hasVideo && <Chip size="small" color="info" label={m.hasVideo} />}
                      {t.hasDub && <Chip size="small" label={m.dubbed} />}
                      {t.localImdbId && <Chip size="small" variant="outlined" label={m.localImdb} />}
                    </Box>
                  </TableCell>
                  <TableCell>
                    <PublishSwitch t={t} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button color="inherit" size="small" component={RouterLink} to={paths.admin.title.getHref(t.id)}>
                      {m.edit}
                    </Button>
                    <Button color="inherit" size="small" component="a" href={t.path} target="_blank" rel="noopener">
                      {m.publicPage}
                    </Button>
                    <Button color="inherit" size="small" component={RouterLink} to={paths.admin.titleMedia.getHref(t.id)}>
                      {m.media}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data && data.meta.lastPage > 1 && <ListPagination page={data.meta.currentPage} lastPage={data.meta.lastPage} hrefFor={hrefFor} />}
    </AdminPage>
  );
}
