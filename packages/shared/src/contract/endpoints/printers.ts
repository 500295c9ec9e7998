/** A branch's thermal printers (decision 071). Zod-free: see ../endpoints.ts. */

// The back office
export const getBranchPrinters = {
  method: 'GET',
  path: '/api/admin/branches/:id/printers',
} as const;
export const createPrinter = { method: 'POST', path: '/api/admin/branches/:id/printers' } as const;
export const updatePrinter = {
  method: 'PUT',
  path: '/api/admin/branches/:id/printers/:printerId',
} as const;
export const deletePrinter = {
  method: 'DELETE',
  path: '/api/admin/branches/:id/printers/:printerId',
} as const;

// The console
export const getStaffPrinters = {
  method: 'GET',
  path: '/api/staff/branches/:id/printers',
} as const;
export const reprintOrder = { method: 'POST', path: '/api/staff/orders/:id/print' } as const;
