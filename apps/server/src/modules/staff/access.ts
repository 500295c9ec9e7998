import { SECOND_FACTOR_MESSAGES, type StaffMember, type StaffPasswordBody } from '@comanda/shared';
import { conflict, invalid } from '../../lib/http-error';
import { newPasswordProblem } from '../../lib/password-policy';
import { passwordWrite } from '../../lib/password-write';
import type { AuditActor } from '../audit/service';
import { mailTemplates } from '../mail/templates';
import { clearSecondFactor, setDeactivated } from './access-repository';
import { accountVersion, find, keepAnAdmin, member, reread, type StaffDeps } from './deps';

export async function resetPassword(
  deps: StaffDeps,
  id: number,
  body: StaffPasswordBody,
  actor: AuditActor,
): Promise<StaffMember> {
  const target = await find(deps, id);
  const weak = await newPasswordProblem(body.password, target.role, {
    email: target.email,
    phone: target.phone,
    name: target.name,
  });
  if (weak) throw invalid({ password: [weak] });
  const writePassword = await passwordWrite(body.password);
  await deps.write.write({
    actor,
    version: accountVersion(deps, id, body.version),
    change: async (trx) => {
      await writePassword(trx, id);
      await deps.mail.enqueue(trx, {
        kind: 'password-changed',
        to: target.email,
        ...mailTemplates.passwordChanged({ name: target.name, via: 'admin' }),
      });
      const summary = `Restableció la contraseña de ${target.name} (${target.email}); sus sesiones se cerraron`;
      return {
        result: undefined,
        audit: { action: 'reset_password', entity: 'staff', entity_id: id, summary },
      };
    },
  });
  await deps.accounts.endAllSessions(id);
  deps.mail.nudge();
  return reread(deps, id);
}

/** Idempotent: deactivating a deactivated account changes nothing. */
export async function deactivate(
  deps: StaffDeps,
  id: number,
  actor: AuditActor,
): Promise<StaffMember> {
  const target = await find(deps, id);
  if (target.deactivated_at !== null) return member(target);
  await deps.write.write({
    actor,
    version: accountVersion(deps, id, undefined),
    change: async (trx) => {
      await keepAnAdmin(deps, trx, target);
      await setDeactivated(trx, id, deps.now().toISOString());
      const summary = `Desactivó la cuenta de ${target.name} (${target.email})`;
      return {
        result: undefined,
        audit: {
          action: 'deactivate',
          entity: 'staff',
          entity_id: id,
          summary,
          before: { active: true },
          after: { active: false },
        },
      };
    },
  });
  // Its tokens already fail (a deactivated account's sessions are not live); this revokes
  // them and closes its open sockets on every node.
  await deps.accounts.endAllSessions(id);
  return reread(deps, id);
}

export async function activate(
  deps: StaffDeps,
  id: number,
  actor: AuditActor,
): Promise<StaffMember> {
  const target = await find(deps, id);
  if (target.deactivated_at === null) return member(target);
  await deps.write.write({
    actor,
    version: accountVersion(deps, id, undefined),
    change: async (trx) => {
      await setDeactivated(trx, id, null);
      const summary = `Reactivó la cuenta de ${target.name} (${target.email})`;
      return {
        result: undefined,
        audit: {
          action: 'activate',
          entity: 'staff',
          entity_id: id,
          summary,
          before: { active: false },
          after: { active: true },
        },
      };
    },
  });
  return reread(deps, id);
}

/**
 * For a lost phone (and its recovery codes): the account's second factor is forgotten and every
 * session of it ends. It logs in with its password again and, when the chain requires the
 * factor of its role, enrols a new one before anything else (decision 044).
 */
export async function resetSecondFactor(
  deps: StaffDeps,
  id: number,
  actor: AuditActor,
): Promise<StaffMember> {
  const target = await find(deps, id);
  if (target.totp_enabled_at === null) throw conflict(SECOND_FACTOR_MESSAGES.notEnabled);
  await deps.write.write({
    actor,
    version: accountVersion(deps, id, undefined),
    change: async (trx) => {
      await clearSecondFactor(trx, id);
      await deps.mail.enqueue(trx, {
        kind: 'second-factor',
        to: target.email,
        ...mailTemplates.secondFactorChanged({ name: target.name, change: 'admin-off' }),
      });
      const summary = `Quitó la verificación en dos pasos de ${target.name} (${target.email}); sus sesiones se cerraron`;
      return {
        result: undefined,
        audit: { action: 'reset_second_factor', entity: 'staff', entity_id: id, summary },
      };
    },
  });
  await deps.accounts.endAllSessions(id);
  deps.mail.nudge();
  return reread(deps, id);
}
