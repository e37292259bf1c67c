import Box from '@mui/material/Box';
import { formatRating } from '@parde/persian';
import { messages } from '../messages';

/** The IMDb rating, whole part large and the decimal small (spec §2), in Persian digits. */
export function ImdbRating({ rating }: { rating: number | null }) {
  if (rating === null) return null;
  const { whole, decimal } = formatRating(rating);
  return (
    <Box
      component="span"
      data-testid="imdb"
      sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', flexShrink: 0, minWidth: 40, lineHeight: 1 }}
    >
      <span className="visually-hidden">{messages.imdbRatingPrefix}</span>
      {/* A number reads left to right even in a right-to-left row: ۸ then ٫۵. */}
      <Box component="span" dir="ltr" sx={{ display: 'inline-flex', alignItems: 'baseline' }}>
        <Box component="span" data-part="whole" sx={{ fontSize: '1.35rem', fontWeight: 700, color: 'text.primary' }}>
          {whole}
        </Box>
        <Box component="span" data-part="decimal" sx={{ fontSize: '0.8rem', fontWeight: 500, color: 'text.secondary' }}>
          ٫{decimal}
        </Box>
      </Box>
      <Box
        component="span"
        lang="en"
        aria-hidden="true"
        sx={{ mt: 0.5, px: 0.5, borderRadius: 0.5, fontSize: '0.625rem', fontWeight: 700, bgcolor: '#f5c518', color: '#000', fontFamily: 'Rubik, sans-serif' }}
      >
        {messages.imdb}
      </Box>
    </Box>
  );
}
