import { LogoutScreen } from '../../../features/auth/components/logout-screen';
import { withMui } from '../../mui-scope';

/** `auth/logout` (login required; the screen guards itself, see router.tsx). */
function AuthLogoutRoute() {
  return <LogoutScreen />;
}

export default withMui(AuthLogoutRoute);
