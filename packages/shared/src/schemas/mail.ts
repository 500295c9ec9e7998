import { z } from 'zod';
import { emailSchema } from './accounts';
import { confirmationMatches, confirmationMismatch, newPasswordFields } from './new-password';
import { safeText } from './text';

/** How long an emailed reset link works. */
export const PASSWORD_RESET_MINUTES = 30;

export const PASSWORD_RESET_MESSAGES = {
  /** The same words whether or not an account has that email: they reveal nothing. */
  sent: 'Si hay una cuenta con ese email, te enviamos un enlace para elegir una contraseña nueva. Revisa tu correo (y la carpeta de spam).',
  invalidToken:
    'Este enlace ya no sirve: se usó, venció o está incompleto. Pide uno nuevo en «¿Olvidaste tu contraseña?».',
  done: 'Listo: tu contraseña cambió. Inicia sesión con la nueva.',
} as const;

export const forgotPasswordBody = z.object({ email: emailSchema });

export const resetPasswordBody = z
  .object({
    token: safeText({ error: PASSWORD_RESET_MESSAGES.invalidToken, trim: true })
      .min(1, { error: PASSWORD_RESET_MESSAGES.invalidToken })
      .max(100, { error: PASSWORD_RESET_MESSAGES.invalidToken }),
    ...newPasswordFields,
  })
  .refine(confirmationMatches, confirmationMismatch);

export const outboxStatusSchema = z.enum(['pending', 'sent', 'failed']);

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  /** What caused it: password-reset, password-changed, email-changed, second-factor, coupon-code. */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part. */
  text: z.string(),
  /** The HTML part, for the back office's preview (shown sandboxed). */
  html: z.string(),
  status: outboxStatusSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export const outboxListResponse = z.object({
  results: z.array(outboxMessageSchema),
  /** Whether this server delivers mail (SMTP_URL is set); otherwise messages stay here. */
  delivering: z.boolean(),
});

export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
