import type { User } from '@comanda/shared';

/**
 * Who may do what (decision 009). One role per user: a `customer` orders; `staff` work at one or
 * more branches (rows of `staff_branches`) and act only on those; an `admin` acts on every
 * branch of the chain. Every staff and admin route asks `canActOnBranch` through
 * `app.authorize` (plugins/authorization.ts); nothing else decides.
 */
export const ROLES = ['customer', 'staff', 'courier', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that work for the chain; every `/api/staff` route admits them. */
export const STAFF_ROLES: readonly Role[] = ['staff', 'admin'];

/**
 * Where a session stands with the second factor (decision 044): `passed` it at login or at
 * enrolment; `not_needed` (a customer, or staff the chain does not ask for it and who have not
 * turned it on); `enrol`: the chain asks the account's role for it and it has none yet; `code`:
 * the account has it and this session did not pass it (a storefront login, or one from before
 * the enrolment); `grace`: it must enrol, but this session was open before the chain asked and
 * keeps working until its grace ends (decision 083). Only `passed`, `not_needed` and `grace` may
 * use staff and admin routes.
 */
export type SecondFactorState = 'passed' | 'not_needed' | 'grace' | 'enrol' | 'code';

/** The chain's settings: which roles must have the second factor, and staff at which branches. */
export interface SecondFactorSettings {
  second_factor_admins: boolean;
  second_factor_staff: boolean;
  /** The branches whose staff must have it; empty: every branch. */
  second_factor_staff_branch_ids: readonly number[];
}

export function secondFactorRequired(
  user: { role: Role; branch_ids: readonly number[] },
  settings: SecondFactorSettings,
): boolean {
  if (user.role === 'admin') return settings.second_factor_admins;
  // A courier works for a branch as its staff do: the same rule (decision 068).
  if (user.role !== 'staff' && user.role !== 'courier') return false;
  const rollout = settings.second_factor_staff_branch_ids;
  return (
    settings.second_factor_staff &&
    (rollout.length === 0 || user.branch_ids.some((id) => rollout.includes(id)))
  );
}

/** Whether the account must enrol, and until when a session opened before it was asked may wait. */
export interface SecondFactorRequirement {
  required: boolean;
  /** Null: no grace (the session was opened after the chain asked, or the rule is not new). */
  graceUntil: Date | null;
}

export function secondFactorState(
  role: Role,
  account: { enabled: boolean; passed: boolean },
  requirement: SecondFactorRequirement,
  now: Date,
): SecondFactorState {
  if (role === 'customer') return 'not_needed';
  if (account.passed) return 'passed';
  if (account.enabled) return 'code';
  if (!requirement.required) return 'not_needed';
  return requirement.graceUntil !== null && now < requirement.graceUntil ? 'grace' : 'enrol';
}

/** What authorization needs to know about a user. */
export interface Actor {
  id: number;
  role: Role;
  /** The branches a staff member or courier works at; empty for customers, and for admins, who have all. */
  branch_ids: readonly number[];
  /** Staff and admin powers wait for it (`secondFactorMissing`). */
  second_factor: SecondFactorState;
}

/** The session may not use staff or admin powers until it passes (or enrols) the second factor. */
export const secondFactorMissing = (user: Actor) =>
  user.second_factor === 'enrol' || user.second_factor === 'code';

/** The user behind a live access token (an HTTP request's or a socket's). */
export interface SessionUser extends User, Actor {
  sessionId: number;
  /** Until when a session in `grace` may wait to enrol (ISO instant); null in every other state. */
  second_factor_grace_until: string | null;
}

export function canActOnBranch(user: Actor, branchId: number): boolean {
  if (secondFactorMissing(user)) return false;
  if (user.role === 'admin') return true;
  // A courier acts on their branches only through the courier routes (their roles admit nobody else).
  if (user.role === 'staff' || user.role === 'courier') return user.branch_ids.includes(branchId);
  return false;
}
