import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { formatRating } from '@parde/persian';
import { formatPercent, formatRatingValue } from './format';
import { messages } from './messages';

type RottenTomatoes = { rtMeter: number | null; rtStatus: 'fresh' | 'rotten' | 'certified' | null };

const sxList = (sx?: SxProps<Theme>) => (Array.isArray(sx) ? sx : [sx]);

/**
 * IMDb rating with the whole part large and the decimal small (spec §2, search results).
 * `solid` sits on images (fixed dark chip); otherwise it follows the theme.
 */
export function ImdbRating({ rating, size = 'small', solid = false, sx }: { rating: number | null; size?: 'small' | 'large'; solid?: boolean; sx?: SxProps<Theme> }) {
  if (rating === null) return null;
  const { whole, decimal } = formatRating(rating);
  const large = size === 'large';
  return (
    <Box
      component="span"
      role="img"
      aria-label={messages.imdbRating(formatRatingValue(rating))}
      data-testid="imdb-rating"
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          borderRadius: 1,
          lineHeight: 1,
          whiteSpace: 'nowrap',
          px: large ? 1 : 0.6,
          py: large ? 0.6 : 0.35,
          ...(solid ? { bgcolor: 'rgba(0,0,0,.78)', color: '#fff' } : {}),
        },
        ...sxList(sx),
      ]}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={{ bgcolor: '#f5c518', color: '#000', fontFamily: 'Rubik, sans-serif', fontWeight: 700, borderRadius: 0.5, px: 0.4, py: 0.2, fontSize: large ? '0.8rem' : '0.62rem' }}
      >
        {messages.imdb}
      </Box>
      <Box component="span" aria-hidden="true" sx={{ fontWeight: 700, fontSize: large ? '1.35rem' : '0.9rem' }}>
        {whole}
        <Box component="span" sx={{ fontSize: '0.72em', fontWeight: 500, opacity: 0.85 }}>
          ٫{decimal}
        </Box>
      </Box>
    </Box>
  );
}

function TomatoIcon({ status, size }: { status: RottenTomatoes['rtStatus']; size: number }) {
  if (status === 'rotten') {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2l2.2 4.6 5-1.6-2 4.8 4.8 2.2-4.8 2.2 2 4.8-5-1.6L12 22l-2.2-4.6-5 1.6 2-4.8L2 12l4.8-2.2-2-4.8 5 1.6z" fill="#0ac855" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="13.5" r="9" fill="#fa320a" />
      <path d="M8 4.5c1.5.3 2.7 1 4 2.2 1.3-1.2 2.5-1.9 4-2.2-.8 1.5-2 2.5-4 3-2-.5-3.2-1.5-4-3z" fill="#00912d" />
      {status === 'certified' && <path d="M8 13.5l3 3 5-6" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />}
    </svg>
  );
}

/** Rotten Tomatoes meter and status. */
export function RottenTomatoesBadge({ rt, size = 'small', solid = false, sx }: { rt: RottenTomatoes; size?: 'small' | 'large'; solid?: boolean; sx?: SxProps<Theme> }) {
  if (rt.rtMeter === null) return null;
  const status = rt.rtStatus ? (messages.rtStatus[rt.rtStatus] ?? '') : '';
  const large = size === 'large';
  return (
    <Box
      component="span"
      role="img"
      aria-label={messages.rottenTomatoes(formatPercent(rt.rtMeter), status)}
      data-testid="rt-badge"
      data-status={rt.rtStatus ?? undefined}
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          borderRadius: 1,
          lineHeight: 1,
          whiteSpace: 'nowrap',
          px: large ? 1 : 0.6,
          py: large ? 0.6 : 0.35,
          fontWeight: 700,
          fontSize: large ? '1.1rem' : '0.85rem',
          ...(solid ? { bgcolor: 'rgba(0,0,0,.78)', color: '#fff' } : {}),
        },
        ...sxList(sx),
      ]}
    >
      <TomatoIcon status={rt.rtStatus} size={large ? 22 : 15} />
      <span aria-hidden="true">{formatPercent(rt.rtMeter)}</span>
      {large && status && (
        <Box component="span" aria-hidden="true" sx={{ fontWeight: 400, fontSize: '0.8rem', opacity: 0.85 }}>
          {status}
        </Box>
      )}
    </Box>
  );
}
