import {
  ACCOUNT_MESSAGES,
  LOGIN_MESSAGES,
  MESSAGES,
  SECOND_FACTOR_MESSAGES,
  SESSION_MESSAGES,
  type AuthResponse,
  type LoginBody,
  type RegisterBody,
  type SecondFactorLoginBody,
  type StaffLoginResponse,
  type User,
} from '@comanda/shared';
import { secondFactorState, type SessionUser } from '../../lib/authorization';
import { HttpError } from '../../lib/http-error';
import { newPasswordProblem } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { enforceRateLimit, type RateLimiter } from '../../lib/rate-limiter';
import { hashToken, looksLikeToken, newAccessToken } from '../../lib/tokens';
import type { AccountsRepository } from './repository';
import { checkSecondFactorCode } from './second-factor';
import type { SecondFactorRepository } from './second-factor-repository';
import { createSessionCache, type SessionCache } from './session-cache';
import type { SessionInvalidation } from './session-cache-channel';
import { createSessions, type SessionsEndedListener } from './sessions';
import { nowDate, type Clock } from '../../lib/clock';

export interface AuthLimits {
  perIp: number;
  perAccount: number;
  windowSeconds: number;
}

/**
 * What a login names, as the lookup reads it: an email (it has an @) in lower case, or a phone
 * number without the spaces, dashes, dots and brackets people type between digit groups. The
 * per-account limit uses the same function, so `300 1234567` and `300-1234567` are one account
 * to it as they are to the lookup.
 */
export function normalizeLogin(login: string): { kind: 'email' | 'phone'; value: string } {
  const value = login.trim();
  if (value.includes('@')) return { kind: 'email', value: value.toLowerCase() };
  return { kind: 'phone', value: value.replace(/[\s().-]/g, '') };
}

/** A login's 400: its message at the top, as the form shows it, and on the field it is about. */
const refused = (field: string, message: string) =>
  new HttpError(400, message, { errors: { [field]: [message] } });

/** How long the password step's `mfa_token` waits for the code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Codes one `mfa_token` may try before it is spent, on top of the account's login limit. */
const CHALLENGE_ATTEMPTS = 5;

/** What the accounts service is built from (modules/accounts/plugin.ts). */
export interface AccountsServiceOptions {
  repository: AccountsRepository;
  secondFactor: SecondFactorRepository;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  sessionTtlDays: number;
  sessionMaxDays: number;
  /** Remembered token lookups and their invalidation on every node (decision 048); none by default. */
  sessionCache?: { cache: SessionCache; invalidation: SessionInvalidation };
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
}

/** The account as its owner may see it: no hashes, no flags. */
const publicUser = (u: { id: number; name: string; email: string; phone: string }): User => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
});

