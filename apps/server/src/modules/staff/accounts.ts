import {
  ACCOUNT_MESSAGES,
  STAFF_MESSAGES,
  worksAtBranches,
  type StaffCreateBody,
  type StaffMember,
  type StaffUpdateBody,
} from '@comanda/shared';
import { invalid } from '../../lib/http-error';
import { newPasswordProblem } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { AuditActor } from '../audit/service';
import { mailTemplates } from '../mail/templates';
import { findBranches, setBranches } from './access-repository';
import { insertAccount, listStaffRows, takenContacts, updateAccount } from './accounts-repository';
import {
  accountVersion,
  describe,
  find,
  keepAnAdmin,
  member,
  reread,
  snapshot,
  type StaffDeps,
} from './deps';

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** Thrown inside a change to roll it back: another account took the email or phone meanwhile. */
class TakenMeanwhile extends Error {}

/** Field errors for an email or phone another account has, and branches that do not exist. */
async function fieldProblems({ write }: StaffDeps, body: StaffUpdateBody, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const taken = await takenContacts(write.reader, body.email, body.phone, exceptId);
  if (taken.email) errors.email = [ACCOUNT_MESSAGES.emailTaken];
  if (taken.phone) errors.phone = [ACCOUNT_MESSAGES.phoneTaken];
  const wanted = worksAtBranches(body.role) ? body.branch_ids : [];
  const branches = await findBranches(write.reader, wanted);
  if (branches.length !== wanted.length) errors.branch_ids = [STAFF_MESSAGES.branchUnknown];
  return { errors, branches };
}

/** A write that lost a race for an email or phone answers the same 400 as one that came late. */
async function orTaken<T>(
  deps: StaffDeps,
  body: StaffUpdateBody,
  exceptId: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TakenMeanwhile)
      throw invalid((await fieldProblems(deps, body, exceptId)).errors);
    throw error;
  }
}

export async function createStaff(
  deps: StaffDeps,
  body: StaffCreateBody,
  actor: AuditActor,
): Promise<StaffMember> {
  const { errors, branches } = await fieldProblems(deps, body);
  const weak = await newPasswordProblem(body.password, body.role, {
    email: body.email,
    phone: body.phone,
    name: body.name,
  });
  if (weak) errors.password = [weak];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  // Hashed before the transaction: argon2 takes a while, and a transaction should not.
  const passwordHash = await hashPassword(body.password);
  const branchIds = branches.map((b) => b.id);
  const fields = { name: body.name, email: body.email, phone: body.phone, role: body.role };
  const id = await orTaken(deps, body, undefined, () =>
    deps.write.write({
      actor,
      change: async (trx) => {
        const created = await insertAccount(trx, {
          ...fields,
          password_hash: passwordHash,
          created_at: deps.now().toISOString(),
        });
        if (created === null) throw new TakenMeanwhile();
        if (worksAtBranches(body.role)) await setBranches(trx, created, branchIds);
        const summary = `Creó la cuenta de ${describe(body, branches)}`;
        return {
          result: created,
          audit: {
            action: 'create',
            entity: 'staff',
            entity_id: created,
            summary,
            after: snapshot({ ...body, branch_ids: branchIds }),
          },
        };
      },
    }),
  );
  return reread(deps, id);
}

export async function updateStaff(
  deps: StaffDeps,
  id: number,
  body: StaffUpdateBody,
  actor: AuditActor,
): Promise<StaffMember> {
  const target = await find(deps, id);
  const { errors, branches } = await fieldProblems(deps, body, id);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const branchIds = branches.map((b) => b.id);
  const before = snapshot(target);
  const after = snapshot({ ...body, branch_ids: branchIds });
  await orTaken(deps, body, id, () =>
    deps.write.write({
      actor,
      version: accountVersion(deps, id, body.version),
      change: async (trx) => {
        if (body.role !== 'admin') await keepAnAdmin(deps, trx, target);
        if (
          !(await updateAccount(trx, id, {
            name: body.name,
            email: body.email,
            phone: body.phone,
            role: body.role,
          }))
        )
          throw new TakenMeanwhile();
        await setBranches(trx, id, worksAtBranches(body.role) ? branchIds : []);
        // The login changed: the address it had hears of it, in case that was not its owner's wish.
        if (body.email !== target.email)
          await deps.mail.enqueue(trx, {
            kind: 'email-changed',
            to: target.email,
            ...mailTemplates.emailChanged({ name: target.name, newEmail: body.email }),
          });
        return {
          result: undefined,
          audit: {
            action: 'update',
            entity: 'staff',
            entity_id: id,
            summary: `Editó la cuenta de ${describe(body, branches)}`,
            before,
            after,
          },
        };
      },
    }),
  );
  // Less (or other) access: the sessions opened with the old one end on every node. A new name,
  // email or phone only has every node read its sessions again.
  if (before.role !== after.role || !sameIds(before.branch_ids, after.branch_ids))
    await deps.accounts.endAllSessions(id);
  else deps.accounts.sessionsChanged([id]);
  deps.mail.nudge();
  return reread(deps, id);
}

/** Every staff and admin account, admins first. */
export const listStaff = async ({ write }: StaffDeps): Promise<StaffMember[]> =>
  (await listStaffRows(write.reader)).map(member);
