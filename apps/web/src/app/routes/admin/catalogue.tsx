import { CatalogueScreen } from '../../../features/admin/catalogue/components/catalogue-screen';

/** `/admin/catalogue`. */
export default function AdminCatalogueRoute() {
  return <CatalogueScreen />;
}
