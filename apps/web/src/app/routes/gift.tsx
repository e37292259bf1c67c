import { NotForKids } from '../../features/profiles/components/not-for-kids';
import { GiftScreen } from '../../features/premium/components/gift-screen';
import { withMui } from '../mui-scope';

/** `gift` (under RequireAuth): `?code=` prefills the redeem field, `?plan=` the plan to give. */
function GiftRoute() {
  return (
    <NotForKids>
      <GiftScreen />
    </NotForKids>
  );
}

export default withMui(GiftRoute);
