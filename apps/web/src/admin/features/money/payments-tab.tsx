import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminRefundInput, giftStateLabels, type AdminPayment, type AdminPaymentDetail, type PaymentKind } from '@parde/contract';
import { formatJalali, toPersianDigits } from '@parde/persian';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { accentText, solidAccent } from '../../../components/accent';
import { ProgressBar } from '../../../components/progress-bar';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notifications';
import { adminDate, adminDateTime, adminToman } from '../lib/format';
import { adminMessages } from '../messages';
import { ReasonDialog } from '../components/reason-dialog';
import { JalaliDateField, jalaliToIso } from '../members/shared';
import { paymentsCsvUrl, usePayment, usePayments, useRefund, type PaymentsFilter } from './api';
import { moneyMessages } from './messages';
import { AdminTable } from '../components/admin-table';
import { UrlFilterSelect, useUrlFilter } from '../components/url-filter';

const m = moneyMessages.payments;

/** An ISO day shown as a Jalali one, for the date fields. */
const isoToJalali = (day: string | undefined) => (day ? formatJalali(day, 'short') : '');

export function PaymentStatus({ p }: { p: Pick<AdminPayment, 'status' | 'statusLabel' | 'refundedAt'> }) {
  const color = p.refundedAt ? 'warning' : p.status === 'paid' ? 'success' : p.status === 'failed' ? 'error' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={p.statusLabel} data-testid="admin-payment-status" />;
}

function RefundDialog({ payment, onClose }: { payment: AdminPaymentDetail; onClose: () => void }) {
  const refund = useRefund();
  return (
    <ReasonDialog
      danger
      title={m.refundTitle(payment.id)}
      text={m.refundText}
      confirmLabel={m.refundConfirm}
      reasonLabel={m.refundReason}
      testId="admin-refund-dialog"
      reasonTestId="admin-refund-reason"
      schema={adminRefundInput}
      pending={refund.isPending}
      error={refund.error}
      onClose={onClose}
      onConfirm={(reason) =>
        refund.mutate(
          { id: payment.id, reason },
          {
            onSuccess: (r) => {
              notifySuccess(m.refundedDone(r.removedDays));
              onClose();
            },
          },
        )
      }
    />
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography color="text.secondary" sx={{ fontSize: '0.9rem' }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: '0.9rem', fontWeight: 600, textAlign: 'left' }}>{children}</Typography>
    </Box>
  );
}

/** One payment: its receipt, what it bought, its state history, and the refund mark. */
function PaymentDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, isPending, isError, error, refetch } = usePayment(id);
  const [refunding, setRefunding] = useState(false);
  const titleId = useId();
  return (
    <Drawer
      anchor="left"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 }, p: 2 }, role: 'dialog', 'aria-labelledby': titleId, 'data-testid': 'admin-payment-drawer' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2" id={titleId} sx={{ fontWeight: 800 }}>
          {m.drawerTitle(id)}
        </Typography>
        <Button onClick={onClose} color="inherit">
          {m.close}
        </Button>
      </Box>
      {isPending ? (
        <ProgressBar label={adminMessages.loading} />
      ) : isError ? (
        <QueryErrorPage error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          {data.refundedAt && (
            <Alert severity="warning" sx={{ mb: 1.5 }}>
              {m.refunded(adminDateTime(data.refundedAt), data.refundReason)}
            </Alert>
          )}
          <Row label={m.member}>
            <Link component={RouterLink} to={paths.admin.member.getHref(data.member.id)} sx={accentText}>
              {data.member.name}
            </Link>
            <Box component="span" dir="ltr" sx={{ display: 'block', fontWeight: 400, fontSize: '0.8rem' }}>
              {data.member.email}
            </Box>
          </Row>
          <Row label={m.status}>
            <PaymentStatus p={data} />
          </Row>
          <Row label={m.kind}>{data.kindLabel}</Row>
          <Row label={m.plan}>
            {data.plan.name} ({toPersianDigits(data.plan.days)} روز)
          </Row>
          <Row label={m.baseAmount}>{adminToman(data.baseAmount)}</Row>
          <Row label={m.discount}>
            {adminToman(data.discountAmount)}
            {data.discountCode ? ` (${data.discountCode})` : ''}
          </Row>
          <Row label={m.amount}>{adminToman(data.amount)}</Row>
          <Row label={m.gateway}>{m.gateways[data.gateway] ?? data.gateway}</Row>
          {data.refId && <Row label={m.refId}>{toPersianDigits(data.refId)}</Row>}
          {data.cardPan && (
            <Row label={m.cardPan}>
              <span dir="ltr">{data.cardPan}</span>
            </Row>
          )}
          <Row label={m.date}>{adminDateTime(data.createdAt)}</Row>
          {data.paidAt && <Row label={m.paidAt}>{adminDateTime(data.paidAt)}</Row>}
          {data.failureReason && <Row label={m.failure}>{data.failureReason}</Row>}
          {(data.period || data.gift) && (
            <Box sx={{ mt: 2 }}>
              <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
                {m.bought}
              </Typography>
              {data.period && (
                <Typography sx={{ fontSize: '0.9rem' }}>
                  {m.period(adminDate(data.period.startsAt), adminDate(data.period.endsAt))}
                  {data.period.revokedAt ? ` — ${m.periodRevoked}` : ''}
                </Typography>
              )}
              {data.gift && <Typography sx={{ fontSize: '0.9rem' }}>{m.giftCode(data.gift.code, giftStateLabels[data.gift.state])}</Typography>}
            </Box>
          )}
          <Typography component="h3" sx={{ fontWeight: 700, mt: 2, mb: 0.5 }}>
            {m.history}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5, listStyleType: 'persian' }} data-testid="admin-payment-events">
            {data.events.map((e) => (
              <li key={e.id}>
                <Typography sx={{ fontSize: '0.9rem' }}>
                  {e.eventLabel}، {m.statuses[e.toStatus] ?? e.toStatus}
                </Typography>
                <Typography color="text.secondary" sx={{ fontSize: '0.8rem' }}>
                  {adminDateTime(e.createdAt)}
                </Typography>
              </li>
            ))}
          </Box>
          {data.status === 'paid' && !data.refundedAt && (
            <Button variant="outlined" color="error" sx={{ mt: 2 }} onClick={() => setRefunding(true)} data-testid="admin-payment-refund">
              {m.refund}
            </Button>
          )}
          {refunding && <RefundDialog payment={data} onClose={() => setRefunding(false)} />}
        </>
      )}
    </Drawer>
  );
}

