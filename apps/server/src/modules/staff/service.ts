import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type StaffCreateBody,
  type StaffMember,
  type StaffPasswordBody,
  type StaffUpdateBody,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { HttpError, notFound } from '../../lib/http-error';
import { newPasswordProblem } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { AccountsService } from '../accounts/service';
import type { AuditActor, AuditService } from '../audit/service';
import type { StaffRepository, StaffRow } from './repository';

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

const member = (row: StaffRow): StaffMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  branch_ids: row.role === 'staff' ? row.branch_ids : [],
  active: row.deactivated_at === null,
  deactivated_at: row.deactivated_at === null ? null : iso(row.deactivated_at),
  created_at: iso(row.created_at),
});

/** What the change log keeps of an account: never its password or hash. */
const snapshot = (row: Pick<StaffRow, 'name' | 'email' | 'phone' | 'role' | 'branch_ids'>) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  branch_ids: row.role === 'staff' ? row.branch_ids : [],
});

const invalid = (errors: Record<string, string[]>) => new HttpError(400, MESSAGES.invalidBody, { errors });
const lastAdmin = () => new HttpError(409, STAFF_MESSAGES.lastAdmin);
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The back office's Personal: staff and admin accounts. Every change and its change log row
 * commit in one transaction. Whatever takes access away (deactivating, a new password, another
 * role or other branches) ends every session of the account once committed: its tokens stop
 * working and its open consoles are disconnected on every node (the sockets joined their rooms
 * with the old access). The chain always keeps one active admin.
 */
