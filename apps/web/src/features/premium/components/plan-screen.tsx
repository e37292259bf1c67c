import ArrowForwardIcon from 'plain-icon:ArrowForward';
import CardGiftcardIcon from 'plain-icon:CardGiftcard';
import EventRepeatIcon from 'plain-icon:EventRepeat';
import ShoppingCartCheckoutIcon from 'plain-icon:ShoppingCartCheckout';
import { formatJalali } from '@parde/persian';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
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
    <div className="p-option">
      {button(id)}
      <p id={id} className="p-option__help">
        {help}
      </p>
      {note}
    </div>
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
        <RouterLink to={paths.premium.plans.getHref()} className="p-btn">
          <ArrowForwardIcon aria-hidden="true" />
          {m.back}
        </RouterLink>
      }
    >
      {!p ? (
        <div className="p-plan-page" aria-hidden="true">
          <div className="p-skeleton p-plan-page__skeleton" />
          <div className="p-skeleton p-plan-page__skeleton" />
        </div>
      ) : (
        <div className="p-plan-page">
          <div className="p-sheet p-plan-page__box" data-testid="plan-summary">
            <PriceTag plan={p} size="large" />
            <div>
              <h2 className="p-plan-page__h2">{m.features}</h2>
              <PlanFeatures features={p.features} label={m.features} />
            </div>
          </div>
          <section aria-label={m.actions} className="p-sheet p-plan-page__box p-plan-page__actions" data-testid="plan-actions">
            <Option
              button={(d) => (
                <RouterLink to={paths.premium.join.getHref(p.id)} aria-describedby={d} data-testid="plan-join" className="p-btn p-btn--contained p-btn--large p-btn--strong">
                  <ShoppingCartCheckoutIcon aria-hidden="true" />
                  {m.join}
                </RouterLink>
              )}
              help={m.joinHelp}
            />
            <Option
              button={(d) => (
                <RouterLink to={paths.premium.join.getHref(p.id, 'reserve')} aria-describedby={d} data-testid="plan-reserve" className="p-btn p-btn--outlined p-btn--large">
                  <EventRepeatIcon aria-hidden="true" />
                  {m.reserve}
                </RouterLink>
              )}
              help={m.reserveHelp}
              note={
                s?.active && s.premiumUntil ? (
                  <p className="p-option__note" data-testid="reserve-note">
                    {m.reserveActive(formatJalali(s.premiumUntil, 'long'))}
                  </p>
                ) : undefined
              }
            />
            <Option
              button={(d) => (
                <RouterLink to={paths.gift.getHref({ plan: p.id })} aria-describedby={d} data-testid="plan-gift" className="p-btn p-btn--outlined p-btn--large">
                  <CardGiftcardIcon aria-hidden="true" />
                  {m.gift}
                </RouterLink>
              )}
              help={m.giftHelp}
            />
          </section>
        </div>
      )}
    </PremiumPage>
  );
}
