import {
  ACCOUNT_MESSAGES,
  LOGIN_MESSAGES,
  MESSAGES,
  type AuthResponse,
  type LoginBody,
  type RegisterBody,
  type User,
} from '@comanda/shared';
import type { SessionUser } from '../../lib/authorization';
import { HttpError } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limiter';
import { hashToken, looksLikeToken, newAccessToken } from '../../lib/tokens';
import type { AccountsRepository } from './repository';

export interface AuthLimits {
  perIp: number;
  perAccount: number;
  windowSeconds: number;
}

const DAY_MS = 86_400_000;

export function createAccountsService(options: {
  repository: AccountsRepository;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  sessionTtlDays: number;
  now?: () => Date;
}) {
  const { repository, rateLimiter, limits, sessionTtlDays } = options;
  const now = options.now ?? (() => new Date());
  const ttlMs = sessionTtlDays * DAY_MS;
  // Verified against when the account does not exist, so a miss costs what a hit costs and
  // response times do not tell which emails have accounts.
  const decoyHash = hashPassword(newAccessToken());

  async function limit(key: string, max: number) {
    const result = await rateLimiter.hit(key, max, limits.windowSeconds);
    if (!result.allowed) {
      throw new HttpError(429, MESSAGES.tooManyRequests, {}, { 'retry-after': String(result.retryAfter) });
    }
  }

  async function startSession(userId: number): Promise<string> {
    const token = newAccessToken();
    const at = now();
    await repository.insertSession({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + ttlMs).toISOString(),
    });
    return token;
  }

  const publicUser = (u: { id: number; name: string; email: string; phone: string }): User => ({
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
  });

  /** An email has an @; anything else is read as a phone number, spaces and dashes ignored. */
  function findByLogin(login: string) {
    const value = login.trim();
    if (value.includes('@')) return repository.findUserByEmail(value.toLowerCase());
    return repository.findUserByPhone(value.replace(/[\s-]/g, ''));
  }

  /** The 400 to answer when the email or the phone already has an account; null when both are free. */
  async function takenFields(body: { email: string; phone: string }): Promise<HttpError | null> {
    const [byEmail, byPhone] = await Promise.all([repository.findUserByEmail(body.email), repository.findUserByPhone(body.phone)]);
    const errors: Record<string, string[]> = {};
    if (byEmail) errors.email = [ACCOUNT_MESSAGES.emailTaken];
    if (byPhone) errors.phone = [ACCOUNT_MESSAGES.phoneTaken];
    return Object.keys(errors).length > 0 ? new HttpError(400, MESSAGES.invalidBody, { errors }) : null;
  }

  return {
    async login(body: LoginBody, ip: string): Promise<AuthResponse> {
      await limit(`login-ip:${ip}`, limits.perIp);
      await limit(`login-account:${body.email_login.trim().toLowerCase()}`, limits.perAccount);
      const user = await findByLogin(body.email_login);
      const valid = user
        ? await verifyPassword(user.password_hash, body.password_login)
        : (await verifyPassword(await decoyHash, body.password_login), false);
      if (!user || !valid) {
        throw new HttpError(400, LOGIN_MESSAGES.invalidCredentials, {
          errors: { password_login: [LOGIN_MESSAGES.invalidCredentials] },
        });
      }
      return { access_token: await startSession(user.id), user: publicUser(user) };
    },

    async register(body: RegisterBody, ip: string): Promise<AuthResponse> {
      await limit(`register-ip:${ip}`, limits.perIp);
      const taken = await takenFields(body);
      if (taken) throw taken;
      const id = await repository.insertUser({
        name: body.name,
        email: body.email,
        phone: body.phone,
        password_hash: await hashPassword(body.password),
        role: 'customer',
        created_at: now().toISOString(),
      });
      // Another registration took the email or the phone between the check and the insert (the
      // unique constraints caught it): say which, as if it had been there all along.
      if (id === null) throw (await takenFields(body)) ?? new HttpError(400, MESSAGES.invalidBody, { errors: { email: [ACCOUNT_MESSAGES.emailTaken] } });
      return {
        access_token: await startSession(id),
        user: { id, name: body.name, email: body.email, phone: body.phone },
      };
    },

    /** The user behind a bearer token, or null for a missing, malformed, unknown, expired or revoked one. */
    async authenticate(token: string): Promise<SessionUser | null> {
      if (!looksLikeToken(token)) return null;
      const at = now();
      const session = await repository.findLiveSession(hashToken(token), at.toISOString());
      if (!session) return null;
      // Sliding expiry, written at most once a day per session rather than on every request.
      const expiresAt = new Date(session.expires_at).getTime();
      if (expiresAt - at.getTime() < ttlMs - DAY_MS) {
        await repository.extendSession(session.session_id, new Date(at.getTime() + ttlMs).toISOString());
      }
      return {
        ...publicUser(session),
        role: session.role,
        // Only staff have rows; an admin acts on every branch without them.
        branch_ids: session.role === 'staff' ? await repository.branchesOf(session.id) : [],
        sessionId: session.session_id,
      };
    },

    async logout(user: SessionUser) {
      await repository.revokeSession(user.sessionId, now().toISOString());
    },

    publicUser,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
