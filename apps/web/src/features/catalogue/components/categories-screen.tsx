import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { InlineError } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { EnglishName } from '../../../components/title-card';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { useCountries } from '../api/get-countries';
import { useGenres } from '../api/get-genres';
import { messages } from '../messages';

const m = messages.categories;

const tileGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
  gap: { xs: 1.5, md: 2 },
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

/** A few hues so the tiles read as a palette, not a spreadsheet; text stays white on dark. */
const hues = [174, 200, 262, 330, 14, 38, 140, 290];

type Tile = { key: string; href: string; nameFa: string; nameEn: string; count: number; badge?: string };

function Tiles({ tiles, label, testId }: { tiles: Tile[]; label: string; testId: string }) {
  return (
    <Box component="ul" aria-label={label} data-testid={testId} sx={tileGrid}>
      {tiles.map((tile, i) => (
        <li key={tile.key}>
          <Box
            component={RouterLink}
            to={tile.href}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'space-between',
              minHeight: { xs: 92, md: 104 },
              p: 1.75,
              borderRadius: 2,
              color: '#fff',
              textDecoration: 'none',
              background: `linear-gradient(135deg, hsl(${hues[i % hues.length]} 45% 24%), hsl(${hues[i % hues.length]} 35% 14%))`,
              border: 1,
              borderColor: 'rgba(255,255,255,.08)',
              transition: 'transform .15s, box-shadow .15s',
              '&:hover, &:focus-visible': { transform: 'translateY(-2px)', boxShadow: 6 },
            }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Typography component="span" sx={{ fontWeight: 700, fontSize: { xs: '1rem', md: '1.1rem' } }}>
                {tile.nameFa}
              </Typography>
              {tile.badge && (
                <Box component="span" dir="ltr" sx={{ fontFamily: 'Rubik, sans-serif', fontSize: '0.75rem', fontWeight: 700, opacity: 0.9 }}>
                  {tile.badge}
                </Box>
              )}
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: 1, fontSize: '0.8rem' }}>
              <Box component="span" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {m.count(formatNumber(tile.count, 0))}
              </Box>
              <EnglishName className="p-latin p-ellipsis p-en--tile">{tile.nameEn}</EnglishName>
            </Box>
          </Box>
        </li>
      ))}
    </Box>
  );
}

function TilesSkeleton({ count }: { count: number }) {
  return (
    <Box sx={tileGrid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} variant="rounded" sx={{ height: { xs: 92, md: 104 }, borderRadius: 2 }} />
      ))}
    </Box>
  );
}

/** Genres and countries, each opening the home list filtered by it. */
export function CategoriesScreen() {
  useDocumentTitle(m.heading);
  const genres = useGenres();
  const countries = useCountries();
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {m.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {m.intro}
      </Typography>
      <Section title={m.genres} testId="genres">
        {genres.isPending ? (
          <TilesSkeleton count={12} />
        ) : genres.isError ? (
          <InlineError error={genres.error} onRetry={() => void genres.refetch()} />
        ) : genres.data.length === 0 ? (
          <EmptyState message={m.emptyGenres} compact />
        ) : (
          <Tiles
            label={m.genres}
            testId="genre-tiles"
            tiles={genres.data.map((g) => ({ key: g.slug, href: paths.home.getHref({ genre: g.slug }), nameFa: g.nameFa, nameEn: g.nameEn, count: g.titleCount }))}
          />
        )}
      </Section>
      <Section title={m.countries} testId="countries">
        {countries.isPending ? (
          <TilesSkeleton count={12} />
        ) : countries.isError ? (
          <InlineError error={countries.error} onRetry={() => void countries.refetch()} />
        ) : countries.data.length === 0 ? (
          <EmptyState message={m.emptyCountries} compact />
        ) : (
          <Tiles
            label={m.countries}
            testId="country-tiles"
            tiles={countries.data.map((c) => ({ key: c.code, href: paths.home.getHref({ country: c.code }), nameFa: c.nameFa, nameEn: c.nameEn, count: c.titleCount, badge: c.code }))}
          />
        )}
      </Section>
    </Container>
  );
}
