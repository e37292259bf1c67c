import { CommentsScreen } from '../../features/ops/comments-screen';

/** `/admin/comments`. */
export default function AdminCommentsRoute() {
  return <CommentsScreen />;
}
