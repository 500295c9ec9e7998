/**
 * The console's screens, relative to /panel. Apart from `paths` so the storefront's first load,
 * which carries `paths`, does not carry these.
 */
export const panelPaths = {
  board: { path: '', getHref: () => '/panel' },
  controls: { path: 'controles', getHref: () => '/panel/controles' },
  day: { path: 'dia', getHref: () => '/panel/dia' },
} as const;
