import { RegisterScreen } from '../../../features/auth/components/register-screen';

/** `auth/register`: where the guard sends advertising visitors (`ref=ad`). */
export default function AuthRegisterRoute() {
  return <RegisterScreen />;
}