export function PaymentsTab() {
  const { get, set, setParams, page, hrefFor } = useUrlFilter(paths.admin.money.getHref());
  const kind = get('kind');
  const userId = Number(get('user_id')) || undefined;
  const filter: PaymentsFilter = {
    page,
    status: get('status'),
    kind: kind === 'join' || kind === 'reserve' || kind === 'gift' ? (kind as PaymentKind) : undefined,
    gateway: get('gateway'),
    q: get('q'),
    user_id: userId,
    from: get('from'),
    to: get('to'),
  };
  const [text, setText] = useState(filter.q ?? '');
  const [from, setFrom] = useState(isoToJalali(filter.from));
  const [to, setTo] = useState(isoToJalali(filter.to));
  const open = Number(get('payment')) || null;
  const { data, isError, error, refetch } = usePayments(filter);
  const setOpen = (id: number | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('payment', String(id));
      else next.delete('payment');
      return next;
    });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams((p) => {
      const next = new URLSearchParams(p);
      const values = { q: text.trim(), from: jalaliToIso(from) ?? '', to: jalaliToIso(to) ?? '' };
      for (const [k, v] of Object.entries(values)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      next.delete('page');
      return next;
    });
  };
  const { page: _page, ...csvFilter } = filter;

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <Box data-testid="admin-payments">
      <Box component="form" role="search" onSubmit={apply} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}>
        <TextField size="small" label={m.searchLabel} value={text} onChange={(e) => setText(e.target.value)} slotProps={{ htmlInput: { dir: 'auto', maxLength: 100, 'data-testid': 'admin-payments-search' } }} />
        <JalaliDateField label={m.from} value={from} onChange={setFrom} testId="admin-payments-from" />
        <JalaliDateField label={m.to} value={to} onChange={setTo} testId="admin-payments-to" />
        <Button type="submit" variant="outlined" color="inherit" data-testid="admin-payments-apply">
          {moneyMessages.search}
        </Button>
        <UrlFilterSelect name="status" label={m.statusFilter} value={filter.status} allLabel={moneyMessages.all} options={m.statuses} minWidth={150} inputTestId="admin-payments-status" />
        <UrlFilterSelect name="kind" label={m.kindFilter} value={filter.kind} allLabel={moneyMessages.all} options={m.kinds} minWidth={140} />
        <UrlFilterSelect name="gateway" label={m.gatewayFilter} value={filter.gateway} allLabel={moneyMessages.all} options={m.gateways} minWidth={130} />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" sx={solidAccent} component="a" href={paymentsCsvUrl(csvFilter)} download aria-label={m.csvLabel} data-testid="admin-payments-csv">
          {m.csv}
        </Button>
      </Box>
      {userId && (
        <Alert severity="info" sx={{ mb: 2 }} action={<Button color="inherit" onClick={() => set('user_id', '')}>{m.clearMember}</Button>}>
          {m.memberFilter(userId)}
        </Alert>
      )}
      <AdminTable
        label={moneyMessages.tabs.payments}
        columns={[m.id, m.date, m.member, m.kind, m.plan, m.amount, m.status, m.details]}
        rows={data?.data}
        meta={data?.meta}
        hrefFor={hrefFor}
      >
        {(rows) =>
          rows.map((p) => (
            <TableRow key={p.id} data-testid="admin-payment-row" hover>
              <TableCell>{toPersianDigits(p.id)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminDateTime(p.createdAt)}</TableCell>
              <TableCell>
                <Link component={RouterLink} to={paths.admin.member.getHref(p.member.id)} sx={accentText}>
                  {p.member.name}
                </Link>
              </TableCell>
              <TableCell>{p.kindLabel}</TableCell>
              <TableCell>{p.plan.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminToman(p.amount)}</TableCell>
              <TableCell>
                <PaymentStatus p={p} />
              </TableCell>
              <TableCell>
                <Button size="small" sx={accentText} onClick={() => setOpen(p.id)} data-testid="admin-payment-open">
                  {m.details}
                </Button>
              </TableCell>
            </TableRow>
          ))
        }
      </AdminTable>
      {open && <PaymentDrawer id={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
