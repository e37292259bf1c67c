import { HistoryScreen } from '../../../features/account/components/history-screen';

/** `user/history`. */
export default function UserHistoryRoute() {
  return <HistoryScreen />;
}
