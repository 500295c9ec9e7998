import {
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  worksAtBranches,
  type StaffMember,
  type StaffUpdateBody,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { AdminWrite, VersionCheck } from '../../lib/admin-write';
import { conflict, notFound } from '../../lib/http-error';
import type { AccountsService } from '../accounts/service';
import type { Mail } from '../mail/plugin';
import type { DialectName } from '../../db/dialect';
import { lockActiveAdmins } from './access-repository';
import { findStaffRow, type StaffRow } from './accounts-repository';
import { isoInstant, isoOrNull } from '../../lib/iso-instant';

/** What Personal's functions are given (decision 065): one object, built in plugin.ts. */
export interface StaffDeps {
  /** The back office's one write path (lib/admin-write.ts); a read outside a change takes its `reader`. */
  write: AdminWrite;
  /** PostgreSQL locks the active admins for the last-admin check; SQLite's writes run alone. */
  dialect: DialectName;
  /** Ends an account's sessions, or has every node read them again (decision 048). */
  accounts: Pick<AccountsService, 'endAllSessions' | 'sessionsChanged'>;
  /** A new password set by an admin is announced to the account (ASVS 2.2.3). */
  mail: Pick<Mail, 'enqueue' | 'nudge'>;
  now: () => Date;
}

export const member = (row: StaffRow): StaffMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  branch_ids: worksAtBranches(row.role) ? row.branch_ids : [],
  active: row.deactivated_at === null,
  deactivated_at: isoOrNull(row.deactivated_at),
  second_factor: row.totp_enabled_at !== null,
  created_at: isoInstant(row.created_at),
  version: row.version,
});

/** What the change log keeps of an account: never its password or hash. */
export const snapshot = (
  row: Pick<StaffRow, 'name' | 'email' | 'phone' | 'role' | 'branch_ids'>,
) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  branch_ids: worksAtBranches(row.role) ? row.branch_ids : [],
});

export const describe = (
  body: Pick<StaffUpdateBody, 'name' | 'role'>,
  branches: { title: string }[],
) =>
  `${body.name} (${STAFF_ROLE_LABELS[body.role]}${worksAtBranches(body.role) ? `: ${branches.map((b) => b.title).join(', ')}` : ''})`;

export async function find({ write }: StaffDeps, id: number): Promise<StaffRow> {
  const row = await findStaffRow(write.reader, id);
  if (!row) throw notFound(STAFF_MESSAGES.notFound);
  return row;
}

export const reread = async (deps: StaffDeps, id: number) => member(await find(deps, id));

/** An account's version: checked only once the account is known to be staff (customers share the table). */
export function accountVersion(
  deps: StaffDeps,
  id: number,
  expected: number | undefined,
): VersionCheck {
  return {
    claim: (trx: DbExecutor) => deps.write.repository.claimVersion(trx, 'users', id, expected),
    current: async () => {
      const row = await findStaffRow(deps.write.reader, id);
      return row ? member(row) : null;
    },
    notFound: STAFF_MESSAGES.notFound,
  };
}

/** Refuses, inside the change's transaction, to leave the chain without an active admin. */
export async function keepAnAdmin({ dialect }: StaffDeps, executor: DbExecutor, target: StaffRow) {
  if (target.role !== 'admin' || target.deactivated_at !== null) return;
  const admins = await lockActiveAdmins(executor, dialect);
  if (admins.filter((id) => id !== target.id).length === 0)
    throw conflict(STAFF_MESSAGES.lastAdmin);
}
