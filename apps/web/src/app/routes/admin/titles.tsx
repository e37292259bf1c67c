import { TitlesScreen } from '../../../features/admin/catalogue/components/titles-screen';

/** `/admin/titles`. */
export default function AdminTitlesRoute() {
  return <TitlesScreen />;
}
