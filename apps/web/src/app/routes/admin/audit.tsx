import { AuditScreen } from '../../../features/admin/components/audit-screen';

/** `/admin/audit`. */
export default function AdminAuditRoute() {
  return <AuditScreen />;
}
