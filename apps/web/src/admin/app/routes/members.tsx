import { MembersScreen } from '../../features/members/members-screen';

/** `/admin/members`. */
export default function AdminMembersRoute() {
  return <MembersScreen />;
}
