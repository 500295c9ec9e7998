import { AuditLog } from '@/features/admin-audit/components/audit-log';

/** /panel/admin/historial */
export default function PanelAdminAudit() {
  return <AuditLog />;
}