export function createAccountsService(options: AccountsServiceOptions) {
  const { repository, rateLimiter, limits } = options;
  const now = () => nowDate(options.clock);
  const { cache, invalidation } = options.sessionCache ?? localOnly();
  const sessions = createSessions({
    repository,
    ttlDays: options.sessionTtlDays,
    maxDays: options.sessionMaxDays,
    now,
    changed: (userId) => invalidation.usersChanged([userId]),
  });
  // Verified against when the account does not exist, so a miss costs what a hit costs and
  // response times do not tell which emails have accounts.
  const decoyHash = hashPassword(newAccessToken());

  const limit = (key: string, max: number) =>
    enforceRateLimit(rateLimiter, key, { limit: max, windowSeconds: limits.windowSeconds });

  /** Which of the email and phone already have an account, as field errors (empty when both are free). */
  async function takenFields(body: {
    email: string;
    phone: string;
  }): Promise<Record<string, string[]>> {
    const [byEmail, byPhone] = await Promise.all([
      repository.findUserByEmail(body.email),
      repository.findUserByPhone(body.phone),
    ]);
    const errors: Record<string, string[]> = {};
    if (byEmail) errors.email = [ACCOUNT_MESSAGES.emailTaken];
    if (byPhone) errors.phone = [ACCOUNT_MESSAGES.phoneTaken];
    return errors;
  }

  /** The password step of every login: the account, or the Spanish 400 (rate limited). */
  async function checkPassword(body: LoginBody, ip: string) {
    await limit(`login-ip:${ip}`, limits.perIp);
    const login = normalizeLogin(body.email_login);
    const user = await (login.kind === 'email'
      ? repository.findUserByEmail(login.value)
      : repository.findUserByPhone(login.value));
    // Guesses at an account count against the account, however it is named (email or phone,
    // any spelling); guesses at a login that names no account count against that login.
    await limit(
      user ? `login-account:${user.id}` : `login-unknown:${login.kind}:${login.value}`,
      limits.perAccount,
    );
    const valid = user
      ? await verifyPassword(user.password_hash, body.password_login)
      : (await verifyPassword(await decoyHash, body.password_login), false);
    if (!user || !valid) {
      throw new HttpError(400, LOGIN_MESSAGES.invalidCredentials, {
        errors: { password_login: [LOGIN_MESSAGES.invalidCredentials] },
      });
    }
    if (user.deactivated_at !== null) {
      throw new HttpError(400, SESSION_MESSAGES.accountDeactivated, {
        errors: { email_login: [SESSION_MESSAGES.accountDeactivated] },
      });
    }
    return user;
  }

  return {
    /**
     * The storefront's login. An account with a second factor is sent to the console, whose
     * login asks for the code: this contract stays as customers know it (decision 044).
     */
    async login(body: LoginBody, ip: string, userAgent?: string): Promise<AuthResponse> {
      const user = await checkPassword(body, ip);
      if (user.totp_enabled_at !== null)
        throw refused('email_login', SECOND_FACTOR_MESSAGES.usePanel);
      return { access_token: await sessions.start(user.id, userAgent), user: publicUser(user) };
    },

    /**
     * The console's login: with a second factor, the code step's `mfa_token` (a short-lived,
     * single-use token whose hash is stored; not an access token); without one, the session,
     * saying whether the chain wants the account to enrol before it uses the console.
     */
    async loginStaff(body: LoginBody, ip: string, userAgent?: string): Promise<StaffLoginResponse> {
      const user = await checkPassword(body, ip);
      if (user.totp_enabled_at !== null) {
        const token = newAccessToken();
        const at = now();
        await options.secondFactor.insertChallenge({
          user_id: user.id,
          token_hash: hashToken(token),
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + CHALLENGE_TTL_MS).toISOString(),
        });
        return { status: false, mfa_required: true, mfa_token: token };
      }
      const state = secondFactorState(
        user.role,
        { enabled: false, passed: false },
        await options.secondFactor.settings(),
      );
      return {
        access_token: await sessions.start(user.id, userAgent),
        user: publicUser(user),
        mfa_enrolment_required: state === 'enrol',
      };
    },

    /** The code step: the `mfa_token` and a TOTP or recovery code give the session. */
    async loginSecondFactor(
      body: SecondFactorLoginBody,
      ip: string,
      userAgent?: string,
    ): Promise<AuthResponse> {
      await limit(`login-ip:${ip}`, limits.perIp);
      const at = now();
      const challenge = await options.secondFactor.findLiveChallenge(
        hashToken(body.mfa_token),
        at.toISOString(),
      );
      if (!challenge || challenge.totp_secret === null)
        throw refused('mfa_token', SECOND_FACTOR_MESSAGES.challengeExpired);
      // Guesses count against the account as password guesses do, and against this token.
      await limit(`login-account:${challenge.id}`, limits.perAccount);
      await limit(`login-challenge:${challenge.challenge_id}`, CHALLENGE_ATTEMPTS);
      const right = await checkSecondFactorCode(
        options.secondFactor,
        { id: challenge.id, secret: challenge.totp_secret },
        body.code,
        at,
      );
      if (!right) throw refused('code', SECOND_FACTOR_MESSAGES.wrongCode);
      if (!(await options.secondFactor.useChallenge(challenge.challenge_id, at.toISOString())))
        throw refused('mfa_token', SECOND_FACTOR_MESSAGES.challengeExpired);
      return {
        access_token: await sessions.start(challenge.id, userAgent, true),
        user: publicUser(challenge),
      };
    },

    async register(body: RegisterBody, ip: string, userAgent?: string): Promise<AuthResponse> {
      await limit(`register-ip:${ip}`, limits.perIp);
      const errors = await takenFields(body);
      const weak = await newPasswordProblem(body.password, 'customer', {
        email: body.email,
        phone: body.phone,
        name: body.name,
      });
      if (weak) errors.password = [weak];
      if (Object.keys(errors).length > 0)
        throw new HttpError(400, MESSAGES.invalidBody, { errors });
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
      if (id === null) {
        const taken = await takenFields(body);
        throw new HttpError(400, MESSAGES.invalidBody, {
          errors: Object.keys(taken).length > 0 ? taken : { email: [ACCOUNT_MESSAGES.emailTaken] },
        });
      }
      return {
        access_token: await sessions.start(id, userAgent),
        user: { id, name: body.name, email: body.email, phone: body.phone },
      };
    },

    /**
     * The user behind a bearer token, or null for a missing, malformed, unknown, expired or
     * revoked one, or one of a deactivated account. Remembered for a few seconds (decision 048):
     * every change that ends a session or changes what authorization knows of its user is
     * forgotten on every node (`sessionsChanged`, `chainSettingsChanged`, and every revocation).
     */
    async authenticate(token: string): Promise<SessionUser | null> {
      if (!looksLikeToken(token)) return null;
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached && (await sessions.stillLive(cached.times))) return cached.user;
      const begun = cache.generation();
      const session = await sessions.resolve(tokenHash);
      if (!session) return null;
      const user = sessionUser(
        session,
        // Only staff and couriers have rows; an admin acts on every branch without them.
        session.role === 'staff' || session.role === 'courier'
          ? await repository.branchesOf(session.id)
          : [],
      );
      cache.set(tokenHash, { user, times: session }, begun);
      return user;
    },

    /**
     * What authorization knows of these users changed (their name, email, role, branches or
     * second factor): their remembered sessions are read again, on every node.
     */
    sessionsChanged: (userIds: readonly number[]) => invalidation.usersChanged(userIds),
    /** The chain's second-factor settings changed: every remembered session is read again. */
    chainSettingsChanged: () => invalidation.everythingChanged(),
    /** Whether this node answers from its session cache now (not while it cannot hear the others). */
    sessionCacheInUse: () => cache.usable(),

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

