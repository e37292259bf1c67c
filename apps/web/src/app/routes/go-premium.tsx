import { NotForKids } from '../../features/profiles/components/not-for-kids';
import { GoPremiumScreen } from '../../features/premium/components/go-premium-screen';
import { withMui } from '../mui-scope';

/** `gopremium` (under RequireAuth): why premium, the plans compared, and the way in. */
function GoPremiumRoute() {
  return (
    <NotForKids>
      <GoPremiumScreen />
    </NotForKids>
  );
}

export default withMui(GoPremiumRoute);
