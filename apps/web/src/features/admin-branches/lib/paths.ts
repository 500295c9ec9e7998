import { adminPaths } from '@/config/panel-paths';

/** The Sedes section's own screens, under /panel/admin/sedes. */
export const BRANCH_TABS = [
  { path: 'datos', label: 'Datos' },
  { path: 'horario', label: 'Horario' },
  { path: 'excepciones', label: 'Excepciones' },
  { path: 'zonas', label: 'Zonas de domicilio' },
] as const;
export type BranchTab = (typeof BRANCH_TABS)[number]['path'];

export const adminBranchesHref = {
  list: () => adminPaths.branches.getHref(),
  create: () => `${adminPaths.branches.getHref()}/nueva`,
  edit: (id: number, tab: BranchTab = 'datos') => `${adminPaths.branches.getHref()}/${id}/${tab}`,
};
