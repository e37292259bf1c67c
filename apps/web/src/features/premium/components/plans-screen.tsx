import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { formatJalali } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { accentText } from '../../../components/accent';
import { EmptyState } from '../../../components/empty-state';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { usePlans } from '../api/get-plans';
import { usePremiumStatus } from '../api/get-premium-status';
import { bestValuePlanId } from '../lib/price';
import { messages } from '../messages';
import { ActiveNote } from './active-note';
import { PlanCard } from './plan-card';
import { PremiumPage } from './premium-page';

const m = messages.plans;

export const plansGridSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  gap: 2,
} as const;

/** `premium/plans`: every plan on sale as a card; a member sees how long their premium still runs. */
export function PlansScreen({ isMember }: { isMember: boolean }) {
  const plans = usePlans();
  const status = usePremiumStatus(isMember);
  if (plans.isError && !plans.data) return <QueryErrorPage error={plans.error} onRetry={() => void plans.refetch()} />;
  const best = plans.data ? bestValuePlanId(plans.data) : null;
  const s = status.data;
  return (
    <PremiumPage
      title={m.heading}
      intro={m.intro}
      testId="plans-screen"
      action={
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={paths.goPremium.getHref()} sx={(t) => ({ ...accentText(t), fontWeight: 600 })}>
            {m.whyPremium}
          </Link>
          <Link component={RouterLink} to={paths.gift.getHref()} sx={(t) => ({ ...accentText(t), fontWeight: 600 })}>
            {m.giftLink}
          </Link>
        </Box>
      }
    >
      {s?.active && s.activeUntil && <ActiveNote>{m.activeNote(formatJalali(s.activeUntil, 'long'))}</ActiveNote>}
      {plans.isPending ? (
        <Box sx={plansGridSx} aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={420} />
          ))}
        </Box>
      ) : plans.data.length === 0 ? (
        <EmptyState message={m.empty} />
      ) : (
        <Box component="ul" aria-label={m.list} sx={plansGridSx} data-testid="plans">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} best={plan.id === best} />
            </li>
          ))}
        </Box>
      )}
    </PremiumPage>
  );
}
