import { ChangePasswordScreen } from '../../../features/auth/components/change-password-screen';
import { withMui } from '../../mui-scope';

/** `user/edit-password`. */
function UserEditPasswordRoute() {
  return <ChangePasswordScreen />;
}

export default withMui(UserEditPasswordRoute);
