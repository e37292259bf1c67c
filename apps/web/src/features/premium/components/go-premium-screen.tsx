import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import DevicesIcon from '@mui/icons-material/Devices';
import DownloadIcon from '@mui/icons-material/Download';
import MovieIcon from '@mui/icons-material/Movie';
import BlockIcon from '@mui/icons-material/Block';
import SubtitlesIcon from '@mui/icons-material/Subtitles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Plan } from '@parde/contract';
import { formatJalali, formatNumber } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { EmptyState } from '../../../components/empty-state';
import { InlineError } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { usePlans } from '../api/get-plans';
import { usePremiumStatus } from '../api/get-premium-status';
import { bestValuePlanId, priceView } from '../lib/price';
import { messages } from '../messages';
import { ActiveNote } from './active-note';
import { PremiumPage } from './premium-page';
import { dealBadgeSx } from './price-tag';

const m = messages.goPremium;
const icons = { watch: MovieIcon, download: DownloadIcon, dub: SubtitlesIcon, ads: BlockIcon, devices: DevicesIcon, gift: CardGiftcardIcon } as const;

function Benefits() {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }} data-testid="benefits">
      {m.benefits.map((b) => {
        const Icon = icons[b.key];
        return (
          <Paper component="li" variant="outlined" key={b.key} sx={{ display: 'flex', gap: 1.5, p: 2, borderRadius: 3 }}>
            <Box sx={{ ...solidAccent, width: 44, height: 44, borderRadius: '50%', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
              <Icon aria-hidden="true" />
            </Box>
            <Box>
              <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
                {b.title}
              </Typography>
              <Typography color="text.secondary" sx={{ fontSize: '0.9rem', lineHeight: 1.8, mt: 0.25 }}>
                {b.body}
              </Typography>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}

const cell = { py: 1.5, px: { xs: 1, sm: 2 }, borderBottom: 1, borderColor: 'divider', textAlign: 'start', verticalAlign: 'middle' } as const;

/** Plans side by side: what each costs, in all and per month, and a way to choose it. */
function Compare({ plans }: { plans: Plan[] }) {
  const best = bestValuePlanId(plans);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Box component="table" data-testid="plans-compare" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: { xs: '0.88rem', sm: '0.95rem' } }}>
        <caption className="visually-hidden">{m.compareCaption}</caption>
        <thead>
          <Box component="tr" sx={{ bgcolor: 'action.hover' }}>
            <Box component="th" scope="col" sx={cell}>
              {m.colPlan}
            </Box>
            <Box component="th" scope="col" sx={cell}>
              {m.colPrice}
            </Box>
            <Box component="th" scope="col" sx={{ ...cell, display: { xs: 'none', sm: 'table-cell' } }}>
              {m.colMonthly}
            </Box>
            <Box component="th" scope="col" sx={cell}>
              <span className="visually-hidden">{m.colAction}</span>
            </Box>
          </Box>
        </thead>
        <tbody>
          {plans.map((plan) => {
            const v = priceView(plan);
            return (
              <Box component="tr" key={plan.id} data-plan-id={plan.id} sx={{ '&:last-of-type > *': { borderBottom: 0 } }}>
                <Box component="th" scope="row" sx={{ ...cell, fontWeight: 700 }}>
                  {plan.name}
                  <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary', fontSize: '0.85rem' }}>
                    {v.days}
                  </Box>
                  {plan.id === best && (
                    <Box component="span" sx={{ ...dealBadgeSx, mt: 0.5 }}>
                      {messages.plans.bestValue}
                    </Box>
                  )}
                </Box>
                <Box component="td" sx={cell}>
                  {v.original && (
                    <Box component="s" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85rem' }}>
                      <span className="visually-hidden">{messages.price.original}: </span>
                      {v.original}
                    </Box>
                  )}
                  <Box component="span" sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
                    {v.final}
                  </Box>
                  {v.off && (
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85rem' }}>
                      {v.off}
                    </Box>
                  )}
                </Box>
                <Box component="td" sx={{ ...cell, display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {formatNumber(plan.monthlyPrice, 0)} {messages.price.toman}
                </Box>
                <Box component="td" sx={{ ...cell, textAlign: 'end' }}>
                  <Button component={RouterLink} to={paths.premium.plan.getHref(plan.id)} variant="outlined" color="inherit" size="small" aria-label={m.selectLabel(plan.name)}>
                    {m.select}
                  </Button>
                </Box>
              </Box>
            );
          })}
        </tbody>
      </Box>
    </Paper>
  );
}

/** `gopremium`: why premium, the plans compared, and the way to buy (or extend) it. */
export function GoPremiumScreen() {
  const plans = usePlans();
  const status = usePremiumStatus();
  const s = status.data;
  return (
    <PremiumPage title={m.heading} testId="gopremium-screen">
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 3, borderColor: 'secondary.main', background: 'linear-gradient(135deg, rgba(25,133,123,.22), rgba(242,176,30,.10))' }}
        data-testid="gopremium-hero"
      >
        <Typography component="p" sx={{ fontWeight: 800, fontSize: { xs: '1.4rem', md: '1.9rem' } }}>
          {m.lead}
        </Typography>
        <Typography sx={{ mt: 1, lineHeight: 2, maxWidth: 720 }}>{m.intro}</Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 2.5 }}>
          <Button component={RouterLink} to={paths.premium.plans.getHref()} variant="contained" size="large" sx={{ ...solidAccent, fontWeight: 700 }} data-testid="gopremium-cta">
            {m.cta}
          </Button>
          <Button component={RouterLink} to={paths.gift.getHref()} variant="outlined" color="inherit" size="large" startIcon={<CardGiftcardIcon />}>
            {m.gift}
          </Button>
        </Box>
      </Paper>
      {s?.active && s.activeUntil && (
        <Box sx={{ mt: 3 }}>
          <ActiveNote>{m.activeNote(formatJalali(s.activeUntil, 'long'), formatNumber(s.daysLeft, 0))}</ActiveNote>
        </Box>
      )}
      <Section title={m.benefitsHeading}>
        <Benefits />
      </Section>
      <Section title={m.compareHeading} testId="gopremium-compare">
        {plans.isPending ? (
          <Skeleton variant="rounded" height={280} />
        ) : plans.isError ? (
          <InlineError error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.data.length === 0 ? (
          <EmptyState message={messages.plans.empty} compact />
        ) : (
          <Compare plans={plans.data} />
        )}
      </Section>
      <Section title={m.ctaHeading}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {m.ctaBody}
        </Typography>
        <Button component={RouterLink} to={paths.premium.plans.getHref()} variant="contained" size="large" sx={{ ...solidAccent, fontWeight: 700 }}>
          {m.cta}
        </Button>
      </Section>
    </PremiumPage>
  );
}
