import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth';
import { TitleScreen } from '../../features/titles/components/title-screen';
import { parseId } from './route-params';

/**
 * `titles/{id}/{slug}`. The session decides what the watchlist and like buttons do: a visitor
 * goes to login carrying this page, a member calls the API.
 */
export default function TitleRoute() {
  const params = useParams();
  const location = useLocation();
  const { isMember } = useSession();
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  const access = { isMember, loginHref: paths.auth.login.getHref(location.pathname + location.search) };
  return <TitleScreen key={id} id={id} slug={params.slug ?? ''} access={access} />;
}
