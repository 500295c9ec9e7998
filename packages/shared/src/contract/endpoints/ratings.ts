// A customer's rating of a finished order, and the back office's read of them all.
export const getOrderRating = { method: 'GET', path: '/api/orders/:id/rating' } as const;
export const rateOrder = { method: 'POST', path: '/api/orders/:id/rating' } as const;
export const getAdminRatings = { method: 'GET', path: '/api/admin/ratings' } as const;
