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

/** A few hues so the tiles read as a palette, not a spreadsheet; text stays white on dark. */
const hues = [174, 200, 262, 330, 14, 38, 140, 290];

type Tile = { key: string; href: string; nameFa: string; nameEn: string; count: number; badge?: string };

function Tiles({ tiles, label, testId }: { tiles: Tile[]; label: string; testId: string }) {
  return (
    <ul aria-label={label} data-testid={testId} className="p-tiles">
      {tiles.map((tile, i) => {
        const hue = hues[i % hues.length]!;
        return (
          <li key={tile.key}>
            <RouterLink to={tile.href} className="p-tile" style={{ background: `linear-gradient(135deg, hsl(${hue} 45% 24%), hsl(${hue} 35% 14%))` }}>
              <span className="p-tile__top">
                <span className="p-tile__name">{tile.nameFa}</span>
                {tile.badge && (
                  <span dir="ltr" className="p-tile__badge p-latin">
                    {tile.badge}
                  </span>
                )}
              </span>
              <span className="p-tile__bottom">
                <span className="p-tile__count">{m.count(formatNumber(tile.count, 0))}</span>
                <EnglishName className="p-latin p-ellipsis p-en--tile">{tile.nameEn}</EnglishName>
              </span>
            </RouterLink>
          </li>
        );
      })}
    </ul>
  );
}

function TilesSkeleton({ count }: { count: number }) {
  return (
    <div className="p-tiles" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="p-skel p-tile-skel" />
      ))}
    </div>
  );
}

/** Genres and countries, each opening the home list filtered by it. Plain elements (theme/catalogue.css). */
export function CategoriesScreen() {
  useDocumentTitle(m.heading);
  const genres = useGenres();
  const countries = useCountries();
  return (
    <div className="p-container p-container--xl p-screen">
      <h1 className="p-screen__title">{m.heading}</h1>
      <p className="p-screen__intro">{m.intro}</p>
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
    </div>
  );
}
