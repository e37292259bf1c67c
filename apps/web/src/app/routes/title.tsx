import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth';
import { useIsKids } from '../../features/profiles';
import { COMMENTS_ANCHOR, CommentSection } from '../../features/comments';
import { TitleScreen } from '../../features/titles/components/title-screen';
import { parseId } from './route-params';

/**
 * `titles/{id}/{slug}`: plain elements, no MUI (docs/decisions/0010; the comment form and dialogs
 * load theirs when needed). The session decides what the watchlist and like buttons do: a visitor
 * goes to login carrying this page, a member calls the API. The comment section is composed
 * here, where features meet: it needs to know who is reading to find their own comments.
 */
function TitleRoute() {
  const params = useParams();
  const location = useLocation();
  const { isMember, user } = useSession();
  // A kids profile reads no comments and is shown no way to buying (the API refuses both too).
  const kids = useIsKids() && isMember;
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  const here = location.pathname + location.search;
  const access = { isMember, loginHref: paths.auth.login.getHref(here), kids };
  const viewer = isMember && user ? { id: user.id, name: user.name ?? '' } : null;
  const comments = kids ? null : <CommentSection titleId={id} viewer={viewer} loginHref={paths.auth.login.getHref(`${here}#${COMMENTS_ANCHOR}`)} />;
  return <TitleScreen key={id} id={id} slug={params.slug ?? ''} access={access} comments={comments} />;
}

export default TitleRoute;
