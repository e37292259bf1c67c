import { MemberScreen } from '../../features/members/member-screen';

/** `/admin/members/:id`. */
export default function AdminMemberRoute() {
  return <MemberScreen />;
}
