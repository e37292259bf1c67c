import FolderIcon from '@mui/icons-material/Folder';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { TitleDetail } from '@parde/contract';
import { formatDuration, formatNumber } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { formatVotes, formatYears } from '../../../components/format';
import { ImdbRating, RottenTomatoesBadge } from '../../../components/rating-badges';
import { EnglishName } from '../../../components/title-card';
import { paths } from '../../../config/paths';
import { messages } from '../messages';
import { needsPremium, useTitleAccess } from '../api/get-title-access';
import { PremiumGate } from './premium-gate';
import { TitleMemberActions, type MemberAccess } from './title-actions';
import { TitleRating } from './title-rating';
import { solidAccent } from '../../../components/accent';

const HERO_BG = '#0b0b0b';

const pill = {
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: 4,
  px: 1.25,
  py: 0.4,
  fontSize: '0.8rem',
  color: '#fff',
  textDecoration: 'none',
  bgcolor: 'rgba(255,255,255,.1)',
  border: 1,
  borderColor: 'rgba(255,255,255,.18)',
  '&:hover, &:focus-visible': { bgcolor: 'rgba(255,255,255,.2)' },
} as const;

/**
 * The top of the title page: backdrop, poster, names, the facts a viewer decides by, ratings,
 * genres and countries (each opening a filtered list), and the actions. Always dark, like a
 * cinema, whatever the theme.
 */
