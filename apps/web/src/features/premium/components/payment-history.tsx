import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Payment } from '@parde/contract';
import { formatJalali, formatNumber, formatToman, toPersianDigits } from '@parde/persian';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { accentText } from '../../../components/accent';
import { EmptyState } from '../../../components/empty-state';
import { InlineError } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { usePayments } from '../api/get-payments';
import { formatPrice } from '../lib/price';
import { messages } from '../messages';
import { LocalPagination } from './local-pagination';
import { PaymentStatusChip } from './payment-status';

const m = messages.payments;
const PER_PAGE = 5;

/** One receipt: what, how much, when, its status, and the bank's tracking number once paid. */
function PaymentItem({ p }: { p: Payment }) {
  const order = toPersianDigits(p.id);
  return (
    <Box component="li" data-testid="payment" data-payment-id={p.id} data-status={p.status} sx={{ listStyle: 'none', p: { xs: 1.5, md: 2 }, borderRadius: 2, border: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
          {p.kindLabel}
          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
            {' — '}
            {m.planDays(p.plan.name, formatNumber(p.plan.days, 0))}
          </Box>
        </Typography>
        <PaymentStatusChip status={p.status} label={p.statusLabel} />
        <Typography component="span" sx={{ marginInlineStart: 'auto', fontWeight: 800 }} data-testid="payment-amount">
          {formatPrice(p.amount)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: { xs: 0.5, sm: 2 }, flexWrap: 'wrap', flexDirection: { xs: 'column', sm: 'row' }, mt: 0.75, color: 'text.secondary', fontSize: '0.88rem' }}>
        <span data-testid="payment-date">{formatJalali(p.paidAt ?? p.createdAt, 'datetime')}</span>
        <span>{m.orderId(order)}</span>
        {p.profileName && <span data-testid="payment-profile">{m.paidBy(p.profileName)}</span>}
        {p.discountAmount > 0 && <span>{m.discount(formatToman(p.discountAmount))}</span>}
        {p.refId && (
          <span>
            {m.refId}: <span data-testid="payment-ref">{toPersianDigits(p.refId)}</span>
          </span>
        )}
      </Box>
      {p.failureReason && (
        <Typography color="text.secondary" sx={{ fontSize: '0.88rem', mt: 0.5 }}>
          {p.failureReason}
        </Typography>
      )}
      <Link component={RouterLink} to={paths.premium.result.getHref(p.id)} aria-label={m.openLabel(order)} sx={(t) => ({ ...accentText(t), fontWeight: 600, fontSize: '0.9rem', display: 'inline-block', mt: 0.5 })}>
        {m.open}
      </Link>
    </Box>
  );
}

/** The dashboard's payment history with receipts, newest first, five at a time. */
export function PaymentHistory() {
  const [page, setPage] = useState(1);
  const payments = usePayments(page, PER_PAGE);
  return (
    <Section title={m.heading} testId="payment-history">
      {payments.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : payments.isError ? (
        <InlineError error={payments.error} onRetry={() => void payments.refetch()} />
      ) : payments.data.data.length === 0 ? (
        <EmptyState message={m.empty} compact />
      ) : (
        <>
          <Box component="ul" aria-label={m.list} sx={{ display: 'grid', gap: 1.25, m: 0, p: 0 }}>
            {payments.data.data.map((p) => (
              <PaymentItem key={p.id} p={p} />
            ))}
          </Box>
          <LocalPagination page={page} lastPage={payments.data.meta.lastPage} onChange={setPage} />
        </>
      )}
    </Section>
  );
}
