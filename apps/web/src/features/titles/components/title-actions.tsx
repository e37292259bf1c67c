import { formatNumber } from '@parde/persian';
import BookmarkAddedIcon from 'plain-icon:BookmarkAdded';
import BookmarkBorderIcon from 'plain-icon:BookmarkBorder';
import FavoriteIcon from 'plain-icon:Favorite';
import FavoriteBorderIcon from 'plain-icon:FavoriteBorder';
import { Link as RouterLink } from 'react-router';
import { EMPTY_MEMBER_STATE, useMemberTitleState } from '../api/get-member-title-state';
import { useToggleLike } from '../api/toggle-like';
import { useToggleWatchlist } from '../api/toggle-watchlist';
import { messages } from '../messages';

const a = messages.actions;

export type MemberAccess = {
  isMember: boolean;
  /** Where a visitor goes to sign in, carrying this page to come back to. */
  loginHref: string;
  /** A kids profile: no way to buying is shown (household profiles). */
  kids?: boolean;
};

/** An outlined button on the hero, which is dark whatever the theme (theme/title.css). */
const OUTLINED = 'p-btn p-btn--outlined p-title-hero__btn p-title-hero__btn--member p-title-hero__btn--nowrap';

/**
 * Watchlist and like. A visitor's buttons are links to the login page with the way back; a
 * member's call the API with an optimistic flip that rolls back if the call fails.
 */
export function TitleMemberActions({ titleId, access }: { titleId: number; access: MemberAccess }) {
  if (!access.isMember) {
    return (
      <>
        <RouterLink to={access.loginHref} tabIndex={0} title={a.loginFirst} data-testid="watchlist-button" className={OUTLINED}>
          <BookmarkBorderIcon className="p-start-icon" />
          {a.addToWatchlist}
        </RouterLink>
        <RouterLink to={access.loginHref} tabIndex={0} title={a.loginFirst} data-testid="like-button" className={OUTLINED}>
          <FavoriteBorderIcon className="p-start-icon" />
          {a.like}
        </RouterLink>
      </>
    );
  }
  return <MemberButtons titleId={titleId} />;
}

function MemberButtons({ titleId }: { titleId: number }) {
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