export function TitleHero({ title, access }: { title: TitleDetail; access: MemberAccess }) {
  const nameFa = title.titleFa ?? title.titleEn;
  const years = formatYears(title.year, title.endYear, title.type === 'series');
  const facts = [years, title.runtime ? formatDuration(title.runtime) : null, messages.type[title.type]].filter(Boolean) as string[];
  const showOriginal = title.titleOriginal && title.titleOriginal !== title.titleEn;
  // A locked title's play button leads to premium instead of a player that would refuse.
  const watchAccess = useTitleAccess(title.id, access.isMember, !title.isFree);
  const gate = !title.isFree && needsPremium(watchAccess.data) ? watchAccess.data : null;
  const locked = gate !== null;

  return (
    <Box data-testid="title-hero" sx={{ position: 'relative', bgcolor: HERO_BG, color: '#fff', overflow: 'hidden' }}>
      {/* Phone: the backdrop on top. Desktop: on the end side (left), fading into the dark where the text is. */}
      <Box sx={{ position: { xs: 'relative', md: 'absolute' }, top: { md: 0 }, bottom: { md: 0 }, insetInlineEnd: { md: 0 }, width: { md: '72%' } }}>
        <ArtImage
          src={title.backdrop}
          alt=""
          kind="backdrop"
          priority
          ratio={{ xs: '16 / 9', md: 'auto' }}
          sx={{ height: { md: '100%' }, bgcolor: '#151515' }}
          imgSx={{ opacity: { md: 0.38 } }}
        />
        {/* Written left-to-right: the RTL style plugin mirrors "to right" into "to left". */}
        <Box
          aria-hidden="true"
          sx={{
            position: 'absolute',
            inset: 0,
            background: {
              xs: `linear-gradient(to top, ${HERO_BG} 0%, rgba(11,11,11,.55) 40%, transparent 75%)`,
              md: `linear-gradient(to right, ${HERO_BG} 0%, rgba(11,11,11,.7) 30%, rgba(11,11,11,.15) 70%, rgba(11,11,11,.35) 100%), linear-gradient(to top, ${HERO_BG} 0%, transparent 35%)`,
            },
          }}
        />
      </Box>
      <Container
        maxWidth="xl"
        sx={{
          position: 'relative',
          display: 'grid',
          gridTemplateColumns: { xs: '108px minmax(0, 1fr)', sm: '160px minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
          gridTemplateAreas: { xs: '"poster names" "details details"', md: '"poster names" "poster details"' },
          gridTemplateRows: { md: 'auto 1fr' },
          columnGap: { xs: 2, md: 5 },
          rowGap: { xs: 2, md: 2.5 },
          mt: { xs: -8, sm: -12, md: 0 },
          pt: { md: 9 },
          pb: { xs: 3, md: 6 },
        }}
      >
        <Box sx={{ gridArea: 'poster', alignSelf: 'start', borderRadius: 2, overflow: 'hidden', boxShadow: 10, border: 1, borderColor: 'rgba(255,255,255,.12)' }}>
          <ArtImage src={title.poster} alt={messages.poster(nameFa)} priority />
        </Box>
        <Box sx={{ gridArea: 'names', alignSelf: { xs: 'end', md: 'end' }, minWidth: 0 }}>
          <Typography component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.35rem', sm: '1.8rem', md: '2.6rem' }, lineHeight: 1.35 }}>
            {nameFa}
          </Typography>
          {title.titleFa && (
            <EnglishName sx={{ fontFamily: 'Rubik, sans-serif', fontSize: { xs: '0.95rem', md: '1.25rem' }, color: 'rgba(255,255,255,.85)', mt: 0.5 }}>
              <span data-testid="title-en">{title.titleEn}</span>
            </EnglishName>
          )}
          {showOriginal && (
            <Box sx={{ fontSize: '0.8rem', color: 'rgba(255,255,255,.7)', mt: 0.5 }}>
              {messages.originalTitle}:{' '}
              <Box component="span" dir="auto">
                {title.titleOriginal}
              </Box>
            </Box>
          )}
          <Box data-testid="title-facts" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.25, color: 'rgba(255,255,255,.85)', fontSize: { xs: '0.85rem', md: '0.95rem' } }}>
            {facts.map((f, i) => (
              <Box component="span" key={f} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {i > 0 && <span aria-hidden="true">•</span>}
                {f}
              </Box>
            ))}
            {title.ageRating && (
              <Box component="span" dir="ltr" title={messages.ageRating} aria-label={`${messages.ageRating}: ${title.ageRating}`} sx={{ border: 1, borderColor: 'rgba(255,255,255,.6)', borderRadius: 0.75, px: 0.75, fontSize: '0.75rem', fontWeight: 700, fontFamily: 'Rubik, sans-serif' }}>
                {title.ageRating}
              </Box>
            )}
          </Box>
        </Box>
        <Box sx={{ gridArea: 'details', minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1.5, md: 2.5 } }}>
            {title.rating !== null && (
              <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <ImdbRating rating={title.rating} size="large" flush />
                {title.votes > 0 && (
                  <Box component="span" sx={{ fontSize: '0.8rem', color: 'rgba(255,255,255,.75)' }}>
                    {messages.votes(formatVotes(title.votes))}
                  </Box>
                )}
              </Box>
            )}
            <RottenTomatoesBadge rt={title.rottenTomatoes} size="large" flush />
          </Box>
          {(title.genres.length > 0 || title.countries.length > 0) && (
            <Box component="ul" aria-label={`${messages.details.genres} و ${messages.details.countries}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 2 }}>
              {title.genres.map((g) => (
                <li key={`g${g.id}`}>
                  <Box component={RouterLink} to={paths.home.getHref({ genre: g.id })} sx={pill} data-testid="genre-link">
                    {g.titleFa}
                  </Box>
                </li>
              ))}
              {title.countries.map((c) => (
                <li key={`c${c.code}`}>
                  <Box component={RouterLink} to={paths.home.getHref({ country: c.code })} sx={{ ...pill, bgcolor: 'transparent' }} data-testid="country-link">
                    {c.nameFa}
                  </Box>
                </li>
              ))}
            </Box>
          )}
          <Box role="group" aria-label={messages.actions.label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
            <Button
              component={RouterLink}
              to={locked ? paths.goPremium.getHref() : paths.watch.getHref(title.imdbId, title.id)}
              variant="contained"
              size="large"
              startIcon={locked ? <WorkspacePremiumIcon /> : <PlayArrowIcon />}
              data-testid="watch-button"
              data-locked={locked}
              sx={{ ...solidAccent, fontWeight: 700, px: 3, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            >
              {locked ? messages.actions.watchPremium : messages.actions.watch}
            </Button>
            <Button component={RouterLink} to={title.filesPath} variant="outlined" startIcon={<FolderIcon />} data-testid="files-link" sx={{ color: '#fff', borderColor: 'rgba(255,255,255,.45)', '&:hover': { borderColor: '#fff' } }}>
              {title.fileCount > 0 ? messages.actions.filesCount(formatNumber(title.fileCount, 0)) : messages.actions.files}
            </Button>
            {title.trailer && (
              <Button component={RouterLink} to={title.trailer.path} variant="outlined" startIcon={<OndemandVideoIcon />} data-testid="trailer-link" sx={{ color: '#fff', borderColor: 'rgba(255,255,255,.45)', '&:hover': { borderColor: '#fff' } }}>
                {messages.actions.trailer}
              </Button>
            )}
            <TitleMemberActions titleId={title.id} access={access} />
          </Box>
          <TitleRating titleId={title.id} access={access} />
          {gate && (
            <Box sx={{ mt: 2, maxWidth: 720 }}>
              <PremiumGate reason={gate.reason} onDark withButton={false} />
            </Box>
          )}
        </Box>
      </Container>
    </Box>
  );
}
