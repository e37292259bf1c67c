import { ForgotPasswordScreen } from '../../../features/auth/components/forgot-password-screen';

/** `auth/forgot-password`. */
function AuthForgotPasswordRoute() {
  return <ForgotPasswordScreen />;
}

export default AuthForgotPasswordRoute;
