import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { useSession } from '../../features/auth';
import { FilesScreen } from '../../features/titles/components/files-screen';
import { parseId } from './route-params';

/** `titles/{id}/files`. The session decides whether the premium note speaks to a visitor or a member. */
function TitleFilesRoute() {
  const params = useParams();
  const { isMember } = useSession();
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  return <FilesScreen key={id} id={id} isMember={isMember} />;
}

export default TitleFilesRoute;
