/** The catalogue and delivery: what the storefront's first screens read. Zod-free: see ../endpoints.ts. */

// Catalogue
export const getBranches = { method: 'GET', path: '/api/branch-office' } as const;
export const getCategories = { method: 'GET', path: '/api/category-client' } as const;
export const getBanners = { method: 'GET', path: '/api/banner' } as const;
export const getCategory = { method: 'GET', path: '/api/category/:slug/:branchId' } as const;
export const getProduct = { method: 'GET', path: '/api/products/:slug/:branchId' } as const;
/** The chain's menu before a branch is chosen: lowest prices, no ordering (chain-menu.ts). */
export const getChainCategory = { method: 'GET', path: '/api/menu/category/:slug' } as const;
export const getChainProduct = { method: 'GET', path: '/api/menu/products/:slug' } as const;
export const getPaymentTypes = { method: 'GET', path: '/api/cart-type-payment' } as const;
export const getParameters = { method: 'GET', path: '/api/parameters-segment/:segment' } as const;
export const getCoupon = { method: 'GET', path: '/api/coupon-branch/:id' } as const;
export const getSocialLinks = { method: 'GET', path: '/api/social-links' } as const;
/** The promotions in force at a branch now (product.md «Promotions»). */
export const getPromotions = { method: 'GET', path: '/api/promotions' } as const;

// Delivery
export const getNeighbourhoods = { method: 'GET', path: '/api/delivery/neighbourhoods' } as const;
export const getCoverage = { method: 'GET', path: '/api/delivery/coverage' } as const;

// Order ahead
export const getBranchSlots = { method: 'GET', path: '/api/branches/:id/slots' } as const;
