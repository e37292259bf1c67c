import { CommentsScreen } from '../../../features/admin/ops/comments-screen';

/** `/admin/comments`. */
export default function AdminCommentsRoute() {
  return <CommentsScreen />;
}
