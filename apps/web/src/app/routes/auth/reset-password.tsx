import { ResetPasswordScreen } from '../../../features/auth/components/reset-password-screen';

/** `auth/reset-password/{token}?email=…` from the mailed link. */
export default function AuthResetPasswordRoute() {
  return <ResetPasswordScreen />;
}
