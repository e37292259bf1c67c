import { HistoryScreen } from '../../../features/account/components/history-screen';
import { withMui } from '../../mui-scope';

/** `user/history`. */
function UserHistoryRoute() {
  return <HistoryScreen />;
}

export default withMui(UserHistoryRoute);
