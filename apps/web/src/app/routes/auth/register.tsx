import { RegisterScreen } from '../../../features/auth/components/register-screen';
import { withMui } from '../../mui-scope';

/** `auth/register`: where the guard sends advertising visitors (`ref=ad`). */
function AuthRegisterRoute() {
  return <RegisterScreen />;
}

export default withMui(AuthRegisterRoute);
