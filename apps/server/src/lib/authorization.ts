import type { User } from '@comanda/shared';

/**
 * Who may do what (decision 009). One role per user: a `customer` orders; `staff` work at one or
 * more branches (rows of `staff_branches`) and act only on those; an `admin` acts on every
 * branch of the chain. Every staff and admin route asks `canActOnBranch` through
 * `app.authorize` (plugins/authorization.ts); nothing else decides.
 */
export const ROLES = ['customer', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that work for the chain; every `/api/staff` route admits them. */
export const STAFF_ROLES: readonly Role[] = ['staff', 'admin'];

/** What authorization needs to know about a user. */
export interface Actor {
  id: number;
  role: Role;
  /** The branches a staff member works at; empty for customers, and for admins, who have all. */
  branch_ids: readonly number[];
}

/** The user behind a live access token (an HTTP request's or a socket's). */
export interface SessionUser extends User, Actor {
  sessionId: number;
}

export function canActOnBranch(user: Actor, branchId: number): boolean {
  if (user.role === 'admin') return true;
  if (user.role === 'staff') return user.branch_ids.includes(branchId);
  return false;
}
