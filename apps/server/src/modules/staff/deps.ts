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
import type { StaffRepository, StaffRow } from './repository';
import { isoInstant, isoOrNull } from '../../lib/iso-instant';

/** What Personal is given: one options object, built in plugin.ts. */
export interface StaffDeps {
  repository: StaffRepository;
  /** The back office's one write path (lib/admin-write.ts). */
  write: AdminWrite;
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

export async function find({ repository }: StaffDeps, id: number): Promise<StaffRow> {
  const row = await repository.find(id);
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
      const row = await deps.repository.find(id);
      return row ? member(row) : null;
    },
    notFound: STAFF_MESSAGES.notFound,
  };
}

/** Refuses, inside the change's transaction, to leave the chain without an active admin. */
export async function keepAnAdmin(
  { repository }: StaffDeps,
  executor: DbExecutor,
  target: StaffRow,
) {
  if (target.role !== 'admin' || target.deactivated_at !== null) return;
  const admins = await repository.lockActiveAdmins(executor);
  if (admins.filter((id) => id !== target.id).length === 0)
    throw conflict(STAFF_MESSAGES.lastAdmin);
}
