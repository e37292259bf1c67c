import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PaymentResult } from '@parde/contract';
import { formatJalali, formatNumber, formatToman, toPersianDigits } from '@parde/persian';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { QueryErrorPage } from '../../../components/query-error';
import { StatusPage } from '../../../components/status-page';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { usePayment } from '../api/get-payment';
import { premiumKeys } from '../api/keys';
import { formatPrice } from '../lib/price';
import { resultView, type ResultView } from '../lib/result-state';
import { messages } from '../messages';
import { GiftCode } from './gift-code';
import { PaymentStatusChip } from './payment-status';

const r = messages.result;

const tone = {
  success: { color: '#66bb6a', Icon: CheckCircleIcon },
  failure: { color: '#ef5350', Icon: ErrorIcon },
  pending: { color: '#f2b01e', Icon: HourglassTopIcon },
} as const;

function Line({ label, children, ltr }: { label: string; children: ReactNode; ltr?: boolean }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" dir={ltr ? 'ltr' : undefined} sx={{ m: 0, fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere', textAlign: ltr ? 'right' : undefined }}>
        {children}
      </Box>
    </>
  );
}

/** The receipt: what was bought, for how much, when, and the bank's tracking number. */
function Receipt({ p }: { p: PaymentResult }) {
  return (
    <Box component="section" aria-labelledby="receipt-heading" sx={{ mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' }} data-testid="receipt">
      <Typography id="receipt-heading" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', mb: 1.5 }}>
        {r.receipt}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '10px 20px', m: 0, fontSize: '0.95rem' }}>
        <Line label={r.kind}>{p.kindLabel}</Line>
        <Line label={r.plan}>{messages.payments.planDays(p.plan.name, formatNumber(p.plan.days, 0))}</Line>
        <Line label={r.amount}>{formatPrice(p.amount)}</Line>
        {p.discountAmount > 0 && <Line label={r.discount}>{formatToman(p.discountAmount)}</Line>}
        <Line label={r.status}>
          <PaymentStatusChip status={p.status} label={p.statusLabel} />
        </Line>
        {p.refId && (
          <Line label={r.refId}>
            <span data-testid="receipt-ref">{toPersianDigits(p.refId)}</span>
          </Line>
        )}
        <Line label={r.orderId}>{toPersianDigits(p.id)}</Line>
        <Line label={p.paidAt ? r.paidAt : r.createdAt}>{formatJalali(p.paidAt ?? p.createdAt, 'datetime')}</Line>
      </Box>
    </Box>
  );
}

function Highlight({ view }: { view: Extract<ResultView, { state: 'success' }> }) {
  if (view.giftCode) {
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'center', p: 2, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="result-gift">
        <Typography sx={{ fontWeight: 700 }}>{r.giftCode}</Typography>
        <GiftCode code={view.giftCode} size="large" />
        <Typography color="text.secondary" sx={{ fontSize: '0.9rem' }}>
          {r.giftCodeHelp}
        </Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5 }} data-testid="result-highlight">
      {view.premiumUntil && (
        <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ fontSize: '0.9rem' }}>
            {r.activeUntil}
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: '1.3rem' }} data-testid="result-until">
            {view.premiumUntil}
          </Typography>
        </Box>
      )}
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ fontSize: '0.9rem' }}>
          {r.days}
        </Typography>
        <Typography sx={{ fontWeight: 800, fontSize: '1.3rem' }} data-testid="result-days">
          {messages.price.days(view.days)}
        </Typography>
      </Box>
      {view.period && (
        <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center', gridColumn: { sm: '1 / -1' } }}>
          <Typography color="text.secondary" sx={{ fontSize: '0.9rem' }}>
            {r.period}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{r.periodRange(view.period.from, view.period.to)}</Typography>
        </Box>
      )}
    </Box>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center', mt: 3, '& > *': { flex: { xs: '1 1 100%', sm: '0 0 auto' } } }}>{children}</Box>;
}

