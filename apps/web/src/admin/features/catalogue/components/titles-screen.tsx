import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { AdminTitleRow } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { QueryErrorPage } from '../../../../components/query-error';
import { paths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { AdminPage } from '../../components/admin-page';
import { adminMessages } from '../../messages';
import { useAdminTitles, useCatalogueChange, type TitleFilter } from '../api/catalogue-api';
import { catalogueMessages } from '../messages';
import { AdminTable } from '../../components/admin-table';
import { UrlFilterSelect, useUrlFilter } from '../../components/url-filter';

const m = catalogueMessages.titles;
const FILTERS = ['q', 'type', 'status', 'coming_soon', 'is_free', 'has_video'] as const;

function PublishSwitch({ t }: { t: AdminTitleRow }) {
  const toggle = useCatalogueChange((publish: boolean) => api.post(publish ? '/api/admin/titles/{id}/publish' : '/api/admin/titles/{id}/hide', { path: { id: t.id }, body: {} }));
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
  const { params, set, hrefFor } = useUrlFilter(paths.admin.titles.getHref());
  const filter: TitleFilter = { page: Number(params.get('page')) || 1 };
  for (const k of FILTERS) {
    const v = params.get(k);
    if (v) filter[k] = v;
  }
  const [q, setQ] = useState(filter.q ?? '');
  const { data, isError, error, refetch } = useAdminTitles(filter);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set('q', q.trim());
  };
  const yesNo = (key: 'coming_soon' | 'is_free' | 'has_video', label: string) => (
    <UrlFilterSelect name={key} label={label} value={filter[key]} allLabel={m.all} options={[['1', m.yes], ['0', m.no]]} minWidth={110} inputTestId={`admin-titles-filter-${key}`} />
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
        <UrlFilterSelect name="type" label={m.type} value={filter.type} allLabel={m.all} options={{ movie: catalogueMessages.types.movie, series: catalogueMessages.types.series }} minWidth={110} />
        <UrlFilterSelect name="status" label={m.status} value={filter.status} allLabel={m.all} options={{ published: m.published, hidden: m.hidden }} minWidth={130} />
        {yesNo('coming_soon', m.comingSoon)}
        {yesNo('is_free', m.free)}
        {yesNo('has_video', m.hasVideo)}
      </Box>
      <AdminTable
        label={m.heading}
        columns={[m.name, m.type, m.year, m.flags, m.published, m.actions]}
        rows={data?.data}
        meta={data?.meta}
        hrefFor={hrefFor}
      >
        {(rows) =>
          rows.map((t) => (
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
          ))
        }
      </AdminTable>
    </AdminPage>
  );
}
