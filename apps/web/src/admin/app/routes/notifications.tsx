import { NotificationsScreen } from '../../features/ops/notifications-screen';

/** `/admin/notifications` (admins only). */
export default function AdminNotificationsRoute() {
  return <NotificationsScreen />;
}
