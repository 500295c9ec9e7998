import { addDays, chainDayRange, chainToday } from '@comanda/shared';
import {
  secondFactorRequired,
  secondFactorState,
  type Role,
  type SecondFactorState,
} from '../../lib/authorization';
import type { DbExecutor } from '../../db/types';
import { rolloutBranchIds } from './second-factor-repository';

// Asking staff for the second factor without stopping a service (decision 083): a session that
// was open when the chain began to ask keeps working for a grace period, while the console says
// until when; a new login is asked at once. The rollout can start with some branches.

/** How many of the chain's days a session opened before the requirement may wait to enrol. */
export const SECOND_FACTOR_GRACE_DAYS = 7;

/**
 * When the grace of a requirement that widened at `since` ends: the chain's midnight that closes
 * the seventh day after it, so it never runs out in the middle of a day's service.
 */
export const secondFactorGraceEnd = (since: Date): Date =>
  chainDayRange(addDays(chainToday(since), SECOND_FACTOR_GRACE_DAYS)).start;

/** Whether the staff requirement reaches anyone it did not before (turned on, or more branches). */
export function requirementWidened(
  before: { second_factor_staff: boolean; second_factor_staff_branch_ids: readonly number[] },
  after: { second_factor_staff: boolean; second_factor_staff_branch_ids: readonly number[] },
): boolean {
  if (!after.second_factor_staff) return false;
  if (!before.second_factor_staff) return true;
  const was = before.second_factor_staff_branch_ids;
  const now = after.second_factor_staff_branch_ids;
  if (was.length === 0) return false;
  return now.length === 0 || now.some((id) => !was.includes(id));
}

/** What a live session's row says of its account, its chain's settings and its age. */
export interface SessionFactorFacts {
  role: Role;
  totp_enabled_at: unknown;
  second_factor_at: unknown;
  second_factor_admins: number | null;
  second_factor_staff: number | null;
  second_factor_staff_since: string | Date | null;
  created_at: string | Date;
}

const at = (value: string | Date) => new Date(value).getTime();

/**
 * Where a session stands (`secondFactorState`) and, in `grace`, until when. The rollout's
 * branches are read only for staff the requirement may reach: every other session costs nothing.
 */
export async function sessionSecondFactor(
  db: DbExecutor,
  session: SessionFactorFacts,
  branchIds: readonly number[],
  now: Date,
): Promise<{ state: SecondFactorState; graceUntil: string | null }> {
  const account = {
    enabled: session.totp_enabled_at !== null,
    passed: session.second_factor_at !== null,
  };
  const staffRule = session.second_factor_staff === 1 && !account.enabled && !account.passed;
  const settings = {
    // No settings row (it is written by migration 020) reads as its defaults.
    second_factor_admins: (session.second_factor_admins ?? 1) === 1,
    second_factor_staff: session.second_factor_staff === 1,
    second_factor_staff_branch_ids: staffRule ? await rolloutBranchIds(db) : [],
  };
  const required = secondFactorRequired({ role: session.role, branch_ids: branchIds }, settings);
  const since = session.second_factor_staff_since;
  // Only the staff requirement has a grace: an admin's is the chain's default from the start.
  const graceUntil =
    required && session.role !== 'admin' && since !== null && at(session.created_at) < at(since)
      ? secondFactorGraceEnd(new Date(since))
      : null;
  const state = secondFactorState(session.role, account, { required, graceUntil }, now);
  return { state, graceUntil: state === 'grace' ? graceUntil!.toISOString() : null };
}
