// The accounts' service: its plain functions bound to their dependencies (decision 065). Nothing
// here decides anything; each line names the function that does.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../db/types';
import { bind } from '../../lib/bind';
import { nowDate, type Clock } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limiter';
import { newAccessToken } from '../../lib/tokens';
import {
  authenticate,
  authenticateHashed,
  chainSettingsChanged,
  sessionCacheInUse,
  sessionsChanged,
} from './authenticate';
import type { AccountsDeps, AuthLimits } from './deps';
import { loginClientOf } from './known-devices';
import { login, loginSecondFactor, loginStaff, publicUser } from './login';
import { register } from './register';
import { createSessionCache, type SessionCache } from './session-cache';
import type { SessionInvalidation } from './session-cache-channel';
import type { TotpSecrets } from './totp-secrets';
import {
  createSessionsDeps,
  deactivateUser,
  endAllSessions,
  endOtherSessions,
  endSession,
  listSessions,
  logout,
  onSessionsEnded,
  sessionExpiresAt,
} from './sessions';

export type { AuthLimits };
export { CHALLENGE_TTL_MS, normalizeLogin } from './login';

/** What the accounts service is built from (modules/accounts/plugin.ts). */
export interface AccountsServiceOptions {
  db: DbExecutor;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  sessionTtlDays: number;
  sessionMaxDays: number;
  /** Remembered token lookups and their invalidation on every node (decision 048); none by default. */
  sessionCache?: { cache: SessionCache; invalidation: SessionInvalidation };
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
  /** The TOTP secrets sealed at rest (decision 075). */
  totp: TotpSecrets;
  /** The outbox, and where the storefront lives (its links; HTTPS marks the device cookie Secure). */
  mail: AccountsDeps['mail'];
  publicUrl: string;
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

/** The accounts' state made once: the sessions', the session cache, the decoy hash. */
export function createAccountsDeps(options: AccountsServiceOptions): AccountsDeps {
  const now = () => nowDate(options.clock);
  const { cache, invalidation } = options.sessionCache ?? localOnly();
  return {
    db: options.db,
    rateLimiter: options.rateLimiter,
    limits: options.limits,
    now,
    sessions: createSessionsDeps({
      db: options.db,
      ttlDays: options.sessionTtlDays,
      maxDays: options.sessionMaxDays,
      now,
      changed: (userId) => invalidation.usersChanged([userId]),
    }),
    cache,
    invalidation,
    decoyHash: hashPassword(newAccessToken()),
    totp: options.totp,
    mail: options.mail,
    publicUrl: options.publicUrl,
    secureCookies: options.publicUrl.startsWith('https://'),
  };
}

/** Logins, registration, the token lookup and the sessions, as app.accounts. */
export function createAccountsService(deps: AccountsDeps) {
  return {
    login: bind(deps, login),
    loginStaff: bind(deps, loginStaff),
    loginSecondFactor: bind(deps, loginSecondFactor),
    register: bind(deps, register),
    authenticate: bind(deps, authenticate),
    authenticateHashed: bind(deps, authenticateHashed),
    sessionsChanged: bind(deps, sessionsChanged),
    chainSettingsChanged: bind(deps, chainSettingsChanged),
    sessionCacheInUse: bind(deps, sessionCacheInUse),
    logout: bind(deps.sessions, logout),
    listSessions: bind(deps.sessions, listSessions),
    endSession: bind(deps.sessions, endSession),
    endOtherSessions: bind(deps.sessions, endOtherSessions),
    endAllSessions: bind(deps.sessions, endAllSessions),
    sessionExpiresAt: bind(deps.sessions, sessionExpiresAt),
    onSessionsEnded: bind(deps.sessions, onSessionsEnded),
    deactivateUser: bind(deps.sessions, deactivateUser),
    publicUser,
    /** Who is logging in through a route, its device cookie set once it does (decision 076). */
    loginClient: (request: FastifyRequest, reply: FastifyReply) =>
      loginClientOf(request, reply, deps.secureCookies),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
