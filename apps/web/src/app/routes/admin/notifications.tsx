import { NotificationsScreen } from '../../../features/admin/ops/notifications-screen';

/** `/admin/notifications` (admins only). */
export default function AdminNotificationsRoute() {
  return <NotificationsScreen />;
}
