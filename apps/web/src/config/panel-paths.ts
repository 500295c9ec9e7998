/**
 * The console's screens, relative to /panel. Apart from `paths` so the storefront's first load,
 * which carries `paths`, does not carry these.
 */
export const panelPaths = {
  board: { path: '', getHref: () => '/panel' },
  controls: { path: 'controles', getHref: () => '/panel/controles' },
  day: { path: 'dia', getHref: () => '/panel/dia' },
  /** The chain's back office (admins only); its sections are relative to it. */
  admin: { path: 'admin/*', getHref: () => '/panel/admin' },
} as const;

/** The back office's sections, relative to /panel/admin. */
export const adminPaths = {
  menu: { path: 'menu/*', getHref: () => '/panel/admin/menu', label: 'Menú' },
  branches: { path: 'sedes/*', getHref: () => '/panel/admin/sedes', label: 'Sedes' },
  content: { path: 'contenido/*', getHref: () => '/panel/admin/contenido', label: 'Contenido' },
  staff: { path: 'personal/*', getHref: () => '/panel/admin/personal', label: 'Personal' },
  records: { path: 'registros/*', getHref: () => '/panel/admin/registros', label: 'Registros' },
  audit: { path: 'historial', getHref: () => '/panel/admin/historial', label: 'Historial' },
} as const;
