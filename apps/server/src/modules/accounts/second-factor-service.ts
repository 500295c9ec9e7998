import {
  SECOND_FACTOR_MESSAGES,
  RECOVERY_CODE_COUNT,
  type SecondFactorSetup,
  type SecondFactorStatus,
  type SecuritySettings,
} from '@comanda/shared';
import type { AdminWrite } from '../../lib/admin-write';
import { secondFactorRequired, type SessionUser } from '../../lib/authorization';
import { conflict, forbidden, HttpError } from '../../lib/http-error';
import { enforceRateLimit, type RateLimiter } from '../../lib/rate-limiter';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../audit/service';
import type { Mail } from '../mail/plugin';
import { mailTemplates } from '../mail/templates';
import type { AccountsService, AuthLimits } from './service';
import {
  checkSecondFactorCode,
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  totpStep,
  totpUri,
} from './second-factor';
import type { SecondFactorRepository } from './second-factor-repository';
import { nowDate, type Clock } from '../../lib/clock';

const wrongCode = () =>
  new HttpError(400, SECOND_FACTOR_MESSAGES.wrongCode, {
    errors: { code: [SECOND_FACTOR_MESSAGES.wrongCode] },
  });

const SETTING_LABELS = {
  second_factor_admins: 'administración',
  second_factor_staff: 'personal de sede',
} as const;

/**
 * Enrolment in the second factor (decision 044), for staff and admins: a secret to scan, a code
 * that confirms it (which turns it on and answers the recovery codes, once), and the chain's
 * setting of who must have it.
 */
export function createSecondFactorService(options: {
  repository: SecondFactorRepository;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  write: AdminWrite;
  /** Turning the factor on or off is announced to the account (ASVS 2.5.5). */
  mail: Pick<Mail, 'enqueue' | 'nudge'>;
  /**
   * Whether an account has the factor, and whom the chain asks for it, decide what its sessions
   * may do: every node reads them again after a change (decision 048).
   */
  sessions: Pick<AccountsService, 'sessionsChanged' | 'chainSettingsChanged'>;
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
}) {
  const { repository } = options;
  const now = () => nowDate(options.clock);
  const notify = (trx: DbExecutor, to: { name: string; email: string }, change: 'on' | 'off') =>
    options.mail.enqueue(trx, {
      kind: 'second-factor',
      to: to.email,
      ...mailTemplates.secondFactorChanged({ name: to.name, change }),
    });

  async function account(user: SessionUser) {
    if (user.role === 'customer') throw forbidden(SECOND_FACTOR_MESSAGES.staffOnly);
    const found = await repository.findUser(user.id);
    if (!found) throw forbidden(SECOND_FACTOR_MESSAGES.staffOnly);
    return found;
  }

  /** Codes typed while signed in count against the account as login guesses do. */
  const limit = (user: SessionUser) =>
    enforceRateLimit(options.rateLimiter, `second-factor:${user.id}`, {
      limit: options.limits.perAccount,
      windowSeconds: options.limits.windowSeconds,
    });

  return {
    async status(user: SessionUser): Promise<SecondFactorStatus> {
      const found = await account(user);
      const enabled = found.totp_enabled_at !== null;
      return {
        enabled,
        required: secondFactorRequired(user.role, await repository.settings()),
        recovery_codes_left: enabled ? await repository.unusedRecoveryCodes(user.id) : 0,
      };
    },

    /** A new secret to enrol (replacing one not confirmed yet); the factor is not on until confirmed. */
    async setup(user: SessionUser): Promise<SecondFactorSetup> {
      const found = await account(user);
      if (found.totp_enabled_at !== null) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnabled);
      const secret = newTotpSecret();
      await repository.setPendingSecret(user.id, secret);
      return { secret, otpauth_uri: totpUri(secret, user.email) };
    },

    /** A code of the secret being enrolled turns the factor on; answers the recovery codes. */
    async confirm(user: SessionUser, code: string): Promise<{ recovery_codes: string[] }> {
      const found = await account(user);
      if (found.totp_enabled_at !== null) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnabled);
      if (found.totp_pending_secret === null) throw conflict(SECOND_FACTOR_MESSAGES.noSetup);
      await limit(user);
      const at = now();
      const step = totpStep(found.totp_pending_secret, code, at);
      if (step === null || !(await repository.claimStep(user.id, step))) throw wrongCode();
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await repository.enable(
        user.id,
        user.sessionId,
        found.totp_pending_secret,
        codes.map(hashRecoveryCode),
        at.toISOString(),
        (trx) => notify(trx, found, 'on'),
      );
      options.sessions.sessionsChanged([user.id]);
      options.mail.nudge();
      return { recovery_codes: codes };
    },

    /** Turns the factor off, with a code, when the chain does not ask the account's role for it. */
    async disable(user: SessionUser, code: string): Promise<void> {
      const found = await account(user);
      if (found.totp_secret === null) throw conflict(SECOND_FACTOR_MESSAGES.notEnabled);
      if (secondFactorRequired(user.role, await repository.settings()))
        throw conflict(SECOND_FACTOR_MESSAGES.requiredCannotDisable);
      await limit(user);
      const right = await checkSecondFactorCode(
        repository,
        { id: user.id, secret: found.totp_secret },
        code,
        now(),
      );
      if (!right) throw wrongCode();
      await repository.disable(user.id, (trx) => notify(trx, found, 'off'));
      options.sessions.sessionsChanged([user.id]);
      options.mail.nudge();
    },

    settings: (): Promise<SecuritySettings> => repository.settings(),

    /** The back office's change of who must have the factor: one write, in the change log. */
    async updateSettings(actor: AuditActor, body: SecuritySettings): Promise<SecuritySettings> {
      const settings = await options.write.write({
        actor,
        change: async (trx) => {
          const before = await repository.settings(trx);
          await repository.setSettings(trx, body);
          const moved = (Object.keys(SETTING_LABELS) as (keyof SecuritySettings)[]).filter(
            (key) => before[key] !== body[key],
          );
          return {
            result: { ...body },
            audit:
              moved.length === 0
                ? null
                : {
                    action: 'update',
                    entity: 'security',
                    entity_id: 1,
                    summary: `Verificación en dos pasos: ${moved
                      .map(
                        (key) => `${SETTING_LABELS[key]} ${body[key] ? 'obligatoria' : 'opcional'}`,
                      )
                      .join(', ')}`,
                    before,
                    after: body,
                  },
          };
        },
      });
      options.sessions.chainSettingsChanged();
      return settings;
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
