/** One branch's tabs in the Sedes section (their routes: app/panel-routes.tsx). */
export const BRANCH_TABS = [
  { path: 'datos', label: 'Datos' },
  { path: 'horario', label: 'Horario' },
  { path: 'excepciones', label: 'Excepciones' },
  { path: 'zonas', label: 'Zonas de domicilio' },
] as const;
export type BranchTab = (typeof BRANCH_TABS)[number]['path'];
