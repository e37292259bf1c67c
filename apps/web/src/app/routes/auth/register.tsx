import { RegisterScreen } from '../../../features/auth/components/register-screen';

/** `auth/register`: where the guard sends advertising visitors (`ref=ad`). */
function AuthRegisterRoute() {
  return <RegisterScreen />;
}

export default AuthRegisterRoute;
