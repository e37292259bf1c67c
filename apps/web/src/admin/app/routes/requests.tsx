import { RequestsScreen } from '../../features/ops/requests-screen';

/** `/admin/requests`. */
export default function AdminRequestsRoute() {
  return <RequestsScreen />;
}
