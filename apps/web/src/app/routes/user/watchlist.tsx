import { WatchlistScreen } from '../../../features/account/components/watchlist-screen';
import { withMui } from '../../mui-scope';

/** `user/watchlist`. */
function UserWatchlistRoute() {
  return <WatchlistScreen />;
}

export default withMui(UserWatchlistRoute);
