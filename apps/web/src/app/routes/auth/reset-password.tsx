import { ResetPasswordScreen } from '../../../features/auth/components/reset-password-screen';
import { withMui } from '../../mui-scope';

/** `auth/reset-password/{token}?email=…` from the mailed link. */
function AuthResetPasswordRoute() {
  return <ResetPasswordScreen />;
}

export default withMui(AuthResetPasswordRoute);
