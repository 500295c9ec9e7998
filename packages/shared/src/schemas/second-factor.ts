import { z } from 'zod';
import { authResponse } from './accounts';
import { chainFormatter } from '../chain-time';
import { idSchema } from './common';
import { safeText } from './text';

/**
 * The second factor of the people who run the chain (decision 044): a code from an
 * authenticator app (TOTP, RFC 6238), or one of the account's recovery codes.
 */
export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Escribe el código de verificación',
  /** Wrong, expired, already used, or a recovery code that is not (or no longer) one of the account's. */
  wrongCode: 'Código incorrecto',
  /** The token of the login's first step expired, was used, or was never ours. */
  challengeExpired: 'Pasaron varios minutos desde que escribiste tu contraseña. Ingresa de nuevo.',
  /** A staff or admin route, from a session that has not passed a factor the account must have. */
  enrolRequired: 'Activa la verificación en dos pasos para usar el panel.',
  /** A staff or admin route, from a password-only session of an account that has the factor. */
  codeMissing: 'Ingresa de nuevo con tu código de verificación.',
  /** The storefront's login into an account with the factor. */
  usePanel: 'Esta cuenta pide un código de verificación: ingresa desde el panel de sede.',
  alreadyEnabled: 'La verificación en dos pasos ya está activa en esta cuenta.',
  noSetup: 'Primero genera el código QR.',
  /** Customers do not have (nor need) a second factor. */
  staffOnly: 'La verificación en dos pasos es solo para cuentas del personal.',
  requiredCannotDisable: 'Tu cuenta debe tener la verificación en dos pasos: no se puede quitar.',
  notEnabled: 'La verificación en dos pasos no está activa en esta cuenta.',
  rolloutBranches: 'Elige sedes de la lista (o ninguna, para todas).',
  rolloutBranchUnknown: 'Una de las sedes elegidas no existe.',
} as const;

/**
 * «9 de marzo»: the chain's day a grace ends at the start of (its midnight), as the console's
 * notice and the back office say it: «actívala antes del 9 de marzo».
 */
export const graceEndDay = (graceUntil: string) =>
  chainFormatter('dayMonth').format(new Date(graceUntil));

/** How many recovery codes an account gets when it turns the factor on. */
export const RECOVERY_CODE_COUNT = 10;

/** A six-digit code or a recovery code (`xxxx-xxxx-xxxx-xxxx`); spaces and dashes are not counted. */
export const secondFactorCode = safeText({ error: SECOND_FACTOR_MESSAGES.codeRequired })
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: SECOND_FACTOR_MESSAGES.codeRequired })
      .max(32, { error: SECOND_FACTOR_MESSAGES.wrongCode }),
  );

/** The password step's answer for an account with the second factor: no access token yet. */
export const secondFactorChallenge = z.object({
  status: z.literal(false),
  mfa_required: z.literal(true),
  /** Good for one try of `POST /api/login/totp`, for a few minutes. Not an access token. */
  mfa_token: z.string(),
});

/** The console's login: the code step, or a session (which may first have to enrol). */
export const staffLoginResponse = z.union([
  secondFactorChallenge,
  authResponse.extend({
    /** The account must turn the second factor on before it may use the console. */
    mfa_enrolment_required: z.boolean(),
  }),
]);

export const secondFactorLoginBody = z.object({
  mfa_token: safeText({ error: SECOND_FACTOR_MESSAGES.challengeExpired })
    .min(1, { error: SECOND_FACTOR_MESSAGES.challengeExpired })
    .max(100, { error: SECOND_FACTOR_MESSAGES.challengeExpired }),
  code: secondFactorCode,
});

export const secondFactorCodeBody = z.object({ code: secondFactorCode });

export const secondFactorStatus = z.object({
  enabled: z.boolean(),
  /** The chain's settings make it compulsory for this account's role (and branches). */
  required: z.boolean(),
  /**
   * Until when this session may wait to turn it on (an ISO instant): it was open when the chain
   * began to ask (decision 083). Null: no wait (not asked, already on, or asked at login).
   */
  grace_until: z.string().nullable(),
  /** Unused recovery codes left; 0 without the factor. */
  recovery_codes_left: z.number().int(),
});

export const secondFactorSetupResponse = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`: what the QR code carries. */
  otpauth_uri: z.string(),
});

export const recoveryCodesResponse = z.object({
  /** Shown once: only their hashes are kept. */
  recovery_codes: z.array(z.string()),
});

export const securitySettings = z.object({
  second_factor_admins: z.boolean(),
  second_factor_staff: z.boolean(),
  /** The branches whose staff must use it; empty: every branch. */
  second_factor_staff_branch_ids: z.array(z.number().int()),
  /**
   * Staff consoles open before the requirement last reached more people keep working until then
   * (an ISO instant; decision 083); null when no such grace runs now.
   */
  second_factor_staff_grace_until: z.string().nullable(),
});

export const securitySettingsBody = z.object({
  second_factor_admins: z.boolean({ error: 'Indica si la administración debe usarla' }),
  second_factor_staff: z.boolean({ error: 'Indica si el personal de sede debe usarla' }),
  /** Absent: the branches stay as they are (a client of before the rollout keeps working). */
  second_factor_staff_branch_ids: z
    .array(idSchema(SECOND_FACTOR_MESSAGES.rolloutBranchUnknown), {
      error: SECOND_FACTOR_MESSAGES.rolloutBranches,
    })
    .max(500, { error: SECOND_FACTOR_MESSAGES.rolloutBranches })
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
    .optional(),
});

export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;
export type SecondFactorLoginBody = z.infer<typeof secondFactorLoginBody>;
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;
export type SecondFactorSetup = z.infer<typeof secondFactorSetupResponse>;
export type SecuritySettings = z.infer<typeof securitySettings>;
export type SecuritySettingsBody = z.infer<typeof securitySettingsBody>;
