import { ImportsScreen } from '../../features/media/imports-screen';

/** `/admin/imports`: IMDb dataset uploads and imports. */
export default function AdminImportsRoute() {
  return <ImportsScreen />;
}
