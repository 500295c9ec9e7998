/** Password recovery and the back office's outbox. Zod-free: see ../endpoints.ts. */

export const forgotPassword = { method: 'POST', path: '/api/password/forgot' } as const;
export const resetPassword = { method: 'POST', path: '/api/password/reset' } as const;
export const getOutbox = { method: 'GET', path: '/api/admin/outbox' } as const;
