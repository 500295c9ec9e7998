/** The catalogue and delivery: what the storefront's first screens read. Zod-free: see ../endpoints.ts. */

/**
 * `cache` marks the public answers kept outside the browser's HTTP cache (decision 063): the
 * server's fast path answers them from memory (decision 023), the service worker keeps the last
 * copy for offline use (decision 040). Both lists are made from these marks.
 */
const everywhere = { fastPath: true, offline: true } as const;
const offline = { fastPath: false, offline: true } as const;
const fastPath = { fastPath: true, offline: false } as const;

// Catalogue
export const getBranches = {
  method: 'GET',
  path: '/api/branch-office',
  cache: everywhere,
} as const;
export const getCategories = {
  method: 'GET',
  path: '/api/category-client',
  cache: everywhere,
} as const;
export const getBanners = { method: 'GET', path: '/api/banner', cache: everywhere } as const;
export const getCategory = {
  method: 'GET',
  path: '/api/category/:slug/:branchId',
  cache: everywhere,
} as const;
export const getProduct = {
  method: 'GET',
  path: '/api/products/:slug/:branchId',
  cache: everywhere,
} as const;
/** The chain's menu before a branch is chosen: lowest prices, no ordering (chain-menu.ts). */
export const getChainCategory = {
  method: 'GET',
  path: '/api/menu/category/:slug',
  cache: everywhere,
} as const;
export const getChainProduct = {
  method: 'GET',
  path: '/api/menu/products/:slug',
  cache: everywhere,
} as const;
export const getPaymentTypes = {
  method: 'GET',
  path: '/api/cart-type-payment',
  cache: everywhere,
} as const;
export const getParameters = {
  method: 'GET',
  path: '/api/parameters-segment/:segment',
  cache: everywhere,
} as const;
export const getCoupon = {
  method: 'GET',
  path: '/api/coupon-branch/:id',
  cache: fastPath,
} as const;
export const getSocialLinks = {
  method: 'GET',
  path: '/api/social-links',
  cache: everywhere,
} as const;

// Delivery
export const getNeighbourhoods = {
  method: 'GET',
  path: '/api/delivery/neighbourhoods',
  cache: offline,
} as const;
export const getCoverage = {
  method: 'GET',
  path: '/api/delivery/coverage',
  cache: offline,
} as const;

// Order ahead
export const getBranchSlots = { method: 'GET', path: '/api/branches/:id/slots' } as const;
