import { DashboardScreen } from '../../../features/account/components/dashboard-screen';
import { useIsKids } from '../../../features/profiles';
import { PaymentHistory } from '../../../features/premium/components/payment-history';
import { PremiumStatusCard } from '../../../features/premium/components/premium-status-card';
import { withMui } from '../../mui-scope';

/**
 * `user/dashboard`: the account's screen with the premium feature's subscription box and receipts.
 * A kids profile sees neither: payments stay with the account's grown-ups.
 */
function UserDashboardRoute() {
  const kids = useIsKids();
  return <DashboardScreen premium={kids ? null : <PremiumStatusCard />} after={kids ? null : <PaymentHistory />} />;
}

export default withMui(UserDashboardRoute);
