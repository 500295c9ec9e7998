import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_MINUTES } from '@comanda/shared';
import type { ForgotPasswordBody, ResetPasswordBody } from '@comanda/shared';
import { invalidField } from '../../lib/http-error';
import { newPasswordProblem } from '../../lib/password-policy';
import { passwordWrite } from '../../lib/password-write';
import { enforceRateLimit, type RateLimiter } from '../../lib/rate-limiter';
import { hashToken, looksLikeToken, newAccessToken } from '../../lib/tokens';
import type { Mail } from '../mail/plugin';
import { mailTemplates } from '../mail/templates';
import type { PasswordResetRepository } from './password-reset-repository';
import type { AuthLimits } from './service';
import { nowDate, type Clock } from '../../lib/clock';

/**
 * "¿Olvidaste tu contraseña?" (ASVS 2.5): an emailed link whose token is random (256 bits),
 * stored only as its hash, spent on first use and dead after PASSWORD_RESET_MINUTES. Asking
 * answers the same whether or not the email has an account; both steps are rate limited per IP
 * and per account, as login is. A reset ends every session of the account (its sockets close)
 * and is announced by email.
 */
export function createPasswordReset(options: {
  repository: PasswordResetRepository;
  mail: Pick<Mail, 'enqueue' | 'nudge'>;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  /** Where the storefront lives: the link starts with it (never with a request's Host). */
  publicUrl: string;
  endAllSessions: (userId: number) => Promise<number>;
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
}) {
  const { repository, mail, rateLimiter, limits } = options;
  const now = () => nowDate(options.clock);
  const limit = (key: string, max: number) =>
    enforceRateLimit(rateLimiter, key, { limit: max, windowSeconds: limits.windowSeconds });
  const refuseToken = () => invalidField('token', PASSWORD_RESET_MESSAGES.invalidToken);

  return {
    async forgot(body: ForgotPasswordBody, ip: string): Promise<void> {
      await limit(`forgot-ip:${ip}`, limits.perIp);
      // Keyed by the email as typed (lower-cased), account or not: a 429 tells nothing either.
      await limit(`forgot-email:${body.email}`, limits.perAccount);
      const user = await repository.findUserByEmail(body.email);
      if (!user || user.deactivated_at !== null) return;
      const token = newAccessToken();
      const at = now();
      await repository.transaction(async (trx) => {
        await repository.insertToken(trx, {
          user_id: user.id,
          token_hash: hashToken(token),
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
        });
        await mail.enqueue(trx, {
          kind: 'password-reset',
          to: user.email,
          ...mailTemplates.passwordReset({
            name: user.name,
            link: `${options.publicUrl}/restablecer?token=${token}`,
            minutes: PASSWORD_RESET_MINUTES,
          }),
        });
      });
      mail.nudge();
    },

    async reset(body: ResetPasswordBody, ip: string): Promise<void> {
      await limit(`reset-ip:${ip}`, limits.perIp);
      if (!looksLikeToken(body.token)) throw refuseToken();
      const at = now();
      const found = await repository.findLiveToken(hashToken(body.token), at.toISOString());
      if (!found) throw refuseToken();
      await limit(`reset-account:${found.id}`, limits.perAccount);
      // Staff and admins are held to their own, longer rule, as when an admin sets theirs.
      const weak = await newPasswordProblem(body.password, found.role, {
        email: found.email,
        phone: found.phone,
        name: found.name,
      });
      if (weak) throw invalidField('password', weak);
      const writePassword = await passwordWrite(body.password);
      const changed = await repository.transaction(async (trx) => {
        if (!(await repository.spendTokens(trx, found.id, found.token_id, at.toISOString())))
          return false;
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
      await options.endAllSessions(found.id);
      mail.nudge();
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
