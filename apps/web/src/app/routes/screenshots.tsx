import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { ScreenshotsScreen } from '../../features/screenshots/components/screenshots-screen';
import { parseId } from './route-params';

/**
 * `screenshots/{id}`: login required (spec §2), so it sits under the router's `RequireAuth`,
 * which sends a visitor to login and back here after. Plain elements, no MUI (docs/decisions/0010).
 */
function ScreenshotsRoute() {
  const params = useParams();
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  return <ScreenshotsScreen key={id} id={id} />;
}

export default ScreenshotsRoute;
