import { CollectionsScreen } from '../../features/collections/components/collections-screen';
import { withMui } from '../mui-scope';

/** `collections` */
function CollectionsRoute() {
  return <CollectionsScreen />;
}

export default withMui(CollectionsRoute);
