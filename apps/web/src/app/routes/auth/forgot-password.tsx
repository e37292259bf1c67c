import { ForgotPasswordScreen } from '../../../features/auth/components/forgot-password-screen';

/** `auth/forgot-password`. */
export default function AuthForgotPasswordRoute() {
  return <ForgotPasswordScreen />;
}
