import { z } from 'zod';
import { ACCOUNT_MESSAGES, PASSWORD_RULES, emailSchema } from './accounts';
import { confirmationMatches, confirmationMismatch, newPasswordFields } from './new-password';
import { safeText } from './text';

/** The account's own password and email, changed from /cuenta (each announced by email). */
export const CREDENTIAL_MESSAGES = {
  currentPasswordRequired: 'Escribe tu contraseña actual',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  sameEmail: 'Ese ya es el email de tu cuenta',
  passwordChanged:
    'Listo: tu contraseña cambió. Cerramos tus otras sesiones y te avisamos por correo.',
  emailChanged: 'Listo: tu email cambió. Avisamos también a tu email anterior.',
} as const;

const currentPassword = safeText({
  error: CREDENTIAL_MESSAGES.currentPasswordRequired,
  trim: false,
})
  .min(1, { error: CREDENTIAL_MESSAGES.currentPasswordRequired })
  .max(PASSWORD_RULES.maxLength, { error: ACCOUNT_MESSAGES.tooLong });

export const changePasswordBody = z
  .object({ current_password: currentPassword, ...newPasswordFields })
  .refine(confirmationMatches, confirmationMismatch);

export const changeEmailBody = z.object({ email: emailSchema, current_password: currentPassword });

export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
