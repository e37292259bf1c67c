import { formatNumber, toPersianDigits } from '@parde/persian';
import BookmarkAddedIcon from 'plain-icon:BookmarkAdded';
import BookmarkBorderIcon from 'plain-icon:BookmarkBorder';
import FavoriteIcon from 'plain-icon:Favorite';
import FavoriteBorderIcon from 'plain-icon:FavoriteBorder';
import StarIcon from 'plain-icon:Star';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { EMPTY_MEMBER_STATE, useMemberTitleState } from '../api/get-member-title-state';
import { useRateTitle } from '../api/rate-title';
import { useToggleLike } from '../api/toggle-like';
import { useToggleWatchlist } from '../api/toggle-watchlist';
import { messages } from '../messages';
import { OUTLINED } from './hero-button';

/*
 * The title page's controls that only a member has (the watchlist and like buttons that call the
 * API, their own rating): a chunk of their own, so a visitor's first visit does not load them.
 */

const a = messages.actions;
const r = messages.rating;
const SCORES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export function MemberButtons({ titleId }: { titleId: number }) {
  const state = useMemberTitleState(titleId, true);
  const watchlist = useToggleWatchlist(titleId);
  const like = useToggleLike(titleId);
  const s = state.data ?? EMPTY_MEMBER_STATE;
  return (
    <>
      <button
        type="button"
        tabIndex={watchlist.isPending ? -1 : 0}
        aria-pressed={s.inWatchlist}
        onClick={() => watchlist.mutate()}
        disabled={watchlist.isPending}
        data-testid="watchlist-button"
        className={s.inWatchlist ? 'p-btn p-btn--contained p-btn--lift p-title-hero__btn--solid' : OUTLINED}
      >
        {s.inWatchlist ? <BookmarkAddedIcon className="p-start-icon" /> : <BookmarkBorderIcon className="p-start-icon" />}
        {s.inWatchlist ? a.inWatchlist : a.addToWatchlist}
      </button>
      <button
        type="button"
        tabIndex={like.isPending ? -1 : 0}
        aria-pressed={s.liked}
        onClick={() => like.mutate()}
        disabled={like.isPending}
        data-testid="like-button"
        className={OUTLINED}
      >
        {s.liked ? <FavoriteIcon className="p-start-icon p-title-hero__liked" /> : <FavoriteBorderIcon className="p-start-icon" />}
        {s.liked ? a.liked : a.like}
        {s.likes > 0 && `، ${a.likes(formatNumber(s.likes, 0))}`}
      </button>
    </>
  );
}

/**
 * Ten buttons in one group: one Tab stop (the current score, else ۱), arrows move along the row
 * as it reads (right to left), Home and End jump to the ends, Enter or Space rates. The scores up
 * to the chosen one are filled, like stars.
 */
export function MemberRating({ titleId }: { titleId: number }) {
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
