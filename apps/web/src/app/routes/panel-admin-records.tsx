/** /panel/admin/registros/*: discount signups and courtesy reservations, with CSV export (one chunk). */
export {
  RecordsSection,
  ReservationsTab,
  SignupsTab,
} from '@/features/admin-records/components/records-section';
