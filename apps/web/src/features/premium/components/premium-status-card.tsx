import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatJalali, formatNumber } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { InlineError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { usePremiumStatus } from '../api/get-premium-status';
import { messages } from '../messages';
import { dealBadgeSx } from './price-tag';

const m = messages.status;
const card = { p: { xs: 2, md: 2.5 }, borderRadius: 3, height: '100%' } as const;

/** The dashboard's subscription box: active until (Jalali), days left, the reserved plans queued after it. */
export function PremiumStatusCard() {
  const status = usePremiumStatus();
  if (status.isPending) return <Skeleton variant="rounded" height={170} />;
  if (status.isError) {
    return (
      <Paper variant="outlined" sx={card} data-testid="premium-card">
        <InlineError error={status.error} onRetry={() => void status.refetch()} />
      </Paper>
    );
  }
  const s = status.data;
  return (
    <Paper variant="outlined" sx={{ ...card, borderColor: s.active ? 'secondary.main' : 'divider' }} data-testid="premium-card" data-active={s.active}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <WorkspacePremiumIcon aria-hidden="true" sx={{ color: s.active ? '#f2b01e' : 'text.secondary' }} />
        <Typography component="h2" sx={{ fontWeight: 800, fontSize: '1.1rem' }}>
          {s.active ? m.active : m.none}
        </Typography>
        {s.active && (
          <Box component="span" sx={{ ...dealBadgeSx, marginInlineStart: 'auto' }} data-testid="premium-days-left">
            {m.daysLeft(formatNumber(s.daysLeft, 0))}
          </Box>
        )}
      </Box>
      {s.active && s.activeUntil ? (
        <Typography sx={{ mt: 1, fontWeight: 600, lineHeight: 1.9 }} data-testid="premium-until">
          {m.until(formatJalali(s.activeUntil, 'long'))}
        </Typography>
      ) : (
        <Typography color="text.secondary" sx={{ mt: 1, lineHeight: 1.9 }}>
          {m.pitch}
        </Typography>
      )}
      {s.reserved.length > 0 && (
        <Box sx={{ mt: 1.5 }} data-testid="premium-reserved">
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '0.95rem' }}>
            {m.reserved}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, p: 0, listStyle: 'none', display: 'grid', gap: 0.5, fontSize: '0.9rem' }}>
            {s.reserved.map((r) => (
              <li key={r.id}>
                {m.reservedItem(r.planName, formatNumber(r.days, 0))}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {'، '}
                  {m.reservedRange(formatJalali(r.startsAt, 'long'), formatJalali(r.endsAt, 'long'))}
                </Box>
              </li>
            ))}
          </Box>
          {s.premiumUntil && (
            <Typography color="text.secondary" sx={{ fontSize: '0.9rem', mt: 0.5 }}>
              {m.premiumUntil(formatJalali(s.premiumUntil, 'long'))}
            </Typography>
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button component={RouterLink} to={paths.premium.plans.getHref()} variant="contained" sx={{ ...solidAccent, fontWeight: 700 }} data-testid="premium-plans-link">
          {s.active ? m.extend : m.buy}
        </Button>
        <Button component={RouterLink} to={paths.gift.getHref()} variant="outlined" color="inherit">
          {m.redeem}
        </Button>
      </Box>
    </Paper>
  );
}
