import { useAuthStore } from '../stores/auth-store';

/** What the shell needs to know about the visitor: member or not, and the notification dot. */
export function useSession() {
  const user = useAuthStore((s) => s.user);
  const token = useAuthStore((s) => s.token);
  const isMember = Boolean(token && user);
  return { user, isMember, hasNewNotifications: isMember && Boolean(user?.newNotifications) };
}
