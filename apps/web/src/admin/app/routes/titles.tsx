import { TitlesScreen } from '../../features/catalogue/components/titles-screen';

/** `/admin/titles`. */
export default function AdminTitlesRoute() {
  return <TitlesScreen />;
}
