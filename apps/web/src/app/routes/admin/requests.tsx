import { RequestsScreen } from '../../../features/admin/ops/requests-screen';

/** `/admin/requests`. */
export default function AdminRequestsRoute() {
  return <RequestsScreen />;
}
