import { AuditScreen } from '../../features/components/audit-screen';

/** `/admin/audit`. */
export default function AdminAuditRoute() {
  return <AuditScreen />;
}
