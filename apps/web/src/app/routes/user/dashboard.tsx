import { DashboardScreen } from '../../../features/account/components/dashboard-screen';

/** `user/dashboard`. */
export default function UserDashboardRoute() {
  return <DashboardScreen />;
}
