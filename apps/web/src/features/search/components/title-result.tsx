import Box from '@mui/material/Box';
import type { TitleSearchResult } from '@parde/contract';
import { toPersianDigits } from '../../../lib/persian';
import posterFallback from '../assets/poster-fallback.svg';
import { ImdbRating } from './imdb-rating';
import { ResultImage } from './result-image';
import { English, Line } from './result-option';
import { RottenTomatoes } from './rotten-tomatoes';

/** The inside of a title option: poster, both titles, year, genres, IMDb and Rotten Tomatoes. */
export function TitleResult({ title }: { title: TitleSearchResult }) {
  const meta = [title.year !== null ? toPersianDigits(title.year) : null, title.genres.map((g) => g.titleFa).join('، ') || null]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <ResultImage src={title.poster} fallback={posterFallback} width={46} height={68} />
      <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
        {title.titleFa ? (
          <>
            <Line strong>{toPersianDigits(title.titleFa)}</Line>
            <Line secondary>
              <English>{title.titleEn}</English>
            </Line>
          </>
        ) : (
          <Line strong>
            <English>{title.titleEn}</English>
          </Line>
        )}
        {meta && <Line secondary>{meta}</Line>}
        {title.rottenTomatoes.rtMeter !== null && (
          <Line secondary>
            <RottenTomatoes rt={title.rottenTomatoes} />
          </Line>
        )}
      </Box>
      <ImdbRating rating={title.rating} />
    </>
  );
}
