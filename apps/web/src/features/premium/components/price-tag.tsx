import type { Plan } from '@parde/contract';
import { priceView } from '../lib/price';
import { messages } from '../messages';

const p = messages.price;

/** Gold with near-black text: 10:1 on any background, and it reads as "a deal" at a glance (`.p-price__off` on plain screens). */
export const dealBadgeSx = { display: 'inline-block', bgcolor: '#f2b01e', color: '#1a1a1a', borderRadius: 1, px: 0.75, py: 0.1, fontSize: '0.78rem', fontWeight: 800 } as const;

/**
 * A plan's price: what is paid, the list price struck through when the plan is reduced (read
 * out with its name, since a strike-through is not announced), the reduction, and per month.
 */
export function PriceTag({ plan, size = 'medium' }: { plan: Plan; size?: 'medium' | 'large' }) {
  const v = priceView(plan);
  return (
    <div data-testid="plan-price" className={size === 'large' ? 'p-price p-price--large' : 'p-price'}>
      {v.original && (
        <div className="p-price__was">
          <s data-testid="price-original" className="p-price__original">
            <span className="visually-hidden">{p.original}: </span>
            {v.original}
          </s>
          {v.off && (
            <span data-testid="price-off" className="p-price__off">
              {v.off}
            </span>
          )}
        </div>
      )}
      <span data-testid="price-final" className="p-price__final">
        <span className="visually-hidden">{p.now}: </span>
        {v.final}
      </span>
      {v.monthly && (
        <span data-testid="price-monthly" className="p-price__monthly">
          {v.monthly}
        </span>
      )}
    </div>
  );
}
