/** /panel/admin/pagos: online payments and their refunds, with the reconciliation CSV (one chunk). */
export { PaymentsSection } from '@/features/admin-payments/components/payments-section';
