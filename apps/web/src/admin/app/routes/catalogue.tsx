import { CatalogueScreen } from '../../features/catalogue/components/catalogue-screen';

/** `/admin/catalogue`. */
export default function AdminCatalogueRoute() {
  return <CatalogueScreen />;
}
