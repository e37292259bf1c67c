import { NewRequestScreen } from '../../../features/account/components/new-request-screen';

/** `user/new-request`. */
export default function UserNewRequestRoute() {
  return <NewRequestScreen />;
}
