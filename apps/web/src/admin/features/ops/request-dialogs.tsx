import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminRequestGroup, AdminTitlePick } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useId, useState } from 'react';
import { solidAccent } from '../../../components/accent';
import { getErrorMessage } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { FormDialog } from '../components/form-dialog';
import { ReasonDialog } from '../components/reason-dialog';
import { useAnswerRequest, useReopenRequest, useTitlePicker } from './api';
import { opsMessages } from './messages';

const m = opsMessages.requests;

/** Catalogue titles by name or IMDb id; one is picked (a radio group of cards). */
export function TitlePicker({ initial, value, onChange, error }: { initial: string; value: AdminTitlePick | null; onChange: (t: AdminTitlePick) => void; error?: string }) {
  const [text, setText] = useState(initial);
  const q = useDebouncedValue(text.trim(), 250);
  const { data, isFetching } = useTitlePicker(q);
  const listId = useId();
  const options = data ?? [];
  // The picked title stays in view even when a new search no longer finds it.
  const shown = value && !options.some((o) => o.id === value.id) ? [value, ...options] : options;
  return (
    <Box>
      <TextField
        label={m.pickerLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
        fullWidth
        autoFocus
        type="search"
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { 'data-testid': 'admin-request-title-picker', dir: 'auto', 'aria-controls': listId } }}
      />
      <Box id={listId} role="radiogroup" aria-label={m.pickerLabel} aria-busy={isFetching} sx={{ mt: 1, display: 'grid', gap: 0.75, maxHeight: 300, overflowY: 'auto' }}>
        {q && !isFetching && shown.length === 0 && <Typography color="text.secondary">{m.pickerEmpty}</Typography>}
        {shown.map((t) => {
          const picked = value?.id === t.id;
          return (
            <Box
              key={t.id}
              component="button"
              type="button"
              role="radio"
              aria-checked={picked}
              onClick={() => onChange(t)}
              data-testid="admin-request-title-option"
              data-title-id={t.id}
              sx={{
                display: 'flex',
                gap: 1.25,
                alignItems: 'center',
                textAlign: 'start',
                p: 1,
                borderRadius: 1.5,
                border: 1,
                borderColor: picked ? 'secondary.main' : 'divider',
                bgcolor: picked ? 'action.selected' : 'transparent',
                color: 'inherit',
                font: 'inherit',
                cursor: 'pointer',
                '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main' },
              }}
            >
              <Box component="img" src={t.poster} alt="" loading="lazy" sx={{ width: 36, height: 54, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0, bgcolor: 'action.hover' }} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontWeight: 700, fontSize: '0.95rem' }} dir="auto" noWrap>
                  {t.titleFa ?? t.titleEn}
                </Typography>
                <Typography color="text.secondary" sx={{ fontSize: '0.8rem' }} noWrap>
                  <span dir="ltr">{t.titleEn}</span>
                  {t.year ? ` · ${toPersianDigits(t.year)}` : ''} · <span dir="ltr">{t.imdbId}</span>
                </Typography>
              </Box>
              {!t.published && <Chip size="small" label={m.unpublished} />}
              {picked && <Chip size="small" label={m.picked} sx={solidAccent} />}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** Fulfil a group: pick the catalogue title, maybe a word to the members, then confirm. */
/** An error the server gave that belongs to no field. */
function GeneralError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <FormHelperText error role="alert" sx={{ mt: 1 }}>
      {message}
    </FormHelperText>
  );
}

export function FulfilDialog({ group, onClose }: { group: AdminRequestGroup; onClose: () => void }) {
  const answer = useAnswerRequest();
  const [title, setTitle] = useState<AdminTitlePick | null>(group.status === 'pending' ? group.catalogueTitle : null);
  const [response, setResponse] = useState('');
  const [missing, setMissing] = useState(false);
  const errors = fieldErrorsOf(answer.error);
  const submit = () => {
    if (!title) {
      setMissing(true);
      return;
    }
    // Members would be told of a page that is a 404 to them; the server refuses it too.
    if (!title.published) return;
    answer.mutate(
      { id: group.id, fulfil: { title_id: title.id, ...(response.trim() ? { response: response.trim() } : {}) } },
      {
        onSuccess: (r) => {
          notifySuccess(m.fulfilled(r.members));
          onClose();
        },
      },
    );
  };
  const generalError = answer.isError && Object.keys(errors).length === 0 ? getErrorMessage(answer.error) : null;
  return (
    <FormDialog
      title={m.fulfilTitle(group.title)}
      testId="admin-request-fulfil-dialog"
      pending={answer.isPending}
      onClose={onClose}
      onSubmit={submit}
      confirmLabel={m.confirmFulfil}
      confirmTestId="admin-request-fulfil-confirm"
      confirmSx={solidAccent}
    >
      <DialogContentText sx={{ mb: 2 }}>{m.fulfilIntro(group.members)}</DialogContentText>
      <TitlePicker
        initial={group.imdbId ?? group.title}
        value={title}
        onChange={(t) => {
          setTitle(t);
          setMissing(false);
          answer.reset();
        }}
        error={missing ? m.chooseTitle : title && !title.published ? m.unpublishedPick : errors.title_id}
      />
      <TextField
        label={m.response}
        value={response}
        onChange={(e) => setResponse(e.target.value)}
        fullWidth
        multiline
        minRows={2}
        sx={{ mt: 2 }}
        error={Boolean(errors.response)}
        helperText={errors.response}
        slotProps={{ htmlInput: { maxLength: 500, dir: 'auto', 'data-testid': 'admin-request-response' } }}
      />
      <GeneralError message={generalError} />
    </FormDialog>
  );
}

/** Decline a group with a reason every member who asked will read. */
export function DeclineDialog({ group, onClose }: { group: AdminRequestGroup; onClose: () => void }) {
  const answer = useAnswerRequest();
  return (
    <ReasonDialog
      danger
      title={m.declineTitle(group.title)}
      text={m.declineIntro(group.members)}
      confirmLabel={m.confirmDecline}
      reasonLabel={m.reason}
      testId="admin-request-decline-dialog"
      confirmTestId="admin-request-decline-confirm"
      reasonTestId="admin-request-decline-reason"
      pending={answer.isPending}
      error={answer.error}
      onClose={onClose}
      onConfirm={(reason) =>
        answer.mutate(
          { id: group.id, decline: { reason } },
          {
            onSuccess: (r) => {
              notifySuccess(m.declined(r.members));
              onClose();
            },
          },
        )
      }
    />
  );
}

/**
 * Reopen an answered group to correct it: why the answer was wrong, read by every member who asked.
 * Afterwards the group waits in the queue for the right answer.
 */
export function ReopenDialog({ group, onClose, onReopened }: { group: AdminRequestGroup; onClose: () => void; onReopened: () => void }) {
  const reopen = useReopenRequest();
  return (
    <ReasonDialog
      title={m.reopenTitle(group.title)}
      text={m.reopenIntro(group.members, group.status === 'fulfilled')}
      confirmLabel={m.confirmReopen}
      reasonLabel={m.reopenReason}
      testId="admin-request-reopen-dialog"
      confirmTestId="admin-request-reopen-confirm"
      reasonTestId="admin-request-reopen-reason"
      pending={reopen.isPending}
      error={reopen.error}
      onClose={onClose}
      onConfirm={(reason) =>
        reopen.mutate(
          { id: group.id, reason },
          {
            onSuccess: (r) => {
              notifySuccess(m.reopened(r.members));
              onReopened();
            },
          },
        )
      }
    />
  );
}
