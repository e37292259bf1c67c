import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { CollectionScreen } from '../../features/collections/components/collection-screen';
import { parseId } from './route-params';

/** `collections/{id}/{slug}`; a wrong slug is corrected. */
function CollectionRoute() {
  const params = useParams();
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  return <CollectionScreen key={id} id={id} slug={params.slug ?? ''} />;
}

export default CollectionRoute;
