/** Kitchen stations (decision 072). Zod-free: see ../endpoints.ts. */

// The back office
export const getBranchStations = {
  method: 'GET',
  path: '/api/admin/branches/:id/stations',
} as const;
export const putBranchStations = {
  method: 'PUT',
  path: '/api/admin/branches/:id/stations',
} as const;
export const putProductStation = {
  method: 'PUT',
  path: '/api/admin/products/:id/station',
} as const;

// The kitchen
export const getStationItems = {
  method: 'GET',
  path: '/api/staff/branches/:id/stations/:stationId/items',
} as const;
export const getKitchenStations = {
  method: 'GET',
  path: '/api/staff/branches/:id/stations',
} as const;
export const bumpOrderItem = { method: 'POST', path: '/api/staff/order-items/:id/bump' } as const;
export const unbumpOrderItem = {
  method: 'POST',
  path: '/api/staff/order-items/:id/unbump',
} as const;
export const getExpo = { method: 'GET', path: '/api/staff/branches/:id/expo' } as const;
