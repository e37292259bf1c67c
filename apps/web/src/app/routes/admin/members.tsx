import { MembersScreen } from '../../../features/admin/members/members-screen';

/** `/admin/members`. */
export default function AdminMembersRoute() {
  return <MembersScreen />;
}
