import { DashboardScreen } from '../../features/ops/dashboard-screen';

/** `/admin`: the dashboard. */
export default function AdminDashboardRoute() {
  return <DashboardScreen />;
}
