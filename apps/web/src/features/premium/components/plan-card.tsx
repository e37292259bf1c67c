import type { Plan } from '@parde/contract';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { priceView } from '../lib/price';
import { messages } from '../messages';
import { PlanFeatures } from './plan-features';
import { PriceTag } from './price-tag';

const m = messages.plans;

/** One plan on the plans page: name, days, price, features, and the ways on (pay now, details). */
export function PlanCard({ plan, best = false }: { plan: Plan; best?: boolean }) {
  const id = useId();
  const v = priceView(plan);
  return (
    <article aria-labelledby={id} data-testid="plan-card" data-plan-id={plan.id} className={best ? 'p-sheet p-plan p-plan--best' : 'p-sheet p-plan'}>
      <div className="p-plan__head">
        <h2 id={id} className="p-plan__name">
          {plan.name}
        </h2>
        {best && (
          <span data-testid="best-value" className="p-plan__best">
            {m.bestValue}
          </span>
        )}
      </div>
      <p className="p-plan__days" data-testid="plan-days">
        {v.days}
      </p>
      <PriceTag plan={plan} />
      <div className="p-plan__grow">
        <PlanFeatures features={plan.features} label={m.features(plan.name)} />
      </div>
      <div className="p-plan__ways">
        <RouterLink to={paths.premium.join.getHref(plan.id)} aria-label={m.chooseLabel(plan.name)} data-testid="choose-plan" className="p-btn p-btn--contained p-btn--large p-btn--strong">
          {m.choose}
        </RouterLink>
        <RouterLink to={paths.premium.plan.getHref(plan.id)} aria-label={m.detailsLabel(plan.name)} data-testid="plan-details" className="p-btn p-btn--outlined p-btn--large">
          {m.details}
        </RouterLink>
      </div>
    </article>
  );
}
