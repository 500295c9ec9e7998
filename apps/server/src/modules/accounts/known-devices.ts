import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../db/types';
import { hashToken, looksLikeToken, newAccessToken } from '../../lib/tokens';
import { findKnownDevice, rememberLogin } from './known-devices-repository';
import type { LoginClient } from './deps';

// The browsers an account has logged in on (decision 076): each keeps a random device id in an
// HttpOnly cookie that only the login routes receive; the database keeps its SHA-256 beside
// each account that logged in with it. A login from such a browser is not slowed or refused by
// anyone else's failed attempts at the account (login-limits.ts). The cookie carries no session
// and proves nothing alone: the password (and the code) are still asked.

/** The cookie's name. */
export const DEVICE_COOKIE = 'comanda_device';

/** The cookie's lifetime: a tablet at the counter logs in every day, a phone now and then. */
const DEVICE_COOKIE_DAYS = 400;

/** The device id the request's cookie carries, or undefined. */
export function deviceIdOf(cookieHeader: string | undefined): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '');
  const value = match?.[1]?.trim();
  return value && looksLikeToken(value) ? value : undefined;
}

/** The Set-Cookie that keeps the device id: HttpOnly, SameSite=Strict, only for the logins. */
export function deviceCookie(deviceId: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${deviceId}`,
    'Path=/api/login',
    `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * The hash of the device when the account has logged in on it, else null. Looked up for an
 * unknown login too (account 0), so a cookie costs the same whether the login names an account.
 */
export async function knownDevice(
  db: DbExecutor,
  userId: number | undefined,
  deviceId: string | undefined,
): Promise<string | null> {
  if (!deviceId) return null;
  const hash = hashToken(deviceId);
  return (await findKnownDevice(db, userId ?? 0, hash)) ? hash : null;
}

/** Records a login on this device (a new id when it had none); answers the id to keep. */
export async function rememberDevice(
  db: DbExecutor,
  userId: number,
  deviceId: string | undefined,
  at: Date,
): Promise<string> {
  const id = deviceId ?? newAccessToken();
  await rememberLogin(db, { user_id: userId, device_hash: hashToken(id), at: at.toISOString() });
  return id;
}

/** The client of a login route: its address and browser, and the cookie to set once it logs in. */
export const loginClientOf = (
  request: FastifyRequest,
  reply: FastifyReply,
  secureCookie: boolean,
): LoginClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  device: deviceIdOf(request.headers.cookie),
  keepDevice: (deviceId) => {
    reply.header('set-cookie', deviceCookie(deviceId, secureCookie));
  },
});
