import { ChangePasswordScreen } from '../../../features/auth/components/change-password-screen';

/** `user/edit-password`. */
export default function UserEditPasswordRoute() {
  return <ChangePasswordScreen />;
}
