// Orders taken by phone or at the counter (decision 087): staff find a customer by phone and
// place an order for them at their branch.
export const findCounterCustomers = {
  method: 'GET',
  path: '/api/staff/branches/:id/customers',
} as const;
export const placeStaffOrder = { method: 'POST', path: '/api/staff/branches/:id/orders' } as const;