function Body({ p, view, onCheck, checking }: { p: PaymentResult; view: ResultView; onCheck: () => void; checking: boolean }) {
  if (view.state === 'pending') {
    return (
      <>
        <Typography sx={{ lineHeight: 2, textAlign: 'center' }}>{r.pendingBody}</Typography>
        <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, mt: 2, color: 'text.secondary', minHeight: 32 }}>
          <CircularProgress size={22} color="inherit" aria-hidden="true" />
          <span>{checking ? r.checking : view.message}</span>
        </Box>
        <Actions>
          <Button variant="outlined" color="inherit" onClick={onCheck} disabled={checking} data-testid="check-again">
            {r.checkNow}
          </Button>
        </Actions>
        <Receipt p={p} />
      </>
    );
  }
  if (view.state === 'failure') {
    return (
      <>
        <Typography sx={{ lineHeight: 2, textAlign: 'center' }} data-testid="result-reason">
          {view.reason}
        </Typography>
        <Actions>
          <Button component={RouterLink} to={view.retryHref} variant="contained" size="large" sx={{ ...solidAccent, fontWeight: 700 }} data-testid="retry-payment">
            {r.retry}
          </Button>
          <Button component={RouterLink} to={paths.premium.plans.getHref()} variant="outlined" color="inherit" size="large">
            {r.toPlans}
          </Button>
        </Actions>
        <Receipt p={p} />
      </>
    );
  }
  return (
    <>
      <Typography sx={{ lineHeight: 2, textAlign: 'center', mb: 2.5 }} data-testid="result-message">
        {view.message}
      </Typography>
      <Highlight view={view} />
      <Actions>
        <Button component={RouterLink} to={paths.user.dashboard.getHref()} variant="contained" size="large" sx={{ ...solidAccent, fontWeight: 700 }} data-testid="to-dashboard">
          {r.toDashboard}
        </Button>
        {view.kind === 'gift' ? (
          <Button component={RouterLink} to={paths.gift.getHref()} variant="outlined" color="inherit" size="large">
            {r.toGifts}
          </Button>
        ) : (
          <Button component={RouterLink} to={paths.home.getHref()} variant="outlined" color="inherit" size="large">
            {r.browse}
          </Button>
        )}
      </Actions>
      <Receipt p={p} />
    </>
  );
}

function headingOf(view: ResultView): string {
  if (view.state === 'pending') return r.pending;
  if (view.state === 'failure') return r.failure;
  return view.giftCode ? r.successGift : r.success;
}

function Outcome({ id }: { id: number }) {
  const payment = usePayment(id);
  const client = useQueryClient();
  const view = payment.data ? resultView(payment.data) : null;
  const state = view?.state;
  useDocumentTitle(view ? headingOf(view) : r.heading);

  // A settled payment changes the dashboard's subscription box, history and gifts.
  useEffect(() => {
    if (state === 'success' || state === 'failure') {
      void client.invalidateQueries({ queryKey: premiumKeys.status() });
      void client.invalidateQueries({ queryKey: premiumKeys.paymentLists() });
      void client.invalidateQueries({ queryKey: premiumKeys.giftLists() });
    }
  }, [state, client]);

  if (payment.isError && !payment.data) return <QueryErrorPage error={payment.error} onRetry={() => void payment.refetch()} />;
  const { color, Icon } = tone[view?.state ?? 'pending'];
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }} data-testid="result-screen" data-state={view?.state ?? 'loading'}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, borderTop: 6, borderTopColor: view ? color : 'divider' }}>
        {!payment.data || !view ? (
          <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'center' }}>
            <Typography component="h1" className="visually-hidden">
              {r.heading}
            </Typography>
            <Skeleton variant="circular" width={64} height={64} />
            <Skeleton width="60%" sx={{ fontSize: '1.6rem' }} />
            <Skeleton variant="rounded" width="100%" height={160} />
          </Box>
        ) : (
          <>
            <Box sx={{ textAlign: 'center', mb: 2 }}>
              <Icon aria-hidden="true" sx={{ fontSize: 64, color }} />
              <Typography component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '1.8rem' }, mt: 1 }}>
                {headingOf(view)}
              </Typography>
            </Box>
            <Body p={payment.data} view={view} onCheck={() => void payment.refetch()} checking={payment.isFetching} />
          </>
        )}
      </Paper>
    </Container>
  );
}

/** `premium/result?payment={id}`: where the gateway sends the payer back. */
export function ResultScreen({ paymentId }: { paymentId: number | null }) {
  if (paymentId === null) {
    return (
      <StatusPage
        title={r.noPayment}
        body={r.noPaymentBody}
        actions={
          <Button component={RouterLink} to={paths.user.dashboard.getHref()} variant="contained" sx={solidAccent}>
            {r.toDashboard}
          </Button>
        }
      />
    );
  }
  return <Outcome key={paymentId} id={paymentId} />;
}
