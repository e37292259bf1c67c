import { ContinueWatchingRow } from '../../features/account/components/continue-watching-row';
import { useSession } from '../../features/auth';
import { TitleListScreen } from '../../features/catalogue/components/title-list-screen';

/** `/`: picks, a member's continue-watching row, then the list for the filters in the URL. */
export default function HomeRoute() {
  const { isMember } = useSession();
  return <TitleListScreen belowPicks={isMember ? <ContinueWatchingRow /> : undefined} />;
}
