import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminRequestGroup, AdminRequestStatus } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination } from '../../../components/list-pagination';
import { ProgressBar } from '../../../components/progress-bar';
import { QueryErrorPage } from '../../../components/query-error';
import { solidAccent } from '../../../components/accent';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { AdminPage } from '../components/admin-page';
import { adminDate } from '../lib/format';
import { adminMessages } from '../messages';
import { useRequestGroups, type RequestFilter } from './api';
import { DeclineDialog, FulfilDialog, ReopenDialog } from './request-dialogs';
import { opsMessages } from './messages';

const m = opsMessages.requests;
const STATUSES: AdminRequestStatus[] = ['pending', 'fulfilled', 'rejected'];

function GroupCard({ group, onFulfil, onDecline, onReopen }: { group: AdminRequestGroup; onFulfil: () => void; onDecline: () => void; onReopen: () => void }) {
  const [allNotes, setAllNotes] = useState(false);
  const notes = allNotes ? group.notes : group.notes.slice(0, 3);
  const name = group.year ? `${group.title} (${toPersianDigits(group.year)})` : group.title;
  return (
    <Paper component="li" variant="outlined" data-testid="admin-request-group" data-group-id={group.id} sx={{ listStyle: 'none', p: { xs: 1.5, md: 2 }, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" sx={{ fontWeight: 800, fontSize: '1.05rem' }} dir="auto">
          {name}
        </Typography>
        <Chip size="small" color={group.status === 'pending' ? 'warning' : 'default'} label={m.members(group.members)} data-testid="admin-request-members" />
        {group.requests !== group.members && <Chip size="small" variant="outlined" label={m.requests(group.requests)} />}
        {group.imdbUrl && (
          <Link href={group.imdbUrl} target="_blank" rel="noreferrer noopener" color="inherit" underline="always" sx={{ fontSize: '0.85rem' }} dir="ltr">
            {group.imdbId}
          </Link>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ fontSize: '0.85rem', mt: 0.5 }}>
        {m.since(adminDate(group.firstAt))}
        {group.answeredAt && ` · ${m.answered(adminDate(group.answeredAt))}`}
      </Typography>
      {notes.length > 0 && (
        <Box component="ul" aria-label={m.notes} sx={{ m: 0, mt: 1, p: 0, pr: 2, display: 'grid', gap: 0.5 }}>
          {notes.map((note, i) => (
            <Typography component="li" key={i} sx={{ fontSize: '0.9rem' }} dir="auto">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {note.memberName}:
              </Box>{' '}
              {note.note}
            </Typography>
          ))}
          {group.notes.length > 3 && (
            <Box component="li" sx={{ listStyle: 'none' }}>
              <Button size="small" color="inherit" onClick={() => setAllNotes(!allNotes)} aria-expanded={allNotes}>
                {allNotes ? adminMessages.audit.hide : `${adminMessages.audit.show} (${toPersianDigits(group.notes.length)})`}
              </Button>
            </Box>
          )}
        </Box>
      )}
      {group.response && (
        <Typography sx={{ mt: 1, fontSize: '0.9rem' }} dir="auto">
          {group.response}
        </Typography>
      )}
      {group.catalogueTitle && (
        <Typography sx={{ mt: 1, fontSize: '0.9rem' }}>
          {m.inCatalogue}{' '}
          <Link component={RouterLink} to={group.catalogueTitle.path} color="inherit" underline="always" dir="auto">
            {group.catalogueTitle.titleFa ?? group.catalogueTitle.titleEn}
          </Link>
        </Typography>
      )}
      {group.status === 'pending' && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          <Button variant="contained" size="small" sx={solidAccent} onClick={onFulfil} data-testid="admin-request-fulfil">
            {m.fulfil}
          </Button>
          <Button variant="outlined" size="small" color="inherit" onClick={onDecline} data-testid="admin-request-decline">
            {m.decline}
          </Button>
        </Box>
      )}
      {group.status !== 'pending' && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" color="inherit" onClick={onReopen} data-testid="admin-request-reopen">
            {m.reopen}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** `/admin/requests`: the members' requests grouped by title, most asked first; fulfil or decline a group. */
export function RequestsScreen() {
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as string[]).includes(params.get('status') ?? '') ? (params.get('status') as AdminRequestStatus) : 'pending';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), 300);
  const filter: RequestFilter = { page: Number(params.get('page')) || 1, status, q: q || undefined };
  const { data, isPending, isError, error, refetch } = useRequestGroups(filter);
  const [dialog, setDialog] = useState<{ kind: 'fulfil' | 'decline' | 'reopen'; group: AdminRequestGroup } | null>(null);
  const setStatus = (value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('status', value);
      next.delete('page');
      return next;
    });

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <AdminPage title={m.heading} intro={m.intro} testId="admin-requests">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <TextField select size="small" label={m.statusFilter} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 160 }} data-testid="admin-request-status">
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {m.statuses[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" type="search" label={m.search} value={text} onChange={(e) => setText(e.target.value)} sx={{ flex: '1 1 220px', maxWidth: 420 }} />
      </Box>
      {isPending ? (
        <ProgressBar label={adminMessages.loading} />
      ) : data.data.length === 0 ? (
        <EmptyState message={m.empty} compact />
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }} data-testid="admin-request-list">
          {data.data.map((g) => (
            <GroupCard
              key={`${g.key}-${g.id}`}
              group={g}
              onFulfil={() => setDialog({ kind: 'fulfil', group: g })}
              onDecline={() => setDialog({ kind: 'decline', group: g })}
              onReopen={() => setDialog({ kind: 'reopen', group: g })}
            />
          ))}
        </Box>
      )}
      {data && data.meta.lastPage > 1 && (
        <ListPagination
          page={data.meta.currentPage}
          lastPage={data.meta.lastPage}
          hrefFor={(page) => `?${new URLSearchParams({ status, ...(q ? { q } : {}), page: String(page) }).toString()}`}
        />
      )}
      {dialog?.kind === 'fulfil' && <FulfilDialog group={dialog.group} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'decline' && <DeclineDialog group={dialog.group} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reopen' && (
        <ReopenDialog
          group={dialog.group}
          onClose={() => setDialog(null)}
          onReopened={() => {
            // The group waits in the queue now: show it there, ready for the right answer.
            const find = dialog.group.imdbId ?? dialog.group.title;
            setDialog(null);
            setText(find);
            setParams({ status: 'pending', q: find });
          }}
        />
      )}
    </AdminPage>
  );
}
