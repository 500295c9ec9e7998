import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_MINUTES } from '@comanda/shared';
import type { ForgotPasswordBody, ResetPasswordBody } from '@comanda/shared';
import { bind } from '../../lib/bind';
import { nowDate } from '../../lib/clock';
import { invalidField } from '../../lib/http-error';
import { newPasswordProblem } from '../../lib/password-policy';
import { passwordWrite } from '../../lib/password-write';
import { enforceRateLimit } from '../../lib/rate-limiter';
import { hashToken, looksLikeToken, newAccessToken } from '../../lib/tokens';
import { mailTemplates, SECRET_SLOT } from '../mail/templates';
import type { PasswordResetDeps } from './deps';
import {
  endLiveTokens,
  findLiveToken,
  findUserForReset,
  insertToken,
  spendTokens,
} from './password-reset-repository';

// "¿Olvidaste tu contraseña?" (ASVS 2.5): an emailed link whose token is random (256 bits),
// stored only as its hash, spent on first use and dead after PASSWORD_RESET_MINUTES; a new link
// ends the older ones. Asking answers the same, in the same time, whether or not the email has an
// account: the request only counts its limits and queues the rest (decision 076). The token
// reaches the outbox sealed and the link only at delivery (decision 075). Both steps are rate
// limited per IP and per account, as login is. A reset ends every session of the account (its
// sockets close) and is announced by email. Plain functions of their deps (decision 065).

const limit = ({ rateLimiter, limits }: PasswordResetDeps, key: string, max: number) =>
  enforceRateLimit(rateLimiter, key, { limit: max, windowSeconds: limits.windowSeconds });
const refuseToken = () => invalidField('token', PASSWORD_RESET_MESSAGES.invalidToken);

export async function forgotPassword(
  deps: PasswordResetDeps,
  body: ForgotPasswordBody,
  ip: string,
): Promise<void> {
  const { limits } = deps;
  await limit(deps, `forgot-ip:${ip}`, limits.perIp);
  // Keyed by the email as typed (lower-cased), account or not: a 429 tells nothing either.
  await limit(deps, `forgot-email:${body.email}`, limits.perAccount);
  // Whether there is an account is learnt after the answer, so its time cannot tell.
  if (!deps.background.push(() => sendResetLink(deps, body.email)))
    deps.onDropped('password reset queue full: a link was not sent');
}

/**
 * The work behind «¿Olvidaste tu contraseña?», off the request: for an active account, a new link
 * that ends the older ones, and its mail (the token sealed, decision 075); nothing otherwise.
 */
export async function sendResetLink(deps: PasswordResetDeps, email: string): Promise<void> {
  const { mail } = deps;
  const user = await findUserForReset(deps.db, email);
  if (!user || user.deactivated_at !== null) return;
  const token = newAccessToken();
  const at = nowDate(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    // Only the newest link works: one mailbox read later cannot use an older one.
    await endLiveTokens(trx, user.id, at.toISOString());
    await insertToken(trx, {
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
    });
    await mail.enqueue(trx, {
      kind: 'password-reset',
      to: user.email,
      secret: token,
      ...mailTemplates.passwordReset({
        name: user.name,
        link: `${deps.publicUrl}/restablecer?token=${SECRET_SLOT}`,
        minutes: PASSWORD_RESET_MINUTES,
      }),
    });
  });
  mail.nudge();
}

export async function resetPassword(
  deps: PasswordResetDeps,
  body: ResetPasswordBody,
  ip: string,
): Promise<void> {
  const { mail, limits } = deps;
  await limit(deps, `reset-ip:${ip}`, limits.perIp);
  if (!looksLikeToken(body.token)) throw refuseToken();
  const at = nowDate(deps.clock);
  const found = await findLiveToken(deps.db, hashToken(body.token), at.toISOString());
  if (!found) throw refuseToken();
  await limit(deps, `reset-account:${found.id}`, limits.perAccount);
  // Staff and admins are held to their own, longer rule, as when an admin sets theirs.
  const weak = await newPasswordProblem(body.password, found.role, {
    email: found.email,
    phone: found.phone,
    name: found.name,
  });
  if (weak) throw invalidField('password', weak);
  const writePassword = await passwordWrite(body.password);
  const changed = await deps.db.transaction().execute(async (trx) => {
    if (!(await spendTokens(trx, found.id, found.token_id, at.toISOString()))) return false;
    await writePassword(trx, found.id);
    await mail.enqueue(trx, {
      kind: 'password-changed',
      to: found.email,
      ...mailTemplates.passwordChanged({ name: found.name, via: 'reset' }),
    });
    return true;
  });
  if (!changed) throw refuseToken();
  // Whoever held the account (the reason for a reset, often) is out, sockets included.
  await deps.endAllSessions(found.id);
  mail.nudge();
}

/** The reset link, asked for and used, as app.passwordReset. */
export function createPasswordReset(deps: PasswordResetDeps) {
  return {
    forgot: bind(deps, forgotPassword),
    reset: bind(deps, resetPassword),
    /** Resolves once every link asked for so far has been made (or found unneeded). */
    settled: () => deps.background.idle(),
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
