import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { toPersianDigits } from '@parde/persian';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { ArtImage } from '../../../components/art-image';
import { EmptyState } from '../../../components/empty-state';
import { QueryErrorPage } from '../../../components/query-error';
import { EnglishName } from '../../../components/title-card';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useTitleByImdb } from '../api/get-title-by-imdb';
import { trailerEmbedUrl } from '../lib/embed-url';
import { messages } from '../messages';

/** 150 → «۲:۳۰» */
const clock = (seconds: number) => toPersianDigits(`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`);

/**
 * `watch/trailer/{imdb}`: the title's trailer, free for everyone. The frame from YouTube loads
 * only when the viewer presses play; until then the backdrop holds its place (no layout shift).
 */
export function TrailerScreen({ imdbId }: { imdbId: string }) {
  const title = useTitleByImdb(imdbId);
  const [playing, setPlaying] = useState(false);
  const name = title.data ? (title.data.titleFa ?? title.data.titleEn) : '';
  useDocumentTitle(title.data ? messages.heading(name) : messages.loading);

  if (title.isError) return <QueryErrorPage error={title.error} onRetry={() => void title.refetch()} />;
  if (!title.data) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }} role="status" aria-busy="true" aria-label={messages.loading}>
        <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto', borderRadius: 2 }} />
        <Skeleton width="50%" sx={{ mt: 2, fontSize: '2rem' }} />
      </Container>
    );
  }

  const t = title.data;
  const embed = t.trailer?.youtubeId ? trailerEmbedUrl(t.trailer.youtubeId) : null;
  const back = (
    <Button component={RouterLink} to={t.path} variant="outlined" color="inherit" startIcon={<ArrowForwardIcon />} data-testid="trailer-back">
      {messages.backToTitle}
    </Button>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Box sx={{ position: 'relative', aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: '#000' }} data-testid="trailer-player">
        {embed && playing ? (
          <Box
            component="iframe"
            src={embed}
            title={messages.frameTitle(name)}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="trailer-frame"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        ) : (
          <>
            <ArtImage src={t.backdrop} alt="" kind="backdrop" priority className="p-art--fill" />
            {embed && (
              <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,.35)' }}>
                <Button
                  variant="contained"
                  size="large"
                  onClick={() => setPlaying(true)}
                  aria-label={messages.playLabel(name)}
                  startIcon={<PlayArrowIcon />}
                  data-testid="trailer-play"
                  sx={{ ...solidAccent, borderRadius: 8, px: 4, py: 1.5, fontSize: '1.1rem', fontWeight: 700 }}
                >
                  {messages.play}
                </Button>
              </Box>
            )}
          </>
        )}
      </Box>

      <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', md: '2rem' } }}>
            {messages.heading(name)}
          </Typography>
          {t.titleFa && <EnglishName className="p-muted p-en--start p-en--below">{t.titleEn}</EnglishName>}
          {t.trailer?.durationSec ? (
            <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="trailer-duration">
              {messages.duration(clock(t.trailer.durationSec))}
            </Typography>
          ) : null}
        </Box>
        {back}
      </Box>

      {embed ? (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 2, lineHeight: 2 }}>
          {messages.source}
        </Typography>
      ) : (
        <Box sx={{ mt: 2 }}>
          <EmptyState message={messages.none} compact />
        </Box>
      )}
    </Container>
  );
}
