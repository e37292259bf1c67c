import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminComment, AdminCommentFilter } from '@parde/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ProgressBar } from '../../../components/progress-bar';
import { QueryErrorPage } from '../../../components/query-error';
import { getErrorMessage } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { AdminPage } from '../components/admin-page';
import { adminDateTime } from '../lib/format';
import { FormDialog } from '../components/form-dialog';
import { ReasonDialog } from '../components/reason-dialog';
import { adminMessages } from '../messages';
import { useAdminComments, useModerate, useMute, type CommentFilter, type Moderation } from './api';
import { dangerSolid, dangerText } from '../lib/danger';
import { opsMessages } from './messages';
import { AdminPager, UrlFilterSelect, useUrlFilter } from '../components/url-filter';

const m = opsMessages.comments;
const FILTERS: AdminCommentFilter[] = ['all', 'reported', 'visible', 'hidden', 'deleted'];
const PERIODS = [1, 3, 7, 30, 90, 365];

type DialogState = { kind: 'hide' | 'delete'; comment: AdminComment } | { kind: 'mute'; comment: AdminComment } | null;

/** Hiding needs a reason (the member reads it); deleting is a confirmation. */
function ModerateDialog({ state, onClose }: { state: { kind: 'hide' | 'delete'; comment: AdminComment }; onClose: () => void }) {
  const moderate = useModerate();
  const hide = state.kind === 'hide';
  const submit = (reason: string) => {
    const action: Moderation = hide ? { action: 'hide', reason } : { action: 'delete' };
    moderate.mutate(
      { id: state.comment.id, m: action },
      {
        onSuccess: () => {
          notifySuccess(m.done);
          onClose();
        },
      },
    );
  };
  if (hide) {
    return (
      <ReasonDialog
        danger
        maxWidth="xs"
        title={m.hideTitle}
        text={m.hideIntro}
        confirmLabel={m.confirmHide}
        reasonLabel={m.reason}
        testId="admin-comment-hide-dialog"
        confirmTestId="admin-comment-hide-confirm"
        reasonTestId="admin-comment-hide-reason"
        pending={moderate.isPending}
        error={moderate.error}
        // A moderation's failure is a toast (the mutation is not silent): only the reason's sentence shows here.
        errorShownElsewhere
        onClose={onClose}
        onConfirm={submit}
      />
    );
  }
  return (
    <FormDialog
      title={m.deleteTitle}
      testId="admin-comment-delete-dialog"
      maxWidth="xs"
      pending={moderate.isPending}
      onClose={onClose}
      onSubmit={() => submit('')}
      confirmLabel={m.confirmDelete}
      confirmTestId="admin-comment-delete-confirm"
      confirmSx={dangerSolid}
    >
      <DialogContentText>{m.deleteIntro}</DialogContentText>
    </FormDialog>
  );
}

/** How long a member may not comment, and why (a reason is optional here). */
function MuteDialog({ comment, onClose }: { comment: AdminComment; onClose: () => void }) {
  const mute = useMute();
  const [days, setDays] = useState(7);
  const errors = fieldErrorsOf(mute.error);
  return (
    <ReasonDialog
      maxWidth="xs"
      title={m.muteTitle(comment.author.name)}
      text={m.muteIntro}
      confirmLabel={m.confirmMute}
      reasonLabel={m.muteReason}
      optional
      testId="admin-comment-mute-dialog"
      confirmTestId="admin-comment-mute-confirm"
      reasonTestId="admin-comment-mute-reason"
      pending={mute.isPending}
      error={mute.error}
      fields={['days']}
      onClose={onClose}
      onConfirm={(reason) =>
        mute.mutate(
          { memberId: comment.author.id, days, reason: reason || undefined },
          {
            onSuccess: (r) => {
              notifySuccess(m.muted(adminDateTime(r.mutedUntil)));
              onClose();
            },
          },
        )
      }
    >
      <TextField
        select
        label={m.period}
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
        fullWidth
        error={Boolean(errors.days)}
        helperText={errors.days ?? ' '}
        data-testid="admin-comment-mute-period"
        sx={{ mb: 1 }}
      >
        {PERIODS.map((d) => (
          <MenuItem key={d} value={d}>
            {m.periods[d]}
          </MenuItem>
        ))}
      </TextField>
    </ReasonDialog>
  );
}

