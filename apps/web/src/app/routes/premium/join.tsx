import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/status-page';
import { NotForKids } from '../../../features/profiles/components/not-for-kids';
import { useProfileStore } from '../../../features/profiles';
import { JoinScreen } from '../../../features/premium/components/join-screen';
import { parseId } from '../route-params';
import { withMui } from '../../mui-scope';

/**
 * `premium/join/{id}` (under RequireAuth): `?mode=reserve` reserves instead of joining. A profile
 * other than the main one pays with the account's password or the main PIN (decision 21).
 */
function PremiumJoinRoute() {
  const params = useParams();
  const notMain = useProfileStore((s) => s.profile !== null && !s.profile.main);
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  return (
    <NotForKids>
      <JoinScreen key={id} id={id} askHolderProof={notMain} />
    </NotForKids>
  );
}

export default withMui(PremiumJoinRoute);
