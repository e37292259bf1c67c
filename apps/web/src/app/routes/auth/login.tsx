import { LoginScreen } from '../../../features/auth/components/login-screen';
import { withMui } from '../../mui-scope';

/** `auth/login` (and `auth/login?token=…` from a mailed link). */
function AuthLoginRoute() {
  return <LoginScreen />;
}

export default withMui(AuthLoginRoute);
