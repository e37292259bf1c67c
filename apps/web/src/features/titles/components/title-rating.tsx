import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import { toPersianDigits } from '@parde/persian';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ACCENT_SOLID, ACCENT_SOLID_HOVER } from '../../../components/accent';
import { EMPTY_MEMBER_STATE, useMemberTitleState } from '../api/get-member-title-state';
import { useRateTitle } from '../api/rate-title';
import { messages } from '../messages';
import type { MemberAccess } from './title-actions';

const r = messages.rating;
const SCORES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** On the hero, which is dark whatever the theme: white on near-black, white on the solid teal. */
const outline = 'rgba(255,255,255,.45)';

/**
 * The member's own 1–10 rating on the title page. A visitor gets a link to sign in that comes
 * back here (like the watchlist button).
 */
export function TitleRating({ titleId, access }: { titleId: number; access: MemberAccess }) {
  if (!access.isMember) {
    return (
      <Box sx={{ mt: 2.5 }}>
        <Button
          component={RouterLink}
          to={access.loginHref}
          variant="outlined"
          startIcon={<StarBorderIcon />}
          data-testid="rating-login"
          sx={{ color: '#fff', borderColor: outline, '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,.08)' } }}
        >
          {r.login}
        </Button>
      </Box>
    );
  }
  return <MemberRating titleId={titleId} />;
}

/**
 * Ten buttons in one group: one Tab stop (the current score, else ۱), arrows move along the row
 * as it reads (right to left), Home and End jump to the ends, Enter or Space rates. The scores up
 * to the chosen one are filled, like stars.
 */
function MemberRating({ titleId }: { titleId: number }) {
  const state = useMemberTitleState(titleId, true);
  const rate = useRateTitle(titleId);
  const rating = (state.data ?? EMPTY_MEMBER_STATE).rating;
  const labelId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const tabStop = focusIndex ?? (rating ?? 1) - 1;

  const choose = (value: number | null) => {
    if (value === rating || rate.isPending) return;
    rate.mutate(value);
  };

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    // The page is right to left: the next score sits to the left.
    const steps: Record<string, (i: number) => number> = {
      ArrowLeft: (i) => Math.min(9, i + 1),
      ArrowUp: (i) => Math.min(9, i + 1),
      ArrowRight: (i) => Math.max(0, i - 1),
      ArrowDown: (i) => Math.max(0, i - 1),
      Home: () => 0,
      End: () => 9,
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const focused = buttons.current.indexOf(document.activeElement as HTMLButtonElement);
    buttons.current[step(focused >= 0 ? focused : tabStop)]?.focus();
  };

  return (
    <Box data-testid="title-rating" sx={{ mt: 2.5, maxWidth: 460 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, mb: 1, minHeight: 32 }}>
        <Box component="span" id={labelId} sx={{ fontWeight: 700 }}>
          {r.label}
        </Box>
        <Box component="span" role="status" data-testid="my-rating" sx={{ color: 'rgba(255,255,255,.85)', fontSize: '0.9rem' }}>
          {rating === null ? r.none : r.current(toPersianDigits(rating))}
        </Box>
        {rating !== null && (
          <Button
            size="small"
            onClick={() => choose(null)}
            aria-label={r.clearLabel}
            data-testid="clear-rating"
            sx={{ color: '#fff', textDecoration: 'underline', textUnderlineOffset: 4, minWidth: 0, px: 1, marginInlineStart: 'auto', '&:hover': { bgcolor: 'rgba(255,255,255,.08)', textDecoration: 'underline' } }}
          >
            {r.clear}
          </Button>
        )}
      </Box>
      <Box role="group" aria-labelledby={labelId} aria-busy={rate.isPending} onKeyDown={move} sx={{ display: 'flex', gap: 0.5 }}>
        {SCORES.map((n, i) => {
          const filled = rating !== null && n <= rating;
          return (
            <ButtonBase
              key={n}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              tabIndex={i === tabStop ? 0 : -1}
              aria-label={r.score(toPersianDigits(n))}
              aria-pressed={n === rating}
              onClick={() => choose(n)}
              onFocus={() => setFocusIndex(i)}
              data-testid="rating-option"
              data-value={n}
              sx={{
                flex: '1 1 0',
                minWidth: 0,
                maxWidth: 44,
                height: 40,
                borderRadius: 1,
                border: 1,
                // The chosen score also gets a white edge, so it stands out from the filled ones before it.
                borderColor: n === rating ? '#fff' : filled ? ACCENT_SOLID : outline,
                bgcolor: filled ? ACCENT_SOLID : 'transparent',
                color: '#fff',
                fontWeight: n === rating ? 800 : 500,
                fontSize: '0.95rem',
                '&:hover': { borderColor: '#fff', bgcolor: filled ? ACCENT_SOLID_HOVER : 'rgba(255,255,255,.08)' },
                '&.Mui-focusVisible': { outline: '2px solid #fff', outlineOffset: 2 },
              }}
            >
              {n === rating ? <StarIcon aria-hidden="true" sx={{ fontSize: '0.9rem', marginInlineEnd: 0.25, display: { xs: 'none', sm: 'inline-block' } }} /> : null}
              {toPersianDigits(n)}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
