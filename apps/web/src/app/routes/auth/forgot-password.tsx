import { ForgotPasswordScreen } from '../../../features/auth/components/forgot-password-screen';
import { withMui } from '../../mui-scope';

/** `auth/forgot-password`. */
function AuthForgotPasswordRoute() {
  return <ForgotPasswordScreen />;
}

export default withMui(AuthForgotPasswordRoute);
