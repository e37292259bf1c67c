import { Suspense } from 'react';
import { useSession } from '../../features/auth';
import { TitleListScreen } from '../../features/catalogue/components/title-list-screen';
import { lazyComponent } from '../../lib/lazy-route';

// Members only: a visitor's first visit does not load it.
const ContinueWatchingRow = lazyComponent(async () => ({ default: (await import('../../features/account/components/continue-watching-row')).ContinueWatchingRow }));

/** `/`: picks, a member's continue-watching row, then the list for the filters in the URL. */
export default function HomeRoute() {
  const { isMember } = useSession();
  const belowPicks = isMember ? (
    <Suspense fallback={null}>
      <ContinueWatchingRow />
    </Suspense>
  ) : undefined;
  return <TitleListScreen belowPicks={belowPicks} />;
}
