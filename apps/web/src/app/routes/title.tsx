import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth';
import { useIsKids } from '../../features/profiles';
import { COMMENTS_ANCHOR, CommentSection } from '../../features/comments';
import { primePlayInfo } from '../../features/player/api/get-play-info';
import { loadHls } from '../../features/player/lib/load-hls';
import { TitleScreen } from '../../features/titles/components/title-screen';
import { parseId } from './route-params';

/**
 * The watch screen's code, both its chunks at once: the route's (the same import as the
 * router's, so navigating finds it loaded) and hls.js. A failure here is retried by the router.
 */
function loadWatchCode(): void {
  void import('./watch').catch(() => undefined);
  void loadHls().catch(() => undefined);
}

/**
 * `titles/{id}/{slug}`: plain elements, no MUI (docs/decisions/0010; the comment form and dialogs
 * load theirs when needed). The session decides what the watchlist and like buttons do: a visitor
 * goes to login carrying this page, a member calls the API. The comment section is composed
 * here, where features meet: it needs to know who is reading to find their own comments. So is
 * the play button's warm-up: the player's code and play information, asked for early.
 */
function TitleRoute() {
  const params = useParams();
  const location = useLocation();
  const { isMember, user } = useSession();
  // A kids profile reads no comments and is shown no way to buying (the API refuses both too).
  const kids = useIsKids() && isMember;
  const id = parseId(params.id);
  // «تماشا» readies the watch screen early: its code when idle or approached, and at the press
  // the play information beside the code, so the player starts without asking for either.
  const watch = useMemo(
    () => ({
      loadCode: loadWatchCode,
      press: (titleId: number) => {
        loadWatchCode();
        primePlayInfo(titleId, null, isMember);
      },
    }),
    [isMember],
  );
  if (id === null) return <NotFoundPage />;
  const here = location.pathname + location.search;
  const access = { isMember, loginHref: paths.auth.login.getHref(here), kids };
  const viewer = isMember && user ? { id: user.id, name: user.name ?? '' } : null;
  const comments = kids ? null : <CommentSection titleId={id} viewer={viewer} loginHref={paths.auth.login.getHref(`${here}#${COMMENTS_ANCHOR}`)} />;
  return <TitleScreen key={id} id={id} slug={params.slug ?? ''} access={access} comments={comments} watch={watch} />;
}

export default TitleRoute;
