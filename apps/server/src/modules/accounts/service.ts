import {
  ACCOUNT_MESSAGES,
  LOGIN_MESSAGES,
  MESSAGES,
  SESSION_MESSAGES,
  type AuthResponse,
  type LoginBody,
  type RegisterBody,
  type User,
} from '@comanda/shared';
import { HttpError } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limiter';
import { newAccessToken } from '../../lib/tokens';
import type { AccountsRepository } from './repository';
import { createSessions, type SessionsEndedListener } from './sessions';

export interface AuthLimits {
  perIp: number;
  perAccount: number;
  windowSeconds: number;
}

export interface SessionUser extends User {
  role: 'customer' | 'staff';
  branch_id: number | null;
  sessionId: number;
}

export function createAccountsService(options: {
  repository: AccountsRepository;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  sessionTtlDays: number;
  sessionMaxDays: number;
  now?: () => Date;
}) {
  const { repository, rateLimiter, limits } = options;
  const now = options.now ?? (() => new Date());
  const sessions = createSessions({ repository, ttlDays: options.sessionTtlDays, maxDays: options.sessionMaxDays, now });
  // Verified against when the account does not exist, so a miss costs what a hit costs and
  // response times do not tell which emails have accounts.
  const decoyHash = hashPassword(newAccessToken());

  async function limit(key: string, max: number) {
    const result = await rateLimiter.hit(key, max, limits.windowSeconds);
    if (!result.allowed) {
      throw new HttpError(429, MESSAGES.tooManyRequests, {}, { 'retry-after': String(result.retryAfter) });
    }
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

  return {
    async login(body: LoginBody, ip: string, userAgent?: string): Promise<AuthResponse> {
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
      if (user.deactivated_at !== null) {
        throw new HttpError(400, SESSION_MESSAGES.accountDeactivated, { errors: { email_login: [SESSION_MESSAGES.accountDeactivated] } });
      }
      return { access_token: await sessions.start(user.id, userAgent), user: publicUser(user) };
    },

    async register(body: RegisterBody, ip: string, userAgent?: string): Promise<AuthResponse> {
      await limit(`register-ip:${ip}`, limits.perIp);
      const errors: Record<string, string[]> = {};
      if (await repository.findUserByEmail(body.email)) errors.email = [ACCOUNT_MESSAGES.emailTaken];
      if (await repository.findUserByPhone(body.phone)) errors.phone = [ACCOUNT_MESSAGES.phoneTaken];
      if (Object.keys(errors).length > 0) throw new HttpError(400, MESSAGES.invalidBody, { errors });
      const id = await repository.insertUser({
        name: body.name,
        email: body.email,
        phone: body.phone,
        password_hash: await hashPassword(body.password),
        role: 'customer',
        branch_id: null,
        created_at: now().toISOString(),
      });
      if (id === null) {
        // Someone registered the same email or phone between our check and our insert.
        throw new HttpError(400, MESSAGES.invalidBody, { errors: { email: [ACCOUNT_MESSAGES.emailTaken] } });
      }
      return {
        access_token: await sessions.start(id, userAgent),
        user: { id, name: body.name, email: body.email, phone: body.phone },
      };
    },

    /**
     * The user behind a bearer token, or null for a missing, malformed, unknown, expired or
     * revoked one, or one of a deactivated account.
     */
    async authenticate(token: string): Promise<SessionUser | null> {
      const session = await sessions.resolve(token);
      if (!session) return null;
      return {
        ...publicUser(session),
        role: session.role,
        branch_id: session.branch_id,
        sessionId: session.session_id,
      };
    },

    async logout(user: SessionUser) {
      await sessions.end(user.id, user.sessionId);
    },

    /** The caller's live sessions, theirs marked `current`. */
    listSessions: (user: SessionUser) => sessions.list(user.id, user.sessionId),
    /** Ends one of the caller's sessions (the current one too); false when it is not theirs or not live. */
    endSession: (user: SessionUser, sessionId: number) => sessions.end(user.id, sessionId),
    /** "Cerrar las demás sesiones": every session of the caller but the current one. */
    endOtherSessions: (user: SessionUser) => sessions.endOthers(user.id, user.sessionId),
    /** Every live session of an account (deactivateUser uses it); answers how many ended. */
    endAllSessions: (userId: number) => sessions.endAll(userId),
    /** When a session expires if unused, or null when it is no longer live (a socket checks by id). */
    sessionExpiresAt: (sessionId: number) => sessions.expiresAt(sessionId),
    /** Called with the ids of sessions as they are ended, on this node (the socket layer closes their connections). */
    onSessionsEnded: (listener: SessionsEndedListener) => sessions.onEnded(listener),

    /**
     * For the back office: the account can no longer log in, and every token it holds stops
     * working at once (its open sockets are closed). False when there is no such user.
     */
    async deactivateUser(userId: number): Promise<boolean> {
      const found = await repository.deactivateUser(userId, now().toISOString());
      if (found) await sessions.endAll(userId);
      return found;
    },

    publicUser,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
