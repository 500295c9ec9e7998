import { z } from 'zod';

/** A customer's sessions (one per login on a device) and what they can do with them. */
export const SESSION_MESSAGES = {
  notFound: 'No encontramos esa sesión abierta.',
  invalidId: 'El número de sesión no es válido.',
  /** Login with the right password into an account an administrator has deactivated. */
  accountDeactivated: 'Esta cuenta está desactivada.',
  /** An order sent on a connection whose session was closed meanwhile (elsewhere, or expired). */
  ended: 'Tu sesión se cerró. Inicia sesión de nuevo para hacer el pedido.',
} as const;

export const sessionSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
  /** A short description of the device it was opened on ("Chrome en Android"); null if unknown. */
  user_agent: z.string().nullable(),
});

export const sessionListResponse = z.object({ results: z.array(sessionSchema) });

export const sessionIdParams = z.object({
  id: z
    .string({ error: SESSION_MESSAGES.invalidId })
    .regex(/^[1-9][0-9]{0,8}$/, { error: SESSION_MESSAGES.invalidId })
    .transform(Number),
});

/** `ended`: how many sessions were closed by the call. */
export const endSessionsResponse = z.object({ status: z.boolean(), ended: z.number().int() });

export type SessionSummary = z.infer<typeof sessionSchema>;
export type EndSessionsResponse = z.infer<typeof endSessionsResponse>;
