import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { FilesScreen } from '../../features/titles/components/files-screen';
import { parseId } from './route-params';

/** `titles/{id}/files` */
export default function TitleFilesRoute() {
  const params = useParams();
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  return <FilesScreen key={id} id={id} />;
}
