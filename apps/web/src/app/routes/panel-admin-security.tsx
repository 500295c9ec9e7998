/** /panel/admin/seguridad (one chunk). */
export { SecuritySettingsSection } from '@/features/second-factor/components/security-settings';
