import { CREDENTIAL_MESSAGES, ACCOUNT_MESSAGES } from '@comanda/shared';
import type { ChangeEmailBody, ChangePasswordBody, User } from '@comanda/shared';
import type { SessionUser } from '../../lib/authorization';
import { bind } from '../../lib/bind';
import { invalidField } from '../../lib/http-error';
import { newPasswordProblem } from '../../lib/password-policy';
import { passwordWrite } from '../../lib/password-write';
import { verifyPassword } from '../../lib/passwords';
import { enforceRateLimit } from '../../lib/rate-limiter';
import { mailTemplates } from '../mail/templates';
import { emailTaken, findAccount, setEmail } from './credential-changes-repository';
import type { CredentialChangesDeps } from './deps';

// The account's own password and email, changed from /cuenta (ASVS 2.2.3, 2.5.5): each needs the
// current password, guesses at it are rate limited like login, and each change is announced by
// email to the address the account had before, written in the same transaction as the change
// (the outbox) so a change is never silent. A new password also ends every other session of the
// account: whoever else held it is out. Plain functions of their deps (decision 065).

/** The account, once its current password is proven (the attempt counted either way). */
async function provenAccount(
  { db, rateLimiter, limits }: CredentialChangesDeps,
  user: SessionUser,
  currentPassword: string,
  ip: string,
) {
  await enforceRateLimit(rateLimiter, `credentials-ip:${ip}`, {
    limit: limits.perIp,
    windowSeconds: limits.windowSeconds,
  });
  await enforceRateLimit(rateLimiter, `credentials-account:${user.id}`, {
    limit: limits.perAccount,
    windowSeconds: limits.windowSeconds,
  });
  const account = await findAccount(db, user.id);
  if (!account || !(await verifyPassword(account.password_hash, currentPassword)))
    throw invalidField('current_password', CREDENTIAL_MESSAGES.currentPasswordWrong);
  return account;
}

export async function changePassword(
  deps: CredentialChangesDeps,
  user: SessionUser,
  body: ChangePasswordBody,
  ip: string,
): Promise<void> {
  const { mail } = deps;
  const account = await provenAccount(deps, user, body.current_password, ip);
  // Staff and admins are held to their own, longer rule.
  const weak = await newPasswordProblem(body.password, account.role, account);
  if (weak) throw invalidField('password', weak);
  const writePassword = await passwordWrite(body.password);
  await deps.db.transaction().execute(async (trx) => {
    await writePassword(trx, account.id);
    await mail.enqueue(trx, {
      kind: 'password-changed',
      to: account.email,
      ...mailTemplates.passwordChanged({ name: account.name, via: 'account' }),
    });
  });
  await deps.endOtherSessions(user);
  mail.nudge();
}

export async function changeEmail(
  deps: CredentialChangesDeps,
  user: SessionUser,
  body: ChangeEmailBody,
  ip: string,
): Promise<User> {
  const { db, mail } = deps;
  const account = await provenAccount(deps, user, body.current_password, ip);
  if (body.email === account.email) throw invalidField('email', CREDENTIAL_MESSAGES.sameEmail);
  if (await emailTaken(db, body.email)) throw invalidField('email', ACCOUNT_MESSAGES.emailTaken);
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await setEmail(trx, account.id, body.email))) return false;
    // To the address it had: if someone else made the change, its owner hears of it there.
    await mail.enqueue(trx, {
      kind: 'email-changed',
      to: account.email,
      ...mailTemplates.emailChanged({ name: account.name, newEmail: body.email }),
    });
    return true;
  });
  // Another account took the email between the check and the update.
  if (!changed) throw invalidField('email', ACCOUNT_MESSAGES.emailTaken);
  deps.sessionsChanged([account.id]);
  mail.nudge();
  return { id: account.id, name: account.name, email: body.email, phone: account.phone };
}

/** The account's own password and email, as app.credentialChanges. */
export function createCredentialChanges(deps: CredentialChangesDeps) {
  return {
    changePassword: bind(deps, changePassword),
    changeEmail: bind(deps, changeEmail),
  };
}

export type CredentialChanges = ReturnType<typeof createCredentialChanges>;
