import { GoPremiumScreen } from '../../features/premium/components/go-premium-screen';
import { withMui } from '../mui-scope';

/** `gopremium` (under RequireAuth): why premium, the plans compared, and the way in. */
function GoPremiumRoute() {
  return <GoPremiumScreen />;
}

export default withMui(GoPremiumRoute);
