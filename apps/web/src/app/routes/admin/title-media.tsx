import { AdminPage } from '../../../features/admin/components/admin-page';

/** `/admin` section under construction in this branch. */
export default function AdminSectionRoute() {
  return <AdminPage title="در دست ساخت">این بخش هنوز ساخته نشده است.</AdminPage>;
}
