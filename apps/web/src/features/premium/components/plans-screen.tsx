import { formatJalali } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
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
        <div className="p-page__links">
          <RouterLink to={paths.goPremium.getHref()} className="p-link p-link--strong">
            {m.whyPremium}
          </RouterLink>
          <RouterLink to={paths.gift.getHref()} className="p-link p-link--strong">
            {m.giftLink}
          </RouterLink>
        </div>
      }
    >
      {s?.active && s.activeUntil && <ActiveNote>{m.activeNote(formatJalali(s.activeUntil, 'long'))}</ActiveNote>}
      {plans.isPending ? (
        <div className="p-plans" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="p-skeleton p-plans__skeleton" />
          ))}
        </div>
      ) : plans.data.length === 0 ? (
        <EmptyState message={m.empty} />
      ) : (
        <ul aria-label={m.list} className="p-plans" data-testid="plans">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} best={plan.id === best} />
            </li>
          ))}
        </ul>
      )}
    </PremiumPage>
  );
}
