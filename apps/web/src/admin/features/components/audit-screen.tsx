import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { roleLabels, type AuditEntry, type Role } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { Fragment, useState } from 'react';
import { ListPagination } from '../../../components/list-pagination';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useAudit, type AuditFilter } from '../api/audit';
import { adminDateTime } from '../lib/format';
import { adminMessages } from '../messages';
import { AdminPage } from './admin-page';
import { JalaliDateField } from './jalali-date-field';
import { AdminTable } from './admin-table';
import { UrlFilterSelect, useUrlFilter } from './url-filter';

const m = adminMessages.audit;

/** The areas the panel writes to, for the filter. */
const entities: Record<string, string> = {
  title: 'عنوان‌ها',
  season: 'فصل‌ها',
  episode: 'قسمت‌ها',
  person: 'افراد',
  genre: 'ژانرها',
  collection: 'مجموعه‌ها',
  media: 'ویدیو و زیرنویس',
  import: 'ورود از IMDb',
  member: 'اعضا',
  plan: 'طرح‌ها',
  discount: 'کدهای تخفیف',
  gift: 'کدهای هدیه',
  payment: 'پرداخت‌ها',
  request: 'درخواست‌ها',
  comment: 'دیدگاه‌ها',
  notification: 'اعلان‌ها',
};

const actorLabel = (a: AuditEntry['actor']) => `${a.name} (${roleLabels[a.role as Role] ?? (a.role === 'system' ? 'سرور' : a.role)})`;

function Json({ value }: { value: unknown }) {
  return (
    // Inline: the right-to-left style plugin would flip a direction written in `sx`.
    <Box component="pre" dir="ltr" style={{ direction: 'ltr', textAlign: 'left', unicodeBidi: 'isolate' }} sx={{ m: 0, p: 1, fontSize: '0.75rem', bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', maxHeight: 240 }}>
      {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </Box>
  );
}

/** `/admin/audit`: every operator's change, filtered by area, record and Jalali-shown days. */
export function AuditScreen() {
  const { params, set } = useUrlFilter();
  const filter: AuditFilter = {
    page: Number(params.get('page')) || 1,
    entity: params.get('entity') || undefined,
    entity_id: params.get('entity_id') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
  const { data, isError, error, refetch } = useAudit(filter);
  const [open, setOpen] = useState<number | null>(null);

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <AdminPage title={m.heading} intro={m.intro} testId="admin-audit">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <UrlFilterSelect name="entity" label={m.filterEntity} value={filter.entity} allLabel={m.allEntities} options={entities} minWidth={180} />
        <JalaliDateField label={m.filterFrom} value={filter.from} onChange={(v) => set('from', v)} testId="audit-from" />
        <JalaliDateField label={m.filterTo} value={filter.to} onChange={(v) => set('to', v)} testId="audit-to" />
      </Box>
      <AdminTable
        label={m.heading}
        columns={[m.when, m.who, m.what, m.record, m.details]}
        rows={data?.data}
      >
        {(rows) =>
          rows.map((e) => (
            <Fragment key={e.id}>
              <TableRow data-testid="audit-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminDateTime(e.createdAt)}</TableCell>
                <TableCell>{actorLabel(e.actor)}</TableCell>
                <TableCell>{e.actionLabel}</TableCell>
                <TableCell>
                  {entities[e.entity] ?? e.entity} {e.entityId ? toPersianDigits(`#${e.entityId}`) : ''}
                </TableCell>
                <TableCell>
                  <Button size="small" color="inherit" onClick={() => setOpen(open === e.id ? null : e.id)} aria-expanded={open === e.id}>
                    {open === e.id ? m.hide : m.show}
                  </Button>
                </TableCell>
              </TableRow>
              {open === e.id && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 1.5 }}>
                      <Box>
                        <strong>{m.before}</strong>
                        <Json value={e.before} />
                      </Box>
                      <Box>
                        <strong>{m.after}</strong>
                        <Json value={e.after} />
                      </Box>
                    </Box>
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))
        }
      </AdminTable>
      {data && data.meta.lastPage > 1 && (
        <ListPagination
          page={data.meta.currentPage}
          lastPage={data.meta.lastPage}
          hrefFor={(page) => `${paths.admin.audit.getHref({ entity: filter.entity, entity_id: filter.entity_id })}${filter.entity || filter.entity_id ? '&' : '?'}page=${page}`}
        />
      )}
    </AdminPage>
  );
}
