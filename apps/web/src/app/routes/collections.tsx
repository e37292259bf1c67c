import { CollectionsScreen } from '../../features/collections/components/collections-screen';

/** `collections` */
export default function CollectionsRoute() {
  return <CollectionsScreen />;
}
