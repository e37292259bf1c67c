import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminAudienceLabels, adminNotificationPreviewInput, type AdminNotificationAudience, type AdminNotificationSent, type AdminRecipient, type Notification } from '@parde/contract';
import { useId, useMemo, useState } from 'react';
import { solidAccent } from '../../../components/accent';
import { getErrorMessage } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { formErrors } from '../../../lib/form-rules';
import { NotificationItem } from '../../../features/account/components/notification-item';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { AdminPage } from '../components/admin-page';
import { adminMessages } from '../messages';
import { useNotificationPreview, useRecipients, useSendNotification, type NotificationDraft } from './api';
import { newIdempotencyKey } from './lib';
import { opsMessages } from './messages';

const m = opsMessages.notifications;
const AUDIENCES: AdminNotificationAudience[] = ['all', 'premium', 'member'];

/**
 * Enough to ask the server how it looks and for whom: a title, a body and a member (for one member) as the
 * contract asks for them. A bad link still asks, so the server's sentence shows under it.
 */
function isReady(d: NotificationDraft): boolean {
  const e = formErrors(adminNotificationPreviewInput, d);
  return !e.title && !e.body && !e.member_id;
}

function MemberPicker({ value, onChange, error }: { value: AdminRecipient | null; onChange: (r: AdminRecipient | null) => void; error?: string }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const { data, isFetching } = useRecipients(q);
  const listId = useId();
  if (value) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="admin-notify-member-picked">
        <Typography>
          {value.name} · <span dir="ltr">{value.email}</span>
        </Typography>
        {value.premium && <Chip size="small" label={m.premiumBadge} />}
        <Button size="small" color="inherit" onClick={() => onChange(null)}>
          {adminMessages.cancel}
        </Button>
      </Box>
    );
  }
  return (
    <Box>
      <TextField
        label={m.member}
        value={text}
        onChange={(e) => setText(e.target.value)}
        fullWidth
        type="search"
        error={Boolean(error)}
        helperText={error ?? m.memberHint}
        slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'admin-notify-member', 'aria-controls': listId } }}
      />
      <Box id={listId} role="listbox" aria-label={m.member} aria-busy={isFetching} sx={{ display: 'grid', gap: 0.5, mt: 0.5 }}>
        {q.length >= 2 && !isFetching && data?.length === 0 && <Typography color="text.secondary">{m.noMember}</Typography>}
        {(data ?? []).map((r) => (
          <Box
            key={r.id}
            component="button"
            type="button"
            role="option"
            aria-selected={false}
            onClick={() => onChange(r)}
            data-testid="admin-notify-member-option"
            sx={{ textAlign: 'start', p: 1, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'transparent', color: 'inherit', font: 'inherit', cursor: 'pointer' }}
          >
            {r.name} · <span dir="ltr">{r.email}</span>
            {r.premium ? ` · ${m.premiumBadge}` : ''}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** `/admin/notifications`: an announcement with a live preview, its recipient count, and a confirmed send. */
export function NotificationsScreen() {
  const [audience, setAudience] = useState<AdminNotificationAudience>('all');
  const [member, setMember] = useState<AdminRecipient | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [link, setLink] = useState('');
  // One key per form: a double click or a retry with it sends nothing twice.
  const [key, setKey] = useState(newIdempotencyKey);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<AdminNotificationSent | null>(null);
  const send = useSendNotification();
  const confirmId = useId();

  const draft: NotificationDraft = { audience, member_id: audience === 'member' ? (member?.id ?? null) : null, title: title.trim(), body: body.trim(), link: link.trim() };
  const ready = isReady(draft);
  // Debounced as text: a new object every render would restart the timer for ever.
  const debounced = useDebouncedValue(JSON.stringify(draft), 350);
  const asked = useMemo(() => JSON.parse(debounced) as NotificationDraft, [debounced]);
  const preview = useNotificationPreview(asked, ready && isReady(asked));
  const recipients = ready ? preview.data?.recipients : undefined;
  const errors = { ...fieldErrorsOf(preview.error), ...fieldErrorsOf(send.error) };

  // What the member's list will show, as the member's own list item draws it.
  const item: Notification = {
    id: 0,
    kind: 'announcement',
    title: draft.title || m.title,
    body: draft.body || m.body,
    link: /^\/(?!\/)/.test(draft.link ?? '') ? (draft.link ?? null) : null,
    read: false,
    createdAt: new Date().toISOString(),
  };

  const reset = () => {
    setTitle('');
    setBody('');
    setLink('');
    setMember(null);
    setSent(null);
    send.reset();
    setKey(newIdempotencyKey());
  };
  const confirm = () =>
    send.mutate(
      { ...draft, idempotency_key: key },
      {
        onSuccess: (r) => {
          setSent(r);
          setConfirming(false);
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <AdminPage title={m.heading} intro={m.intro} testId="admin-notifications">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 3, alignItems: 'start' }}>
        <Box
          component="form"
          noValidate
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            if (ready && recipients !== undefined) setConfirming(true);
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          {sent && (
            <Alert
              severity="success"
              data-testid="admin-notify-sent"
              action={
                <Button color="inherit" size="small" onClick={reset}>
                  {m.another}
                </Button>
              }
            >
              {sent.replayed ? m.replayed(sent.recipients) : m.sent(sent.recipients)}
            </Alert>
          )}
          <TextField
            select
            label={m.audience}
            value={audience}
            onChange={(e) => setAudience(e.target.value as AdminNotificationAudience)}
            disabled={Boolean(sent)}
            error={Boolean(errors.audience)}
            helperText={errors.audience}
            data-testid="admin-notify-audience"
          >
            {AUDIENCES.map((a) => (
              <MenuItem key={a} value={a}>
                {adminAudienceLabels[a]}
              </MenuItem>
            ))}
          </TextField>
          {audience === 'member' && !sent && <MemberPicker value={member} onChange={setMember} error={errors.member_id} />}
          <TextField
            label={m.title}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            disabled={Boolean(sent)}
            error={Boolean(errors.title)}
            helperText={errors.title}
            slotProps={{ htmlInput: { maxLength: 120, dir: 'auto', 'data-testid': 'admin-notify-title' } }}
          />
          <TextField
            label={m.body}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            required
            multiline
            minRows={3}
            disabled={Boolean(sent)}
            error={Boolean(errors.body)}
            helperText={errors.body}
            slotProps={{ htmlInput: { maxLength: 1000, dir: 'auto', 'data-testid': 'admin-notify-body' } }}
          />
          <TextField
            label={m.link}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            disabled={Boolean(sent)}
            error={Boolean(errors.link)}
            helperText={errors.link ?? m.linkHint}
            slotProps={{ htmlInput: { maxLength: 300, dir: 'ltr', 'data-testid': 'admin-notify-link' } }}
          />
          {send.isError && Object.keys(fieldErrorsOf(send.error)).length === 0 && (
            <Alert severity="error" role="alert">
              {getErrorMessage(send.error)}
            </Alert>
          )}
          {!sent && (
            <Box>
              <Button type="submit" variant="contained" sx={solidAccent} disabled={!ready || recipients === undefined || send.isPending} data-testid="admin-notify-send">
                {m.send}
              </Button>
            </Box>
          )}
        </Box>
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, bgcolor: 'background.default' }} aria-labelledby="admin-notify-preview-heading">
          <Typography id="admin-notify-preview-heading" component="h2" sx={{ fontWeight: 800, mb: 0.5 }}>
            {m.preview}
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: '0.85rem', mb: 1.5 }}>
            {m.previewHint}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0 }} data-testid="admin-notify-preview">
            <NotificationItem item={item} isNew />
          </Box>
          <Typography sx={{ mt: 1.5, fontWeight: 700 }} data-testid="admin-notify-recipients" aria-live="polite">
            {recipients === undefined ? m.recipientsUnknown : m.recipients(recipients)}
          </Typography>
        </Paper>
      </Box>
      <Dialog open={confirming} onClose={send.isPending ? undefined : () => setConfirming(false)} aria-labelledby={confirmId} data-testid="admin-notify-confirm-dialog">
        <DialogTitle id={confirmId}>{m.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{m.confirmBody(recipients ?? 0)}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={() => setConfirming(false)} color="inherit" variant="outlined" disabled={send.isPending}>
            {adminMessages.cancel}
          </Button>
          <Button onClick={confirm} variant="contained" sx={solidAccent} disabled={send.isPending} data-testid="admin-notify-confirm">
            {m.confirmSend}
          </Button>
        </DialogActions>
      </Dialog>
    </AdminPage>
  );
}
