import {
  SECOND_FACTOR_MESSAGES,
  RECOVERY_CODE_COUNT,
  type SecondFactorSetup,
  type SecondFactorStatus,
  type SecuritySettings,
  type SecuritySettingsBody,
} from '@comanda/shared';
import { secondFactorRequired, type SessionUser } from '../../lib/authorization';
import { conflict, forbidden, HttpError, invalidField } from '../../lib/http-error';
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
  knownBranchIds,
  setChainSecondFactorSettings,
  type StoredSecondFactorSettings,
  setPendingSecret,
  unusedRecoveryCodes,
} from './second-factor-repository';
import { bind } from '../../lib/bind';
import { nowDate } from '../../lib/clock';
import { requirementWidened, secondFactorGraceEnd } from './second-factor-rule';

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
    required: secondFactorRequired(user, await chainSecondFactorSettings(deps.db)),
    grace_until: user.second_factor_grace_until,
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
  if (secondFactorRequired(user, await chainSecondFactorSettings(deps.db)))
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

/** The settings as the back office reads them: the stored ones and the grace they started. */
function answered(stored: StoredSecondFactorSettings, now: Date): SecuritySettings {
  const since = stored.second_factor_staff_since;
  const graceEnd =
    stored.second_factor_staff && since ? secondFactorGraceEnd(new Date(since)) : null;
  return {
    second_factor_admins: stored.second_factor_admins,
    second_factor_staff: stored.second_factor_staff,
    second_factor_staff_branch_ids: stored.second_factor_staff_branch_ids,
    second_factor_staff_grace_until: graceEnd && now < graceEnd ? graceEnd.toISOString() : null,
  };
}

export const securitySettings = async (deps: SecondFactorDeps): Promise<SecuritySettings> =>
  answered(await chainSecondFactorSettings(deps.db), nowDate(deps.clock));

/** The audit's words for what changed: which roles now must or may, and where. */
function settingsSummary(before: StoredSecondFactorSettings, after: StoredSecondFactorSettings) {
  const moved = (Object.keys(SETTING_LABELS) as (keyof typeof SETTING_LABELS)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => `${SETTING_LABELS[key]} ${after[key] ? 'obligatoria' : 'opcional'}`);
  const was = before.second_factor_staff_branch_ids.join(',');
  const now = after.second_factor_staff_branch_ids;
  if (was !== now.join(','))
    moved.push(now.length === 0 ? 'en todas las sedes' : `solo en las sedes ${now.join(', ')}`);
  return moved.length === 0 ? null : `Verificación en dos pasos: ${moved.join(', ')}`;
}

/**
 * The back office's change of who must have the factor: one write, in the change log. When the
 * staff requirement reaches anyone new, `since` moves to now: their open sessions get the grace.
 */
export async function updateSecuritySettings(
  deps: SecondFactorDeps,
  actor: AuditActor,
  body: SecuritySettingsBody,
): Promise<SecuritySettings> {
  const now = nowDate(deps.clock);
  const settings = await deps.write.write({
    actor,
    change: async (trx) => {
      const before = await chainSecondFactorSettings(trx);
      const branchIds =
        body.second_factor_staff_branch_ids ?? before.second_factor_staff_branch_ids;
      if ((await knownBranchIds(trx, branchIds)).length !== branchIds.length)
        throw invalidField(
          'second_factor_staff_branch_ids',
          SECOND_FACTOR_MESSAGES.rolloutBranchUnknown,
        );
      const wanted = { ...body, second_factor_staff_branch_ids: branchIds };
      const since = requirementWidened(before, wanted) ? now.toISOString() : null;
      await setChainSecondFactorSettings(trx, wanted, since);
      const after = await chainSecondFactorSettings(trx);
      const summary = settingsSummary(before, after);
      return {
        result: answered(after, now),
        audit:
          summary === null
            ? null
            : { action: 'update', entity: 'security', entity_id: 1, summary, before, after },
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
