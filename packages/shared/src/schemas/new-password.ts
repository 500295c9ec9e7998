import { ACCOUNT_MESSAGES, PASSWORD_RULES, passwordSchema } from './accounts';
import { safeText } from './text';

/**
 * A new password typed twice: the reset link's form and the account's "Cambiar contraseña"
 * take the same two fields under the same rules.
 */
export const newPasswordFields = {
  // The customer floor here; the server holds a staff or admin account to its own.
  password: passwordSchema('customer'),
  password_confirmation: safeText({
    error: ACCOUNT_MESSAGES.confirmationMismatch,
    trim: false,
  }).max(PASSWORD_RULES.maxLength),
};

export const confirmationMatches = (body: { password: string; password_confirmation: string }) =>
  body.password === body.password_confirmation;

export const confirmationMismatch = {
  error: ACCOUNT_MESSAGES.confirmationMismatch,
  path: ['password_confirmation'],
};
