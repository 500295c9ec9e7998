/** Informes: the chain's figures (admins) and one branch's (its staff). Zod-free: see ../endpoints.ts. */

// Every branch, or one with ?branch= (admins)
export const getChainSalesInsights = { method: 'GET', path: '/api/admin/insights/sales' } as const;
export const getChainHeatmapInsights = {
  method: 'GET',
  path: '/api/admin/insights/heatmap',
} as const;
export const getChainBranchesInsights = {
  method: 'GET',
  path: '/api/admin/insights/branches',
} as const;
export const getChainProductsInsights = {
  method: 'GET',
  path: '/api/admin/insights/products',
} as const;
export const getChainChannelsInsights = {
  method: 'GET',
  path: '/api/admin/insights/channels',
} as const;
export const getChainPromiseInsights = {
  method: 'GET',
  path: '/api/admin/insights/promise',
} as const;
export const getChainRefusalsInsights = {
  method: 'GET',
  path: '/api/admin/insights/refusals',
} as const;
export const getChainCustomersInsights = {
  method: 'GET',
  path: '/api/admin/insights/customers',
} as const;
/** Every branch at this moment. */
export const getChainLiveInsights = { method: 'GET', path: '/api/admin/insights/live' } as const;

// One branch (its staff, or an admin)
export const getBranchSalesInsights = {
  method: 'GET',
  path: '/api/staff/branches/:id/insights/sales',
} as const;
export const getBranchHeatmapInsights = {
  method: 'GET',
  path: '/api/staff/branches/:id/insights/heatmap',
} as const;
export const getBranchBranchesInsights = {
  method: 'GET',
  path: '/api/staff/branches/:id/insights/branches',
} as const;
export const getBranchProductsInsights = {
  method: 'GET',
  path: '/api/staff/branches/:id/insights/products',
} as const;
export const getBranchChannelsInsights = {
  method: 'GET',
  path: '/api/staff/branches/:id/insights/channels',
} as const;
export const getBranchPromiseInsights = {
  method: 'GET',
  path: '/api/staff/branches/:id/insights/promise',
} as const;
export const getBranchRefusalsInsights = {
  method: 'GET',
  path: '/api/staff/branches/:id/insights/refusals',
} as const;
export const getBranchCustomersInsights = {
  method: 'GET',
  path: '/api/staff/branches/:id/insights/customers',
} as const;
