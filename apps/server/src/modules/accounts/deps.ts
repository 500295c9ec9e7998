// What the accounts module's functions are given (decision 065): one type per part, each built
// in a plugin (plugin.ts, second-factor-plugin.ts); the accounts' own state by createAccountsDeps
// (service.ts) and the sessions' by createSessionsDeps (sessions.ts).
import type { DbExecutor } from '../../db/types';
import type { AdminWrite } from '../../lib/admin-write';
import type { Background } from '../../lib/background';
import type { SessionUser } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Mail } from '../mail/plugin';
import type { UnrevokedSession } from './repository';
import type { SessionCache } from './session-cache';
import type { SessionInvalidation } from './session-cache-channel';
import type { TotpSecrets } from './totp-secrets';

export interface AuthLimits {
  perIp: number;
  perAccount: number;
  windowSeconds: number;
}

/** Told the ids of sessions that were just revoked, so their open sockets can be closed. */
export type SessionsEndedListener = (sessionIds: number[]) => void;

/** Access-token sessions (sessions.ts): their lifetimes, and this node's listeners and lookups. */
export interface SessionsDeps {
  db: DbExecutor;
  /** A session lives this long after its last use (sliding)… */
  ttlMs: number;
  /** …and never longer than this after it started (absolute). */
  maxMs: number;
  now: () => Date;
  /** Told, once the change is committed, whose sessions were just revoked (the session cache). */
  changed: (userId: number) => void;
  listeners: Set<SessionsEndedListener>;
  /** Every order re-reads its session: checks that arrive together share one query. */
  unrevoked: (sessionId: number) => Promise<UnrevokedSession | undefined>;
}

/** Who is logging in, as the route sees them. */
export interface LoginClient {
  ip: string;
  userAgent?: string | undefined;
  /** The device id the browser's cookie carries, if any (known-devices.ts). */
  device?: string | undefined;
  /** Told the device id to keep once a session starts: the route sets the cookie. */
  keepDevice?: (deviceId: string) => void;
}

/** Logins, registration and the token lookup (login.ts, register.ts, authenticate.ts). */
export interface AccountsDeps {
  db: DbExecutor;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  now: () => Date;
  sessions: SessionsDeps;
  /** Remembered token lookups (decision 048)… */
  cache: SessionCache;
  /** …and their forgetting on every node. */
  invalidation: SessionInvalidation;
  /**
   * Verified against when the account does not exist, so a miss costs what a hit costs and
   * response times do not tell which emails have accounts.
   */
  decoyHash: Promise<string>;
  /** The TOTP secrets sealed at rest, opened for the code step (decision 075). */
  totp: TotpSecrets;
  /** Registration's notice to the owner of an email or phone already taken (decision 076). */
  mail: Pick<Mail, 'enqueue' | 'nudge'>;
  /** Where the storefront lives: the notice's link to log in starts with it. */
  publicUrl: string;
  /** Whether the device cookie is marked Secure (the storefront is served over HTTPS). */
  secureCookies: boolean;
}

/** "¿Olvidaste tu contraseña?" (password-reset.ts). */
export interface PasswordResetDeps {
  db: DbExecutor;
  mail: Pick<Mail, 'enqueue' | 'nudge'>;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  /** Where the storefront lives: the link starts with it (never with a request's Host). */
  publicUrl: string;
  endAllSessions: (userId: number) => Promise<number>;
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
  /** Where a request's link is made, after its answer (decision 076). */
  background: Background;
  /** Told when a link could not even be queued (the queue is full). */
  onDropped: (message: string) => void;
}

/** The account's own password and email (credential-changes.ts). */
export interface CredentialChangesDeps {
  db: DbExecutor;
  mail: Pick<Mail, 'enqueue' | 'nudge'>;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  endOtherSessions: (user: SessionUser) => Promise<number>;
  /** The email is part of what every node remembers of the account's sessions (decision 048). */
  sessionsChanged: (userIds: readonly number[]) => void;
}

/** Enrolment in the second factor and the chain's setting (second-factor-service.ts). */
export interface SecondFactorDeps {
  db: DbExecutor;
  rateLimiter: RateLimiter;
  limits: AuthLimits;
  write: AdminWrite;
  /** Turning the factor on or off is announced to the account (ASVS 2.5.5). */
  mail: Pick<Mail, 'enqueue' | 'nudge'>;
  /** The secrets sealed at rest (decision 075). */
  totp: TotpSecrets;
  /**
   * Whether an account has the factor, and whom the chain asks for it, decide what its sessions
   * may do: every node reads them again after a change (decision 048).
   */
  sessions: {
    sessionsChanged: (userIds: readonly number[]) => void;
    chainSettingsChanged: () => void;
  };
  /** The app's clock (lib/clock.ts). */
  clock: Clock;
}