export function createStaffService(options: {
  repository: StaffRepository;
  audit: AuditService;
  accounts: AccountsService;
  now?: () => Date;
}) {
  const { repository, audit, accounts } = options;
  const now = options.now ?? (() => new Date());

  async function find(id: number): Promise<StaffRow> {
    const row = await repository.find(id);
    if (!row) throw notFound(STAFF_MESSAGES.notFound);
    return row;
  }

  /** Field errors for an email or phone another account has, and branches that do not exist. */
  async function fieldProblems(body: StaffUpdateBody, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    const taken = await repository.taken(body.email, body.phone, exceptId);
    if (taken.email) errors.email = [ACCOUNT_MESSAGES.emailTaken];
    if (taken.phone) errors.phone = [ACCOUNT_MESSAGES.phoneTaken];
    const wanted = body.role === 'staff' ? body.branch_ids : [];
    const branches = await repository.branches(wanted);
    if (branches.length !== wanted.length) errors.branch_ids = [STAFF_MESSAGES.branchUnknown];
    return { errors, branches };
  }

  const describe = (body: Pick<StaffUpdateBody, 'name' | 'role'>, branches: { title: string }[]) =>
    `${body.name} (${STAFF_ROLE_LABELS[body.role]}${body.role === 'staff' ? `: ${branches.map((b) => b.title).join(', ')}` : ''})`;

  /** Refuses, inside the change's transaction, to leave the chain without an active admin. */
  async function keepAnAdmin(executor: DbExecutor, target: StaffRow) {
    if (target.role !== 'admin' || target.deactivated_at !== null) return;
    const admins = await repository.lockActiveAdmins(executor);
    if (admins.filter((id) => id !== target.id).length === 0) throw lastAdmin();
  }

  async function reread(id: number) {
    return member(await find(id));
  }

  return {
    async list(): Promise<StaffMember[]> {
      return (await repository.list()).map(member);
    },

    async create(body: StaffCreateBody, actor: AuditActor): Promise<StaffMember> {
      const { errors, branches } = await fieldProblems(body);
      const weak = await newPasswordProblem(body.password, body.role, { email: body.email, phone: body.phone, name: body.name });
      if (weak) errors.password = [weak];
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const passwordHash = await hashPassword(body.password);
      const branchIds = branches.map((b) => b.id);

      const id = await repository.transaction(async (trx) => {
        const created = await repository.insert(trx, {
          name: body.name,
          email: body.email,
          phone: body.phone,
          role: body.role,
          password_hash: passwordHash,
          created_at: now().toISOString(),
        });
        if (created === null) return null;
        if (body.role === 'staff') await repository.setBranches(trx, created, branchIds);
        await audit.record(trx, actor, {
          action: 'create',
          entity: 'staff',
          entity_id: created,
          summary: `Creó la cuenta de ${describe(body, branches)}`,
          after: snapshot({ ...body, branch_ids: branchIds }),
        });
        return created;
      });
      // Another request took the email or the phone between the check and the insert.
      if (id === null) throw invalid((await fieldProblems(body)).errors);
      return reread(id);
    },

    async update(id: number, body: StaffUpdateBody, actor: AuditActor): Promise<StaffMember> {
      const target = await find(id);
      const { errors, branches } = await fieldProblems(body, id);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const branchIds = branches.map((b) => b.id);
      const before = snapshot(target);
      const after = snapshot({ ...body, branch_ids: branchIds });
      const accessChanged = before.role !== after.role || !sameIds(before.branch_ids, after.branch_ids);

      const saved = await repository.transaction(async (trx) => {
        if (body.role !== 'admin') await keepAnAdmin(trx, target);
        // Taken meanwhile: nothing more runs in this transaction (PostgreSQL has aborted it).
        if (!(await repository.update(trx, id, { name: body.name, email: body.email, phone: body.phone, role: body.role }))) return false;
        await repository.setBranches(trx, id, body.role === 'staff' ? branchIds : []);
        await audit.record(trx, actor, {
          action: 'update',
          entity: 'staff',
          entity_id: id,
          summary: `Editó la cuenta de ${describe(body, branches)}`,
          before,
          after,
        });
        return true;
      });
      if (!saved) throw invalid((await fieldProblems(body, id)).errors);
      if (accessChanged) await accounts.endAllSessions(id);
      return reread(id);
    },

    async resetPassword(id: number, body: StaffPasswordBody, actor: AuditActor): Promise<StaffMember> {
      const target = await find(id);
      const weak = await newPasswordProblem(body.password, target.role, { email: target.email, phone: target.phone, name: target.name });
      if (weak) throw invalid({ password: [weak] });
      const passwordHash = await hashPassword(body.password);
      await repository.transaction(async (trx) => {
        await repository.setPasswordHash(trx, id, passwordHash);
        await audit.record(trx, actor, {
          action: 'reset_password',
          entity: 'staff',
          entity_id: id,
          summary: `Restableció la contraseña de ${target.name} (${target.email}); sus sesiones se cerraron`,
        });
      });
      await accounts.endAllSessions(id);
      return reread(id);
    },

    /** Idempotent: deactivating a deactivated account changes nothing. */
    async deactivate(id: number, actor: AuditActor): Promise<StaffMember> {
      const target = await find(id);
      if (target.deactivated_at !== null) return member(target);
      await repository.transaction(async (trx) => {
        await keepAnAdmin(trx, target);
        await repository.setDeactivated(trx, id, now().toISOString());
        await audit.record(trx, actor, {
          action: 'deactivate',
          entity: 'staff',
          entity_id: id,
          summary: `Desactivó la cuenta de ${target.name} (${target.email})`,
          before: { active: true },
          after: { active: false },
        });
      });
      // Its tokens already fail (a deactivated account's sessions are not live); this revokes
      // them and closes its open sockets on every node.
      await accounts.endAllSessions(id);
      return reread(id);
    },

    async activate(id: number, actor: AuditActor): Promise<StaffMember> {
      const target = await find(id);
      if (target.deactivated_at === null) return member(target);
      await repository.transaction(async (trx) => {
        await repository.setDeactivated(trx, id, null);
        await audit.record(trx, actor, {
          action: 'activate',
          entity: 'staff',
          entity_id: id,
          summary: `Reactivó la cuenta de ${target.name} (${target.email})`,
          before: { active: false },
          after: { active: true },
        });
      });
      return reread(id);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
