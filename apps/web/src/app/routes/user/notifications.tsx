import { useCallback } from 'react';
import { NotificationsScreen } from '../../../features/account/components/notifications-screen';
import { useAuthStore, useSession } from '../../../features/auth';
import { withMui } from '../../mui-scope';

/** `user/notifications`: once they are marked read, the header dot goes (the two features meet here). */
function UserNotificationsRoute() {
  const { hasNewNotifications } = useSession();
  const onMarkedRead = useCallback(() => useAuthStore.getState().markNotificationsSeen(), []);
  return <NotificationsScreen hasNewNotifications={hasNewNotifications} onMarkedRead={onMarkedRead} />;
}

export default withMui(UserNotificationsRoute);
