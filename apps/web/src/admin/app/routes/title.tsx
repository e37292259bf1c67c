import { useParams } from 'react-router';
import { TitleScreen } from '../../features/catalogue/components/title-screen';

/** `/admin/titles/:id` (`new` makes a title). */
export default function AdminTitleRoute() {
  const { id = '' } = useParams();
  return <TitleScreen key={id} id={id} />;
}
