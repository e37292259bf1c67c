import { Link as RouterLink } from 'react-router';
import { StatusPage } from '../../../components/status-page';
import { paths } from '../../../config/paths';
import { adminMessages as m } from '../../features/messages';

/** `/admin/...` that is none of the panel's screens: said inside the panel's frame. */
export default function AdminNotFoundRoute() {
  return (
    <StatusPage
      code="۴۰۴"
      title={m.notFoundTitle}
      body={m.notFoundBody}
      actions={
        <RouterLink to={paths.admin.root.getHref()} className="p-btn p-btn--contained p-btn--secondary p-btn--lift" data-testid="admin-not-found-home">
          {m.toDashboard}
        </RouterLink>
      }
    />
  );
}
