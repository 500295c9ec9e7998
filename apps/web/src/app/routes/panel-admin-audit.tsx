/** /panel/admin/historial (one chunk). */
export { AuditLog } from '@/features/admin-audit/components/audit-log';
