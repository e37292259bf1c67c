import { toPersianDigits } from '@parde/persian';
import StarIcon from 'plain-icon:Star';
import StarBorderIcon from 'plain-icon:StarBorder';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { EMPTY_MEMBER_STATE, useMemberTitleState } from '../api/get-member-title-state';
import { useRateTitle } from '../api/rate-title';
import { messages } from '../messages';
import type { MemberAccess } from './title-actions';

const r = messages.rating;
const SCORES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * The member's own 1–10 rating on the title page. A visitor gets a link to sign in that comes
 * back here (like the watchlist button). On the hero, which is dark whatever the theme: white on
 * near-black, white on the solid teal (theme/title.css).
 */
export function TitleRating({ titleId, access }: { titleId: number; access: MemberAccess }) {
  if (!access.isMember) {
    return (
      <div className="p-title-rating">
        <RouterLink to={access.loginHref} tabIndex={0} data-testid="rating-login" className="p-btn p-btn--outlined p-title-hero__btn p-title-hero__btn--member">
          <StarBorderIcon className="p-start-icon" />
          {r.login}
        </RouterLink>
      </div>
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
    <div data-testid="title-rating" className="p-title-rating p-title-rating--member">
      <div className="p-title-rating__head">
        <span id={labelId} className="p-bold">
          {r.label}
        </span>
        <span role="status" data-testid="my-rating" className="p-title-rating__status">
          {rating === null ? r.none : r.current(toPersianDigits(rating))}
        </span>
        {rating !== null && (
          <button type="button" tabIndex={0} onClick={() => choose(null)} aria-label={r.clearLabel} data-testid="clear-rating" className="p-btn p-btn--small p-title-rating__clear">
            {r.clear}
          </button>
        )}
      </div>
      <div role="group" aria-labelledby={labelId} aria-busy={rate.isPending} onKeyDown={move} className="p-title-rating__scores">
        {SCORES.map((n, i) => {
          const filled = rating !== null && n <= rating;
          const classes = ['p-bare-btn', 'p-title-rating__score', filled && 'p-title-rating__score--filled', n === rating && 'p-title-rating__score--chosen'];
          return (
            <button
              key={n}
              type="button"
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
              className={classes.filter(Boolean).join(' ')}
            >
              {n === rating ? <StarIcon aria-hidden="true" className="p-title-rating__star" /> : null}
              {toPersianDigits(n)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
