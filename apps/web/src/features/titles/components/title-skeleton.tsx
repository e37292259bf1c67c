import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { messages } from '../../../components/messages';

/** The title page's shape while it loads: backdrop, poster, names, facts, buttons, plot. */
export function TitleSkeleton() {
  return (
    // At least a screen tall: the footer must not show and then jump away when the title arrives.
    <Box role="status" aria-busy="true" aria-label={messages.loading} data-testid="title-skeleton" sx={{ minHeight: '100vh' }}>
      <Box sx={{ bgcolor: '#0b0b0b', pb: { xs: 3, md: 6 } }}>
        <Skeleton variant="rectangular" sx={{ bgcolor: 'rgba(255,255,255,.06)', height: 'auto', aspectRatio: { xs: '16 / 9', md: 'auto' }, minHeight: { md: 80 } }} />
        <Container
          maxWidth="xl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '108px minmax(0, 1fr)', sm: '160px minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
            columnGap: { xs: 2, md: 5 },
            mt: { xs: -8, sm: -12, md: 0 },
            pt: { md: 1 },
          }}
        >
          <Skeleton variant="rounded" sx={{ bgcolor: 'rgba(255,255,255,.1)', height: 'auto', aspectRatio: '2 / 3', borderRadius: 2 }} />
          <Box sx={{ alignSelf: { xs: 'end', md: 'start' }, pt: { md: 6 } }}>
            <Skeleton sx={{ bgcolor: 'rgba(255,255,255,.1)', fontSize: { xs: '1.35rem', md: '2.6rem' }, width: '70%' }} />
            <Skeleton sx={{ bgcolor: 'rgba(255,255,255,.08)', fontSize: '1.1rem', width: '45%' }} />
            <Skeleton sx={{ bgcolor: 'rgba(255,255,255,.08)', width: '35%' }} />
            <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, mt: 4 }}>
              {[120, 160, 110, 170].map((w) => (
                <Skeleton key={w} variant="rounded" width={w} height={42} sx={{ bgcolor: 'rgba(255,255,255,.08)' }} />
              ))}
            </Box>
          </Box>
        </Container>
      </Box>
      <Container maxWidth="xl" sx={{ py: 4 }}>
        <Skeleton width="20%" sx={{ fontSize: '1.3rem' }} />
        {[100, 96, 90, 60].map((w, i) => (
          <Skeleton key={i} width={`${w}%`} />
        ))}
      </Container>
    </Box>
  );
}
