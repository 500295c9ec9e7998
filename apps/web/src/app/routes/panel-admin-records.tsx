import { RecordsSection } from '@/features/admin-records/components/records-section';

/** /panel/admin/registros/*: discount signups and courtesy reservations, with CSV export. */
export default function PanelAdminRecords() {
  return <RecordsSection />;
}
