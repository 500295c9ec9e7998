/**
 * Who may call an endpoint, declared by its contract entry (decision 063) and enforced from it:
 * the server installs the guard from this (apps/server/src/lib/route.ts), the API document states
 * the bearer token from it. Zod-free: the endpoint tables next to it are the browser's.
 */

/** The roles that work for the chain (a customer is any signed-in `user`). */
export type WorkRole = 'staff' | 'admin' | 'courier';

export type Access =
  /** Anyone, with or without a session. */
  | 'public'
  /** Anyone; a session, when the request carries one, is read (a product's `favorite`). */
  | 'optional'
  /** Any signed-in account: 401 without a live token. */
  | 'user'
  /**
   * Signed-in staff or admins: 401 without a token, 403 for another role or a missing second
   * factor, and with `branch`, 404 when the thing the request names does not exist and 403 when
   * the account may not act on its branch (the route supplies how to find that branch).
   */
  | { readonly roles: readonly WorkRole[]; readonly branch?: boolean };

/** Staff of any branch, or an admin: the console's routes that name no branch. */
export const staffAccess = { roles: ['staff', 'admin'] } as const;
/** Staff of the branch the request acts on, or an admin. */
export const branchAccess = { roles: ['staff', 'admin'], branch: true } as const;
/** Anyone who works for the chain: the console's "who am I", which decides the screen it opens. */
export const panelAccess = { roles: ['staff', 'admin', 'courier'] } as const;
/** A courier's phone, on any of their branches (decision 068). */
export const courierAccess = { roles: ['courier'] } as const;
/** A courier of the branch the request acts on (their trip's, their order's). */
export const courierBranchAccess = { roles: ['courier'], branch: true } as const;
/** The back office. */
export const adminAccess = { roles: ['admin'] } as const;

/** Whether the endpoint asks for `Authorization: Bearer <access_token>` (the document's `bearerAuth`). */
export const needsToken = (access: Access): boolean => access !== 'public' && access !== 'optional';
