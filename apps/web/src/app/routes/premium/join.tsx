import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/status-page';
import { NotForKids } from '../../../features/profiles/components/not-for-kids';
import { JoinScreen } from '../../../features/premium/components/join-screen';
import { parseId } from '../route-params';
import { withMui } from '../../mui-scope';

/** `premium/join/{id}` (under RequireAuth): `?mode=reserve` reserves instead of joining. */
function PremiumJoinRoute() {
  const params = useParams();
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  return (
    <NotForKids>
      <JoinScreen key={id} id={id} />
    </NotForKids>
  );
}

export default withMui(PremiumJoinRoute);
