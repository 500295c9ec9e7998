/**
 * Links to the console's and the back office's screens (their routes are declared in
 * app/panel-routes.tsx). A module of its own, apart from the storefront's `paths`: the
 * storefront's first load carries `paths`, never these.
 */
const PANEL = '/panel';
const ADMIN = `${PANEL}/admin`;

export const panelHref = {
  board: () => PANEL,
  controls: () => `${PANEL}/controles`,
  day: () => `${PANEL}/dia`,
  /** An order taken by phone or at the counter (decision 087). */
  newOrder: () => `${PANEL}/nuevo-pedido`,
  security: () => `${PANEL}/seguridad`,
  /** One branch's Informes, for its staff (the chain's are `insights`). */
  branchInsights: () => `${PANEL}/informes`,
  /** The kitchen's screens (decision 072): the picker, a station's, the expo's. */
  kitchen: () => `${PANEL}/cocina`,
  kitchenStation: (id: number) => `${PANEL}/cocina/${id}`,
  kitchenExpo: () => `${PANEL}/cocina/expo`,
  /** The courier's phone: a courier's only screen (app/routes/panel.tsx sends them there). */
  courier: () => `${PANEL}/reparto`,
  admin: () => ADMIN,
  insights: () => `${ADMIN}/informes`,
  menu: () => `${ADMIN}/menu`,
  products: () => `${ADMIN}/menu/productos`,
  newProduct: (categoryId?: number) =>
    `${ADMIN}/menu/productos/nuevo${categoryId ? `?categoria=${categoryId}` : ''}`,
  product: (id: number) => `${ADMIN}/menu/productos/${id}`,
  prices: () => `${ADMIN}/menu/precios`,
  menuCsv: () => `${ADMIN}/menu/hoja-de-calculo`,
  branches: () => `${ADMIN}/sedes`,
  newBranch: () => `${ADMIN}/sedes/nueva`,
  branch: (id: number, tab: 'datos' | 'horario' | 'excepciones' | 'zonas' = 'datos') =>
    `${ADMIN}/sedes/${id}/${tab}`,
  content: (tab = 'banners') => `${ADMIN}/contenido/${tab}`,
  promotions: () => `${ADMIN}/promociones`,
  staff: () => `${ADMIN}/personal`,
  newStaff: () => `${ADMIN}/personal/nueva`,
  staffMember: (id: number) => `${ADMIN}/personal/${id}`,
  records: (tab: 'descuento' | 'cortesias' = 'descuento') => `${ADMIN}/registros/${tab}`,
  payments: () => `${ADMIN}/pagos`,
  audit: () => `${ADMIN}/historial`,
  outbox: () => `${ADMIN}/correos`,
  securitySettings: () => `${ADMIN}/seguridad`,
  brand: () => `${ADMIN}/marca`,
} as const;
