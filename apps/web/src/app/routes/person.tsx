import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { PersonScreen } from '../../features/people/components/person-screen';
import { parseId } from './route-params';

/** `people/{role}/{id}/{slug}`; a wrong slug or role is corrected. */
function PersonRoute() {
  const params = useParams();
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  return <PersonScreen key={id} id={id} role={params.role ?? ''} slug={params.slug ?? ''} />;
}

export default PersonRoute;
