import { DashboardScreen } from '../../../features/admin/ops/dashboard-screen';

/** `/admin`: the dashboard. */
export default function AdminDashboardRoute() {
  return <DashboardScreen />;
}