type LiveSession = NonNullable<Awaited<ReturnType<AccountsRepository['findLiveSession']>>>;

/** A session's user as authorization sees it; frozen, since the session cache hands it out again. */
function sessionUser(session: LiveSession, branchIds: number[]): Readonly<SessionUser> {
  return Object.freeze({
    id: session.id,
    name: session.name,
    email: session.email,
    phone: session.phone,
    role: session.role,
    branch_ids: Object.freeze(branchIds),
    sessionId: session.session_id,
    second_factor: secondFactorState(
      session.role,
      { enabled: session.totp_enabled_at !== null, passed: session.second_factor_at !== null },
      {
        // No settings row (it is written by migration 020) reads as its defaults.
        second_factor_admins: (session.second_factor_admins ?? 1) === 1,
        second_factor_staff: session.second_factor_staff === 1,
      },
    ),
  });
}

/** Without a session cache: nothing is remembered, so nothing needs forgetting. */
function localOnly(): { cache: SessionCache; invalidation: SessionInvalidation } {
  const cache = createSessionCache({ maxEntries: 0, ttlMs: 0 });
  return {
    cache,
    invalidation: {
      usersChanged: (userIds) => cache.forgetUsers(userIds),
      everythingChanged: () => cache.clear(),
      stop: () => undefined,
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
