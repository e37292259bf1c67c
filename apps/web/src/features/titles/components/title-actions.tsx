import BookmarkBorderIcon from 'plain-icon:BookmarkBorder';
import FavoriteBorderIcon from 'plain-icon:FavoriteBorder';
import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-route';
import { messages } from '../messages';
import { OUTLINED } from './hero-button';

const a = messages.actions;

export type MemberAccess = {
  isMember: boolean;
  /** Where a visitor goes to sign in, carrying this page to come back to. */
  loginHref: string;
  /** A kids profile: no way to buying is shown (household profiles). */
  kids?: boolean;
};

// A member's buttons call the API: their code is fetched for members only.
const MemberButtons = lazyComponent<{ titleId: number }>(() => import('./member-title-controls').then((m) => ({ default: m.MemberButtons })));

/** Where a member's buttons will be, while their code loads: the same buttons, not yet pressable. */
function MemberButtonsPlaceholder() {
  return (
    <>
      <button type="button" disabled className={OUTLINED}>
        <BookmarkBorderIcon className="p-start-icon" />
        {a.addToWatchlist}
      </button>
      <button type="button" disabled className={OUTLINED}>
        <FavoriteBorderIcon className="p-start-icon" />
        {a.like}
      </button>
    </>
  );
}

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
  return (
    <Suspense fallback={<MemberButtonsPlaceholder />}>
      <MemberButtons titleId={titleId} />
    </Suspense>
  );
}
