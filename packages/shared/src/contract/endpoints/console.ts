/** The branch console. Zod-free: see ../endpoints.ts. */

// Branch console
export const getStaffMe = { method: 'GET', path: '/api/staff/me' } as const;
export const getStaffBranches = { method: 'GET', path: '/api/staff/branches' } as const;
export const getStaffBranch = { method: 'GET', path: '/api/staff/branches/:id' } as const;
export const pauseBranch = { method: 'PUT', path: '/api/staff/branches/:id/pause' } as const;
export const setBranchRush = { method: 'PUT', path: '/api/staff/branches/:id/rush' } as const;
export const updateBranchSettings = {
  method: 'PUT',
  path: '/api/staff/branches/:id/settings',
} as const;
export const getStaffBranchProducts = {
  method: 'GET',
  path: '/api/staff/branches/:id/products',
} as const;
export const setProductAvailability = {
  method: 'PUT',
  path: '/api/staff/branches/:id/products/:productId/availability',
} as const;
export const setOptionAvailability = {
  method: 'PUT',
  path: '/api/staff/branches/:id/options/:optionId/availability',
} as const;
export const getBranchSummary = { method: 'GET', path: '/api/staff/branches/:id/summary' } as const;
export const getBranchDayCsv = { method: 'GET', path: '/api/staff/branches/:id/day.csv' } as const;
export const getBranchDayOrders = {
  method: 'GET',
  path: '/api/staff/branches/:id/orders',
} as const;

// A branch's orders and marketing rows, for its staff
export const changeOrderStatus = { method: 'POST', path: '/api/staff/orders/:id/status' } as const;
export const getStaffOrders = { method: 'GET', path: '/api/staff/orders' } as const;
export const getSuggestedPrepMinutes = {
  method: 'GET',
  path: '/api/staff/branches/:id/prep-minutes',
} as const;
export const getBranchDiscountSignups = {
  method: 'GET',
  path: '/api/staff/branches/:id/discount-signups',
} as const;
export const getBranchCourtesyReservations = {
  method: 'GET',
  path: '/api/staff/branches/:id/courtesy-reservations',
} as const;
