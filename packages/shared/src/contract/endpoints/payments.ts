/** Online payment (decision 061): the customer's, the provider's, the console's, the back office's. Zod-free: see ../endpoints.ts. */

// The customer's order and its money
export const payOrderAgain = { method: 'POST', path: '/api/orders/:id/payment' } as const;
export const checkOrderPayment = { method: 'POST', path: '/api/orders/:id/payment/check' } as const;
export const changeOrderPaymentMethod = {
  method: 'PUT',
  path: '/api/orders/:id/payment-method',
} as const;

// The provider's webhook
export const receivePaymentEvent = {
  method: 'POST',
  path: '/api/payments/:provider/events',
} as const;

// The console and the back office
export const refundOrder = { method: 'POST', path: '/api/staff/orders/:id/refund' } as const;
export const getAdminPayments = { method: 'GET', path: '/api/admin/payments' } as const;
export const getAdminPaymentsCsv = { method: 'GET', path: '/api/admin/payments.csv' } as const;
