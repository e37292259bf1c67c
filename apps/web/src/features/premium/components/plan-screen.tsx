import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatJalali } from '@parde/persian';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { usePlan } from '../api/get-plan';
import { usePremiumStatus } from '../api/get-premium-status';
import { priceView } from '../lib/price';
import { messages } from '../messages';
import { PlanFeatures } from './plan-features';
import { PremiumPage } from './premium-page';
import { PriceTag } from './price-tag';

const m = messages.plan;

/** One way to buy, its button described by the sentence under it. */
function Option({ button, help, note }: { button: (describedBy: string) => ReactNode; help: string; note?: ReactNode }) {
  const id = useId();
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      {button(id)}
      <Typography id={id} color="text.secondary" sx={{ fontSize: '0.9rem', lineHeight: 1.9 }}>
        {help}
      </Typography>
      {note}
    </Box>
  );
}

/**
 * `premium/plans/{id}`: the plan in full and the three ways to buy it — now (days stack on what
 * is left), reserved (starts when the running subscription ends) or as a gift.
 */
export function PlanScreen({ id, isMember }: { id: number; isMember: boolean }) {
  const plan = usePlan(id);
  const status = usePremiumStatus(isMember);
  const p = plan.data;
  const title = p ? m.heading(p.name) : m.headingFallback;
  if (plan.isError && !p) return <QueryErrorPage error={plan.error} onRetry={() => void plan.refetch()} />;
  const s = status.data;
  return (
    <PremiumPage
      title={title}
      testId="plan-screen"
      intro={p ? priceView(p).days : '\u00a0'}
      action={
        <Button component={RouterLink} to={paths.premium.plans.getHref()} color="inherit" startIcon={<ArrowForwardIcon />}>
          {m.back}
        </Button>
      }
    >
      {!p ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3 }} aria-hidden="true">
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
          <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3, display: 'grid', gap: 2.5 }} data-testid="plan-summary">
            <PriceTag plan={p} size="large" />
            <Box>
              <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', mb: 1.5 }}>
                {m.features}
              </Typography>
              <PlanFeatures features={p.features} label={m.features} />
            </Box>
          </Paper>
          <Paper component="section" aria-label={m.actions} variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3, display: 'grid', gap: 3 }} data-testid="plan-actions">
            <Option
              button={(d) => (
                <Button component={RouterLink} to={paths.premium.join.getHref(p.id)} aria-describedby={d} variant="contained" size="large" startIcon={<ShoppingCartCheckoutIcon />} data-testid="plan-join" sx={{ ...solidAccent, fontWeight: 700 }}>
                  {m.join}
                </Button>
              )}
              help={m.joinHelp}
            />
            <Option
              button={(d) => (
                <Button component={RouterLink} to={paths.premium.join.getHref(p.id, 'reserve')} aria-describedby={d} variant="outlined" color="inherit" size="large" startIcon={<EventRepeatIcon />} data-testid="plan-reserve">
                  {m.reserve}
                </Button>
              )}
              help={m.reserveHelp}
              note={
                s?.active && s.premiumUntil ? (
                  <Typography sx={{ fontSize: '0.9rem', fontWeight: 600, lineHeight: 1.9 }} data-testid="reserve-note">
                    {m.reserveActive(formatJalali(s.premiumUntil, 'long'))}
                  </Typography>
                ) : undefined
              }
            />
            <Option
              button={(d) => (
                <Button component={RouterLink} to={paths.gift.getHref({ plan: p.id })} aria-describedby={d} variant="outlined" color="inherit" size="large" startIcon={<CardGiftcardIcon />} data-testid="plan-gift">
                  {m.gift}
                </Button>
              )}
              help={m.giftHelp}
            />
          </Paper>
        </Box>
      )}
    </PremiumPage>
  );
}
