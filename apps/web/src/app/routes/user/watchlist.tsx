import { WatchlistScreen } from '../../../features/account/components/watchlist-screen';

/** `user/watchlist`. */
export default function UserWatchlistRoute() {
  return <WatchlistScreen />;
}
