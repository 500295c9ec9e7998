/** A branch's couriers: dispatch at the counter and the courier's phone. Zod-free: see ../endpoints.ts. */

// The counter
export const getBranchCouriers = {
  method: 'GET',
  path: '/api/staff/branches/:id/couriers',
} as const;
export const createTrip = { method: 'POST', path: '/api/staff/trips' } as const;
export const updateTrip = { method: 'PUT', path: '/api/staff/trips/:id' } as const;
export const getBranchShifts = { method: 'GET', path: '/api/staff/branches/:id/shifts' } as const;
export const closeShift = { method: 'POST', path: '/api/staff/shifts/:id/close' } as const;

// The courier's phone
export const getCurrentTrip = { method: 'GET', path: '/api/courier/trips/current' } as const;
export const departTrip = { method: 'POST', path: '/api/courier/trips/:id/depart' } as const;
export const markDelivered = { method: 'POST', path: '/api/courier/orders/:id/delivered' } as const;
export const markFailed = { method: 'POST', path: '/api/courier/orders/:id/failed' } as const;
export const sendPosition = { method: 'POST', path: '/api/courier/position' } as const;
export const setShift = { method: 'POST', path: '/api/courier/shift' } as const;
