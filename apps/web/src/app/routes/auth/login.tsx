import { LoginScreen } from '../../../features/auth/components/login-screen';

/** `auth/login` (and `auth/login?token=…` from a mailed link). */
export default function AuthLoginRoute() {
  return <LoginScreen />;
}
