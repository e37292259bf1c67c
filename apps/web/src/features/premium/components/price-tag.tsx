import Box from '@mui/material/Box';
import type { Plan } from '@parde/contract';
import { priceView } from '../lib/price';
import { messages } from '../messages';

const p = messages.price;

/** Gold with near-black text: 10:1 on any background, and it reads as "a deal" at a glance. */
export const dealBadgeSx = { display: 'inline-block', bgcolor: '#f2b01e', color: '#1a1a1a', borderRadius: 1, px: 0.75, py: 0.1, fontSize: '0.78rem', fontWeight: 800 } as const;

/**
 * A plan's price: what is paid, the list price struck through when the plan is reduced (read
 * out with its name, since a strike-through is not announced), the reduction, and per month.
 */
export function PriceTag({ plan, size = 'medium' }: { plan: Plan; size?: 'medium' | 'large' }) {
  const v = priceView(plan);
  return (
    <Box data-testid="plan-price" sx={{ display: 'grid', gap: 0.25, justifyItems: 'start' }}>
      {v.original && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box component="s" data-testid="price-original" sx={{ color: 'text.secondary', fontSize: '0.95rem' }}>
            <span className="visually-hidden">{p.original}: </span>
            {v.original}
          </Box>
          {v.off && (
            <Box component="span" data-testid="price-off" sx={dealBadgeSx}>
              {v.off}
            </Box>
          )}
        </Box>
      )}
      <Box component="span" data-testid="price-final" sx={{ fontWeight: 800, fontSize: size === 'large' ? { xs: '1.7rem', md: '2rem' } : '1.45rem', lineHeight: 1.5 }}>
        <span className="visually-hidden">{p.now}: </span>
        {v.final}
      </Box>
      {v.monthly && (
        <Box component="span" data-testid="price-monthly" sx={{ color: 'text.secondary', fontSize: '0.88rem' }}>
          {v.monthly}
        </Box>
      )}
    </Box>
  );
}
