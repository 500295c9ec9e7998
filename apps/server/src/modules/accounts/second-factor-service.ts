import {
  SECOND_FACTOR_MESSAGES,
  RECOVERY_CODE_COUNT,
  type SecondFactorSetup,
  type SecondFactorStatus,
  type SecuritySettings,
} from '@comanda/shared';
import { secondFactorRequired, type SessionUser } from '../../lib/authorization';
import { conflict, forbidden, HttpError } from '../../lib/http-error';
import { enforceRateLimit } from '../../lib/rate-limiter';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../audit/service';
import { mailTemplates } from '../mail/templates';
import type { SecondFactorDeps } from './deps';
import {
  checkSecondFactorCode,
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  totpStep,
  totpUri,
} from './second-factor';
import {
  chainSecondFactorSettings,
  claimStep,
  disableSecondFactor,
  enableSecondFactor,
  findEnrollingUser,
  setChainSecondFactorSettings,
  setPendingSecret,
  unusedRecoveryCodes,
} from './second-factor-repository';
import { bind } from '../../lib/bind';
import { nowDate } from '../../lib/clock';

const wrongCode = () =>
  new HttpError(400, SECOND_FACTOR_MESSAGES.wrongCode, {
    errors: { code: [SECOND_FACTOR_MESSAGES.wrongCode] },
  });

const SETTING_LABELS = {
  second_factor_admins: 'administración',
  second_factor_staff: 'personal de sede',
} as const;

// Enrolment in the second factor (decision 044), for staff and admins: a secret to scan, a code
// that confirms it (which turns it on and answers the recovery codes, once), and the chain's
// setting of who must have it. Plain functions of SecondFactorDeps (decision 065).

const notify = (
  { mail }: SecondFactorDeps,
  trx: DbExecutor,
  to: { name: string; email: string },
  change: 'on' | 'off',
) =>
  mail.enqueue(trx, {
    kind: 'second-factor',
    to: to.email,
    ...mailTemplates.secondFactorChanged({ name: to.name, change }),
  });

async function account({ db }: SecondFactorDeps, user: SessionUser) {
  if (user.role === 'customer') throw forbidden(SECOND_FACTOR_MESSAGES.staffOnly);
  const found = await findEnrollingUser(db, user.id);
  if (!found) throw forbidden(SECOND_FACTOR_MESSAGES.staffOnly);
  return found;
}

/** Codes typed while signed in count against the account as login guesses do. */
const limit = ({ rateLimiter, limits }: SecondFactorDeps, user: SessionUser) =>
  enforceRateLimit(rateLimiter, `second-factor:${user.id}`, {
    limit: limits.perAccount,
    windowSeconds: limits.windowSeconds,
  });

export async function secondFactorStatus(
  deps: SecondFactorDeps,
  user: SessionUser,
): Promise<SecondFactorStatus> {
  const found = await account(deps, user);
  const enabled = found.totp_enabled_at !== null;
  return {
    enabled,
    required: secondFactorRequired(user.role, await chainSecondFactorSettings(deps.db)),
    recovery_codes_left: enabled ? await unusedRecoveryCodes(deps.db, user.id) : 0,
  };
}

/** A new secret to enrol (replacing one not confirmed yet); the factor is not on until confirmed. */
export async function setupSecondFactor(
  deps: SecondFactorDeps,
  user: SessionUser,
): Promise<SecondFactorSetup> {
  const found = await account(deps, user);
  if (found.totp_enabled_at !== null) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnabled);
  const secret = newTotpSecret();
  // Shown once, to the person enrolling; kept sealed (decision 075).
  await setPendingSecret(deps.db, user.id, deps.totp.seal(user.id, secret));
  return { secret, otpauth_uri: totpUri(secret, user.email) };
}

/** A code of the secret being enrolled turns the factor on; answers the recovery codes. */
export async function confirmSecondFactor(
  deps: SecondFactorDeps,
  user: SessionUser,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const found = await account(deps, user);
  if (found.totp_enabled_at !== null) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnabled);
  if (found.totp_pending_secret === null) throw conflict(SECOND_FACTOR_MESSAGES.noSetup);
  await limit(deps, user);
  const at = nowDate(deps.clock);
  const pending = deps.totp.open(user.id, found.totp_pending_secret);
  const step = totpStep(pending, code, at);
  if (step === null || !(await claimStep(deps.db, user.id, step))) throw wrongCode();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await enableSecondFactor(
    deps.db,
    user.id,
    user.sessionId,
    deps.totp.seal(user.id, pending),
    codes.map(hashRecoveryCode),
    at.toISOString(),
    (trx) => notify(deps, trx, found, 'on'),
  );
  deps.sessions.sessionsChanged([user.id]);
  deps.mail.nudge();
  return { recovery_codes: codes };
}

/** Turns the factor off, with a code, when the chain does not ask the account's role for it. */
export async function disableOwnSecondFactor(
  deps: SecondFactorDeps,
  user: SessionUser,
  code: string,
): Promise<void> {
  const found = await account(deps, user);
  if (found.totp_secret === null) throw conflict(SECOND_FACTOR_MESSAGES.notEnabled);
  if (secondFactorRequired(user.role, await chainSecondFactorSettings(deps.db)))
    throw conflict(SECOND_FACTOR_MESSAGES.requiredCannotDisable);
  await limit(deps, user);
  const right = await checkSecondFactorCode(
    deps.db,
    { id: user.id, secret: deps.totp.open(user.id, found.totp_secret) },
    code,
    nowDate(deps.clock),
  );
  if (!right) throw wrongCode();
  await disableSecondFactor(deps.db, user.id, (trx) => notify(deps, trx, found, 'off'));
  deps.sessions.sessionsChanged([user.id]);
  deps.mail.nudge();
}

export const securitySettings = ({ db }: SecondFactorDeps): Promise<SecuritySettings> =>
  chainSecondFactorSettings(db);

/** The back office's change of who must have the factor: one write, in the change log. */
export async function updateSecuritySettings(
  deps: SecondFactorDeps,
  actor: AuditActor,
  body: SecuritySettings,
): Promise<SecuritySettings> {
  const settings = await deps.write.write({
    actor,
    change: async (trx) => {
      const before = await chainSecondFactorSettings(trx);
      await setChainSecondFactorSettings(trx, body);
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
                  .map((key) => `${SETTING_LABELS[key]} ${body[key] ? 'obligatoria' : 'opcional'}`)
                  .join(', ')}`,
                before,
                after: body,
              },
      };
    },
  });
  deps.sessions.chainSettingsChanged();
  return settings;
}

/** Enrolment and the chain's setting, as app.secondFactor. */
export function createSecondFactorService(deps: SecondFactorDeps) {
  return {
    status: bind(deps, secondFactorStatus),
    setup: bind(deps, setupSecondFactor),
    confirm: bind(deps, confirmSecondFactor),
    disable: bind(deps, disableOwnSecondFactor),
    settings: bind(deps, securitySettings),
    updateSettings: bind(deps, updateSecuritySettings),
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
