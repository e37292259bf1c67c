import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { adminGiftIssueInput, adminReasonInput, giftStateLabels, type AdminGift, type GiftState } from '@parde/contract';
import { useState, type FormEvent } from 'react';
import { solidAccent } from '../../../components/accent';
import { QueryErrorPage } from '../../../components/query-error';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notifications';
import { adminDate } from '../lib/format';
import { adminMessages } from '../messages';
import { checkForm } from '../../../lib/form-rules';
import { ActionDialog, formErrorOf } from '../components/action-dialog';
import { ReasonDialog, ReasonField } from '../components/reason-dialog';
import { newRequestId, parseCount } from '../members/shared';
import { useDisableGift, useGifts, useIssueGift, usePlans, type GiftsFilter } from './api';
import { moneyMessages } from './messages';
import { AdminTable } from '../components/admin-table';
import { UrlFilterSelect, useUrlFilter } from '../components/url-filter';
import { paths } from '../../../config/paths';

const m = moneyMessages.gifts;
const stateColor: Record<GiftState, 'success' | 'default' | 'error'> = { unused: 'success', redeemed: 'default', disabled: 'error' };

/** Issue a code by hand: a plan (its days) or a number of days, with a reason; once per opening of the form. */
function IssueDialog({ onClose }: { onClose: () => void }) {
  const plans = usePlans();
  const issue = useIssueGift();
  const [requestId] = useState(newRequestId);
  const [planId, setPlanId] = useState('');
  const [days, setDays] = useState('');
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<Record<string, string | undefined>>({});
  const server = fieldErrorsOf(issue.error);
  const err = (f: string) => local[f] ?? server[f];

  const submit = () => {
    // Days typed but not a number are no number at all (NaN), not "no days".
    const n = days.trim() === '' ? null : (parseCount(days) ?? Number.NaN);
    const body = { plan_id: planId ? Number(planId) : null, days: n, reason, recipient_email: email.trim(), request_id: requestId };
    // The contract's rules (a plan or 1 to 3650 days, a reason, a valid email), the panel's sentences.
    const check = checkForm(adminGiftIssueInput, body, {
      plan_id: m.needPlanOrDays,
      days: moneyMessages.plans.numberProblem,
      reason: { too_small: adminMessages.reasonTooShort },
    });
    setLocal(check.errors);
    if (!check.ok) return;
    issue.mutate(
      { ...body, reason: reason.trim() },
      {
        onSuccess: (g) => {
          notifySuccess(m.issuedDone(g.code));
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      open
      title={m.issueTitle}
      text={m.issueText}
      confirmLabel={m.issueConfirm}
      pending={issue.isPending}
      error={formErrorOf(issue.error, ['plan_id', 'days', 'reason', 'recipient_email'])}
      onClose={onClose}
      onSubmit={submit}
      testId="admin-gift-dialog"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextField
          select
          label={m.choosePlan}
          value={planId}
          onChange={(e) => setPlanId(e.target.value)}
          error={Boolean(err('plan_id'))}
          helperText={err('plan_id') ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'admin-gift-plan' } }}
        >
          <MenuItem value="">{m.noPlan}</MenuItem>
          {(plans.data ?? []).map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name} ({m.days(p.days)})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={m.daysField}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          error={Boolean(err('days'))}
          helperText={err('days') ?? m.daysHint}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'admin-gift-days' } }}
        />
      </Box>
      <TextField
        label={m.recipientEmail}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        fullWidth
        type="email"
        error={Boolean(err('recipient_email'))}
        helperText={err('recipient_email') ?? ' '}
        slotProps={{ htmlInput: { dir: 'ltr', maxLength: 190, 'data-testid': 'admin-gift-email' } }}
      />
      <ReasonField label={m.reason} value={reason} onChange={setReason} error={err('reason')} testId="admin-gift-reason" />
    </ActionDialog>
  );
}

