import { GoPremiumScreen } from '../../features/premium/components/go-premium-screen';

/** `gopremium` (under RequireAuth): why premium, the plans compared, and the way in. */
export default function GoPremiumRoute() {
  return <GoPremiumScreen />;
}
