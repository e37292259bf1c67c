import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TitleCard as TitleCardData } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import StarIcon from '@mui/icons-material/Star';
import { accentText } from './accent';
import { ArtImage } from './art-image';
import { formatYears } from './format';
import { messages } from './messages';
import { ImdbRating, RottenTomatoesBadge } from './rating-badges';

type Props = {
  title: TitleCardData;
  /** A query to add to the link (e.g. `dub=1` from the dubbed list). */
  linkSearch?: string;
  /** A line under the names: a character, an expected date… */
  note?: ReactNode;
  /** Shown on the poster's corner (a rank in a ranked collection). */
  rank?: number;
  priority?: boolean;
  /** The member's own rating, on their own lists (watchlist, history); nothing when unrated. */
  myRating?: number | null;
};

/** Text block for an English name inside the right-to-left page: kept left-to-right. */
export function EnglishName({ children, sx }: { children: ReactNode; sx?: object }) {
  return (
    <Box component="span" dir="ltr" lang="en" sx={{ display: 'block', textAlign: 'end', unicodeBidi: 'isolate', ...sx }}>
      {children}
    </Box>
  );
}

const chip = {
  borderRadius: 1,
  px: 0.75,
  py: 0.25,
  fontSize: '0.7rem',
  fontWeight: 700,
  lineHeight: 1.4,
  color: '#fff',
};

/**
 * A title in any list: poster with its badges, Persian and English names, years and ratings.
 * The whole card is one link.
 */
export function TitleCard({ title, linkSearch, note, rank, priority, myRating }: Props) {
  const nameFa = title.titleFa ?? title.titleEn;
  const years = formatYears(title.year, title.endYear, title.type === 'series');
  const href = linkSearch ? `${title.path}?${linkSearch}` : title.path;
  return (
    <Box
      component={RouterLink}
      to={href}
      data-testid="title-card"
      data-title-id={title.id}
      sx={{
        display: 'block',
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: 1.5,
        outlineOffset: 2,
        '&:hover img, &:focus-visible img': { transform: 'scale(1.04)' },
        '&:hover .card-name': { color: 'secondary.light' },
      }}
    >
      <Box sx={{ position: 'relative', borderRadius: 1.5, overflow: 'hidden', boxShadow: 2 }}>
        <ArtImage src={title.poster} alt="" kind="poster" eager={priority} imgSx={{ transition: 'transform .3s ease' }} />
        <Box sx={{ position: 'absolute', top: 6, insetInlineStart: 6, insetInlineEnd: 6, display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 0.5 }}>
          <ImdbRating rating={title.rating} solid />
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-end', marginInlineStart: 'auto' }}>
            {title.hasDub && <Box component="span" sx={{ ...chip, bgcolor: '#0b6b62' }}>{messages.dubbed}</Box>}
            {title.isFree && <Box component="span" sx={{ ...chip, bgcolor: '#1b5e20' }}>{messages.free}</Box>}
          </Box>
        </Box>
        {rank !== undefined && (
          <Box
            aria-hidden="true"
            sx={{ position: 'absolute', bottom: 0, insetInlineStart: 0, bgcolor: 'rgba(0,0,0,.8)', color: '#fff', fontWeight: 700, fontSize: '1.1rem', px: 1.25, py: 0.25, borderStartEndRadius: 8 }}
          >
            {toPersianDigits(rank)}
          </Box>
        )}
      </Box>
      <Box sx={{ pt: 1, px: 0.25 }}>
        <Typography className="card-name" component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '0.92rem', lineHeight: 1.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', transition: 'color .2s' }}>
          {nameFa}
        </Typography>
        {title.titleFa && (
          <EnglishName sx={{ color: 'text.secondary', fontSize: '0.78rem', lineHeight: 1.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontFamily: 'Rubik, sans-serif' }}>
            {title.titleEn}
          </EnglishName>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.25, color: 'text.secondary', fontSize: '0.78rem', minHeight: 22 }}>
          {years && <span>{years}</span>}
          {title.type === 'series' && <span>{messages.series}</span>}
          <RottenTomatoesBadge rt={title.rottenTomatoes} sx={{ px: 0, py: 0, fontSize: '0.78rem', fontWeight: 500 }} />
        </Box>
        {myRating != null && (
          <Box data-testid="card-my-rating" sx={[{ display: 'flex', alignItems: 'center', gap: 0.5, fontSize: '0.78rem', fontWeight: 700, mt: 0.25 }, accentText]}>
            <StarIcon aria-hidden="true" sx={{ fontSize: '0.9rem' }} />
            {messages.myRating(toPersianDigits(myRating))}
          </Box>
        )}
        {note && (
          <Box sx={{ color: 'text.secondary', fontSize: '0.78rem', mt: 0.25, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{note}</Box>
        )}
      </Box>
    </Box>
  );
}

/** The card's shape while its list loads. */
export function TitleCardSkeleton() {
  return (
    <Box aria-hidden="true" data-testid="title-card-skeleton">
      <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '2 / 3', borderRadius: 1.5 }} />
      <Skeleton variant="text" sx={{ mt: 1, width: '80%', fontSize: '0.92rem' }} />
      <Skeleton variant="text" sx={{ width: '55%', fontSize: '0.78rem' }} />
      <Skeleton variant="text" sx={{ width: '35%', fontSize: '0.78rem' }} />
    </Box>
  );
}
