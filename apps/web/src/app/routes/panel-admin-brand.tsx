/** /panel/admin/marca (one chunk). */
export { BrandSettingsSection } from '@/features/admin-brand/components/brand-settings';