function CommentCard({ c, onDialog }: { c: AdminComment; onDialog: (d: DialogState) => void }) {
  const moderate = useModerate();
  const unmute = useMute();
  const act = (action: Moderation) => moderate.mutate({ id: c.id, m: action }, { onSuccess: () => notifySuccess(m.done) });
  const busy = moderate.isPending || unmute.isPending;
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="admin-comment"
      data-comment-id={c.id}
      data-state={c.state}
      sx={{ listStyle: 'none', p: { xs: 1.5, md: 2 }, borderRadius: 2, borderColor: c.openReports > 0 ? 'warning.main' : 'divider', opacity: c.state === 'visible' ? 1 : 0.85 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{c.author.name}</Typography>
        {c.author.email && (
          <Typography color="text.secondary" sx={{ fontSize: '0.8rem' }} dir="ltr">
            {c.author.email}
          </Typography>
        )}
        {c.author.mutedUntil && <Chip size="small" color="warning" variant="outlined" label={m.mutedUntil(adminDateTime(c.author.mutedUntil))} />}
        <Box sx={{ flex: 1 }} />
        {c.state !== 'visible' && <Chip size="small" label={c.stateLabel} sx={c.state === 'deleted' ? dangerSolid : undefined} data-testid="admin-comment-state" />}
        {c.openReports > 0 && <Chip size="small" color="warning" label={m.openReports(c.openReports)} data-testid="admin-comment-open-reports" />}
      </Box>
      <Typography color="text.secondary" sx={{ fontSize: '0.8rem', mt: 0.25 }}>
        {c.parentId ? `${m.reply} · ` : ''}
        {m.on}{' '}
        <Link component={RouterLink} to={c.title.path} color="inherit" underline="always" dir="auto">
          {c.title.titleFa ?? c.title.titleEn}
        </Link>{' '}
        · {adminDateTime(c.createdAt)}
      </Typography>
      <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.9 }} dir="auto">
        {c.body}
      </Typography>
      {c.parentRemoved && (
        <Typography color="text.secondary" sx={{ fontSize: '0.8rem', mt: 0.5 }}>
          {m.parentRemoved}
        </Typography>
      )}
      {c.hiddenReason && c.state === 'hidden' && (
        <Typography color="text.secondary" sx={{ fontSize: '0.85rem', mt: 0.5 }}>
          {m.hiddenBecause(c.hiddenReason)}
        </Typography>
      )}
      {c.reports.length > 0 && (
        <Box component="details" sx={{ mt: 1, fontSize: '0.85rem' }}>
          <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary' }}>
            {m.reports(c.reportCount)}
          </Box>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pr: 2 }}>
            {c.reports.map((r, i) => (
              <li key={i}>
                <span dir="auto">{r.reason ?? m.noReason}</span> — {r.memberName} · {adminDateTime(r.createdAt)}
              </li>
            ))}
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {c.openReports > 0 && (
          <Button size="small" variant="outlined" color="inherit" disabled={busy} onClick={() => act({ action: 'review' })} data-testid="admin-comment-review">
            {m.review}
          </Button>
        )}
        {c.state === 'visible' ? (
          <>
            <Button size="small" variant="outlined" color="warning" disabled={busy} onClick={() => onDialog({ kind: 'hide', comment: c })} data-testid="admin-comment-hide">
              {m.hide}
            </Button>
            <Button size="small" variant="outlined" sx={dangerText} disabled={busy} onClick={() => onDialog({ kind: 'delete', comment: c })} data-testid="admin-comment-delete">
              {m.delete}
            </Button>
          </>
        ) : (
          <Button size="small" variant="outlined" color="inherit" disabled={busy} onClick={() => act({ action: 'restore' })} data-testid="admin-comment-restore">
            {m.restore}
          </Button>
        )}
        {c.author.mutedUntil ? (
          <Button
            size="small"
            color="inherit"
            disabled={busy}
            onClick={() => unmute.mutate({ memberId: c.author.id, days: null }, { onSuccess: () => notifySuccess(m.unmuted), onError: (e) => notifyError(getErrorMessage(e)) })}
            data-testid="admin-comment-unmute"
          >
            {m.unmute}
          </Button>
        ) : (
          <Button size="small" color="inherit" disabled={busy} onClick={() => onDialog({ kind: 'mute', comment: c })} data-testid="admin-comment-mute">
            {m.mute}
          </Button>
        )}
        <FormControlLabel
          sx={{ marginInlineStart: 'auto' }}
          control={<Switch size="small" checked={c.spoiler} disabled={busy} onChange={(e) => act({ action: 'spoiler', spoiler: e.target.checked })} slotProps={{ input: { 'data-testid': 'admin-comment-spoiler' } as object }} />}
          label={m.spoiler}
        />
      </Box>
    </Paper>
  );
}

/** `/admin/comments`: reported comments first; hide, delete, restore, keep, the spoiler flag, muting. */
export function CommentsScreen() {
  const { params, set, hrefFor } = useUrlFilter();
  const filterParam = params.get('filter') ?? '';
  const filterValue = (FILTERS as string[]).includes(filterParam) ? (filterParam as AdminCommentFilter) : 'all';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), 300);
  const titleId = Number(params.get('title_id')) || undefined;
  const memberId = Number(params.get('member_id')) || undefined;
  const filter: CommentFilter = { page: Number(params.get('page')) || 1, filter: filterValue, q: q || undefined, title_id: titleId, member_id: memberId };
  const { data, isPending, isError, error, refetch } = useAdminComments(filter);
  const [dialog, setDialog] = useState<DialogState>(null);

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <AdminPage title={m.heading} intro={m.intro} testId="admin-comments">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <UrlFilterSelect name="filter" label={m.filter} value={filterValue} clearValue="all" options={FILTERS.map((f) => [f, m.filters[f]] as const)} minWidth={150} data-testid="admin-comment-filter" />
        <TextField size="small" type="search" label={m.search} value={text} onChange={(e) => setText(e.target.value)} sx={{ flex: '1 1 200px', maxWidth: 360 }} />
        <TextField size="small" label={m.titleId} value={params.get('title_id') ?? ''} onChange={(e) => set('title_id', e.target.value.replace(/\D/g, ''))} sx={{ width: 130 }} slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }} />
        <TextField size="small" label={m.memberId} value={params.get('member_id') ?? ''} onChange={(e) => set('member_id', e.target.value.replace(/\D/g, ''))} sx={{ width: 130 }} slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }} />
      </Box>
      {isPending ? (
        <ProgressBar label={adminMessages.loading} />
      ) : data.data.length === 0 ? (
        <EmptyState message={m.empty} compact />
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }} data-testid="admin-comment-list">
          {data.data.map((c) => (
            <CommentCard key={c.id} c={c} onDialog={setDialog} />
          ))}
        </Box>
      )}
      {data && <AdminPager meta={data.meta} hrefFor={hrefFor} />}
      {(dialog?.kind === 'hide' || dialog?.kind === 'delete') && <ModerateDialog state={dialog} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'mute' && <MuteDialog comment={dialog.comment} onClose={() => setDialog(null)} />}
    </AdminPage>
  );
}
