import { DashboardScreen } from '../../../features/account/components/dashboard-screen';
import { PaymentHistory } from '../../../features/premium/components/payment-history';
import { PremiumStatusCard } from '../../../features/premium/components/premium-status-card';
import { withMui } from '../../mui-scope';

/** `user/dashboard`: the account's screen with the premium feature's subscription box and receipts. */
function UserDashboardRoute() {
  return <DashboardScreen premium={<PremiumStatusCard />} after={<PaymentHistory />} />;
}

export default withMui(UserDashboardRoute);
