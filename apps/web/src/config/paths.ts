/**
 * Every route of the storefront (product.md «Screens and routes») in one place: `path` is the router pattern,
 * `getHref` builds a link to it. Components never write a route as a string literal.
 */
export const paths = {
  landing: { path: '/', getHref: () => '/' },
  menu: { path: '/menu', getHref: () => '/menu' },
  cart: { path: '/carrito', getHref: () => '/carrito' },
  pickupBranches: { path: '/delivery-takeout', getHref: () => '/delivery-takeout' },
  category: {
    path: '/category/:slug',
    getHref: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  },
  product: {
    path: '/producto/:slug',
    getHref: (slug: string) => `/producto/${encodeURIComponent(slug)}`,
  },
  deliveryAddresses: { path: '/domicilio', getHref: () => '/domicilio' },
  addresses: { path: '/direcciones', getHref: () => '/direcciones' },
  checkout: { path: '/opciones-de-pago', getHref: () => '/opciones-de-pago' },
  confirmation: { path: '/confirmacion', getHref: () => '/confirmacion' },
  favorites: { path: '/favoritos', getHref: () => '/favoritos' },
  orders: { path: '/pedidos', getHref: () => '/pedidos' },
  /** Not in the original contract: one order's live status, linked from confirmation and history. */
  orderTracking: { path: '/pedidos/:id', getHref: (id: number) => `/pedidos/${id}` },
  /** Not in the original contract: the account (email, password, open sessions), linked from /pedidos. */
  sessions: { path: '/sesiones', getHref: () => '/sesiones' },
  /** `back`: where a successful login returns (a path of this app; anything else is ignored). */
  login: {
    path: '/login',
    getHref: (back?: string) => (back ? `/login?volver=${encodeURIComponent(back)}` : '/login'),
  },
  register: { path: '/registrate', getHref: () => '/registrate' },
  /** "¿Olvidaste tu contraseña?": asks for the link; the emailed link adds `?token=`. */
  passwordReset: { path: '/restablecer', getHref: () => '/restablecer' },
  discount: {
    path: '/descuento/:branch',
    getHref: (branch: string) => `/descuento/${encodeURIComponent(branch)}`,
  },
  discountConfirmation: {
    path: '/descuento-confirmacion/:branch',
    getHref: (branch: string) => `/descuento-confirmacion/${encodeURIComponent(branch)}`,
  },
  courtesy: {
    path: '/cortesia/:branch',
    getHref: (branch: string) => `/cortesia/${encodeURIComponent(branch)}`,
  },
  courtesyConfirmation: {
    path: '/cortesia-confirmacion/:branch',
    getHref: (branch: string) => `/cortesia-confirmacion/${encodeURIComponent(branch)}`,
  },
  socialNetworks: { path: '/redes-sociales', getHref: () => '/redes-sociales' },
  /** Optionally filtered by a dietary tag's code (`?etiqueta=vegetariano`, product.md «Search»). */
  search: {
    path: '/buscar',
    getHref: (tag?: string) =>
      tag === undefined ? '/buscar' : `/buscar?etiqueta=${encodeURIComponent(tag)}`,
  },
  /** product.md «Order ahead»: when the order is for, chosen before checkout (the menu's line). */
  schedule: { path: '/programar', getHref: () => '/programar' },
  /** The branch console for staff (its own lazy chunk); its screens' links are `panelHref` (panel-paths.ts). */
  panel: { path: '/panel/*', getHref: () => '/panel' },
} as const;

/**
 * The `volver` of a login link, when it is a path of this app: never another site (`//host`,
 * `/\host`, `https:`), which would make the login page an open redirect.
 */
export function returnPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
