import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Plan } from '@parde/contract';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { solidAccent } from '../../../components/accent';
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
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={id}
      data-testid="plan-card"
      data-plan-id={plan.id}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        p: { xs: 2.5, md: 3 },
        borderRadius: 3,
        borderWidth: best ? 2 : 1,
        borderColor: best ? 'secondary.main' : 'divider',
        height: '100%',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 28 }}>
        <Typography id={id} component="h2" sx={{ fontWeight: 800, fontSize: '1.3rem' }}>
          {plan.name}
        </Typography>
        {best && (
          <Box component="span" data-testid="best-value" sx={{ ...solidAccent, borderRadius: 5, px: 1.25, py: 0.25, fontSize: '0.78rem', fontWeight: 700 }}>
            {m.bestValue}
          </Box>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mt: -1.5 }} data-testid="plan-days">
        {v.days}
      </Typography>
      <PriceTag plan={plan} />
      <Box sx={{ flex: 1 }}>
        <PlanFeatures features={plan.features} label={m.features(plan.name)} />
      </Box>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Button component={RouterLink} to={paths.premium.join.getHref(plan.id)} variant="contained" size="large" aria-label={m.chooseLabel(plan.name)} data-testid="choose-plan" sx={{ ...solidAccent, fontWeight: 700 }}>
          {m.choose}
        </Button>
        <Button component={RouterLink} to={paths.premium.plan.getHref(plan.id)} variant="outlined" color="inherit" aria-label={m.detailsLabel(plan.name)} data-testid="plan-details">
          {m.details}
        </Button>
      </Box>
    </Paper>
  );
}
