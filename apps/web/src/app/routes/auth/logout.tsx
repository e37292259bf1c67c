import { LogoutScreen } from '../../../features/auth/components/logout-screen';

/** `auth/logout` (login required; the screen guards itself, see router.tsx). */
export default function AuthLogoutRoute() {
  return <LogoutScreen />;
}
