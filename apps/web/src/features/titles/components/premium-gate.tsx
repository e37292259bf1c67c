import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AccessReason } from '@parde/contract';
import { Link as RouterLink } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { paths } from '../../../config/paths';
import { messages } from '../messages';

const p = messages.premiumGate;

/**
 * Why the full title is locked, and the way in: the go-premium page (a visitor passes through
 * login on the way). `onDark` for the title page's always-dark hero.
 */
export function PremiumGate({ reason, onDark = false, withButton = true }: { reason: AccessReason; onDark?: boolean; withButton?: boolean }) {
  return (
    <Box
      role="note"
      data-testid="premium-gate"
      data-reason={reason}
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1.5,
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: onDark ? 'rgba(242,176,30,.6)' : '#f2b01e',
        bgcolor: onDark ? 'rgba(0,0,0,.45)' : 'transparent',
        color: onDark ? '#fff' : 'text.primary',
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flex: 1, lineHeight: 1.9, fontSize: '0.93rem' }}>
        <WorkspacePremiumIcon aria-hidden="true" sx={{ color: '#f2b01e', mt: 0.3 }} />
        <span>{reason === 'UNAUTHENTICATED' ? p.visitor : p.member}</span>
      </Box>
      {withButton && (
        <Button component={RouterLink} to={paths.goPremium.getHref()} variant="contained" size="small" sx={{ ...solidAccent, fontWeight: 700, flexShrink: 0 }} data-testid="premium-gate-cta">
          {p.cta}
        </Button>
      )}
    </Box>
  );
}
