/** /panel/admin/correos (one chunk). */
export { OutboxList } from '@/features/admin-mail/components/outbox-list';
