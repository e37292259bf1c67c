import { LoginScreen } from '../../../features/auth/components/login-screen';

/** `auth/login` (and `auth/login?token=…` from a mailed link). */
function AuthLoginRoute() {
  return <LoginScreen />;
}

export default AuthLoginRoute;
