import { NewRequestScreen } from '../../../features/account/components/new-request-screen';
import { withMui } from '../../mui-scope';

/** `user/new-request`. */
function UserNewRequestRoute() {
  return <NewRequestScreen />;
}

export default withMui(UserNewRequestRoute);
