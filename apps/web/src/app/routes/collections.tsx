import { CollectionsScreen } from '../../features/collections/components/collections-screen';

/** `collections` */
function CollectionsRoute() {
  return <CollectionsScreen />;
}

export default CollectionsRoute;
