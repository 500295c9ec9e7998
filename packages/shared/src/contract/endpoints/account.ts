/** The customer's account, orders and marketing forms. Zod-free: see ../endpoints.ts. */

// Account and sessions
export const login = { method: 'POST', path: '/api/login' } as const;
export const register = { method: 'POST', path: '/api/register' } as const;
export const logout = { method: 'POST', path: '/api/logout' } as const;
export const getMe = { method: 'GET', path: '/api/me' } as const;
export const getSessions = { method: 'GET', path: '/api/sessions' } as const;
export const endOtherSessions = { method: 'DELETE', path: '/api/sessions/others' } as const;
export const endSession = { method: 'DELETE', path: '/api/sessions/:id' } as const;
export const changePassword = { method: 'PUT', path: '/api/account/password' } as const;
export const changeEmail = { method: 'PUT', path: '/api/account/email' } as const;

// The second factor of staff and admins (decision 044)
export const loginStaff = { method: 'POST', path: '/api/login/staff' } as const;
export const loginSecondFactor = { method: 'POST', path: '/api/login/totp' } as const;
export const getSecondFactor = { method: 'GET', path: '/api/account/second-factor' } as const;
export const setupSecondFactor = {
  method: 'POST',
  path: '/api/account/second-factor/setup',
} as const;
export const confirmSecondFactor = {
  method: 'POST',
  path: '/api/account/second-factor/confirm',
} as const;
export const disableSecondFactor = {
  method: 'POST',
  path: '/api/account/second-factor/disable',
} as const;

// Favourites and addresses
export const getFavorites = { method: 'GET', path: '/api/favorites' } as const;
export const toggleFavorite = { method: 'PUT', path: '/api/favorites/:id' } as const;
export const getAddresses = { method: 'GET', path: '/api/addresses' } as const;
export const createAddress = { method: 'POST', path: '/api/addresses' } as const;
export const updateAddress = { method: 'PUT', path: '/api/addresses/:id' } as const;
export const deleteAddress = { method: 'DELETE', path: '/api/addresses/:id' } as const;

// Orders (placement itself is the socket's `confirm-cart`)
export const getCartHistory = { method: 'GET', path: '/api/cart-history' } as const;
export const getOrder = { method: 'GET', path: '/api/orders/:id' } as const;
export const cancelOrder = { method: 'POST', path: '/api/orders/:id/cancel' } as const;
export const getReorder = { method: 'GET', path: '/api/orders/:id/reorder' } as const;

// Marketing forms
export const createDiscount = { method: 'POST', path: '/api/discount' } as const;
export const validateCourtesy = { method: 'POST', path: '/api/courtesy-validate' } as const;
