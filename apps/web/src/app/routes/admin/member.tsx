import { MemberScreen } from '../../../features/admin/members/member-screen';

/** `/admin/members/:id`. */
export default function AdminMemberRoute() {
  return <MemberScreen />;
}