function DisableGiftDialog({ gift, onClose }: { gift: AdminGift; onClose: () => void }) {
  const disable = useDisableGift();
  return (
    <ReasonDialog
      danger
      title={m.disableTitle(gift.code)}
      text={m.disableText}
      confirmLabel={m.disable}
      reasonLabel={m.reason}
      testId="admin-gift-disable-dialog"
      reasonTestId="admin-gift-disable-reason"
      schema={adminReasonInput}
      pending={disable.isPending}
      error={disable.error}
      onClose={onClose}
      onConfirm={(reason) =>
        disable.mutate(
          { id: gift.id, reason },
          {
            onSuccess: () => {
              notifySuccess(m.disabledDone);
              onClose();
            },
          },
        )
      }
    />
  );
}

export function GiftsTab() {
  const { get, set, page, hrefFor } = useUrlFilter(paths.admin.money.getHref());
  const origin = get('origin');
  const state = get('state');
  const filter: GiftsFilter = {
    page,
    q: get('q'),
    origin: origin === 'bought' || origin === 'issued' ? origin : undefined,
    state: state && state in giftStateLabels ? (state as GiftState) : undefined,
  };
  const [text, setText] = useState(filter.q ?? '');
  const { data, isError, error, refetch } = useGifts(filter);
  const [issuing, setIssuing] = useState(false);
  const [disabling, setDisabling] = useState<AdminGift | null>(null);
  const search = (e: FormEvent) => {
    e.preventDefault();
    set('q', text.trim());
  };

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <Box data-testid="admin-gifts">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}>
        <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', gap: 1 }}>
          <TextField size="small" label={m.searchLabel} value={text} onChange={(e) => setText(e.target.value)} slotProps={{ htmlInput: { dir: 'ltr', maxLength: 100 } }} />
          <Button type="submit" variant="outlined" color="inherit">
            {moneyMessages.search}
          </Button>
        </Box>
        <UrlFilterSelect name="origin" label={m.originFilter} value={filter.origin} allLabel={moneyMessages.all} options={{ bought: m.bought, issued: m.issued }} minWidth={160} />
        <UrlFilterSelect name="state" label={m.stateFilter} value={filter.state} allLabel={moneyMessages.all} options={giftStateLabels} minWidth={140} />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" sx={solidAccent} onClick={() => setIssuing(true)} data-testid="admin-gift-issue">
          {m.issue}
        </Button>
      </Box>
      <AdminTable
        label={moneyMessages.tabs.gifts}
        columns={[m.code, m.origin, m.plan, m.from, m.recipient, m.state, m.created, adminMessages.audit.details]}
        rows={data?.data}
        meta={data?.meta}
        hrefFor={hrefFor}
      >
        {(rows) =>
          rows.map((g) => (
            <TableRow key={g.id} data-testid="admin-gift-row">
              <TableCell dir="ltr" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', textAlign: 'right' }}>
                {g.code}
              </TableCell>
              <TableCell>{g.origin === 'bought' ? m.bought : m.issued}</TableCell>
              <TableCell>
                {g.planName}، {m.days(g.days)}
              </TableCell>
              <TableCell>
                {g.giver ? g.giver.name : (g.issuedBy?.name ?? '—')}
                {g.reason && (
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
                    {g.reason}
                  </Box>
                )}
              </TableCell>
              <TableCell dir="ltr" sx={{ textAlign: 'right' }}>
                {g.redeemedBy ? g.redeemedBy.email : (g.recipientEmail ?? '—')}
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={stateColor[g.state]} label={giftStateLabels[g.state]} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminDate(g.createdAt)}</TableCell>
              <TableCell>
                {g.state === 'unused' && (
                  <Button size="small" color="error" onClick={() => setDisabling(g)} data-testid="admin-gift-disable">
                    {m.disable}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))
        }
      </AdminTable>
      {issuing && <IssueDialog onClose={() => setIssuing(false)} />}
      {disabling && <DisableGiftDialog gift={disabling} onClose={() => setDisabling(null)} />}
    </Box>
  );
}
