import {
  LOGIN_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  SESSION_MESSAGES,
  type AuthResponse,
  type LoginBody,
  type SecondFactorLoginBody,
  type StaffLoginResponse,
  type User,
} from '@comanda/shared';
import { secondFactorRequired } from '../../lib/authorization';
import { HttpError } from '../../lib/http-error';
import { verifyPassword } from '../../lib/passwords';
import { enforceRateLimit } from '../../lib/rate-limiter';
import { hashToken, newAccessToken } from '../../lib/tokens';
import type { AccountsDeps, LoginClient } from './deps';
import { branchesOf, findUserByEmail, findUserByPhone } from './repository';
import { knownDevice, rememberDevice } from './known-devices';
import { admit, failed, giveBack } from './login-limits';
import { checkSecondFactorCode } from './second-factor';
import {
  chainSecondFactorSettings,
  findLiveChallenge,
  insertChallenge,
  useChallenge,
} from './second-factor-repository';
import { startSession } from './sessions';

// The three logins (decision 005, decision 044): the storefront's, the console's, and the
// console's code step. Plain functions of AccountsDeps (decision 065).

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

/** The account as its owner may see it: no hashes, no flags. */
export const publicUser = (u: {
  id: number;
  name: string;
  email: string;
  phone: string;
}): User => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
});

/** Counts one attempt under `key`; a 429 once `max` were made within the window. */
export const authLimit = ({ rateLimiter, limits }: AccountsDeps, key: string, max: number) =>
  enforceRateLimit(rateLimiter, key, { limit: max, windowSeconds: limits.windowSeconds });

const invalidCredentials = () =>
  new HttpError(400, LOGIN_MESSAGES.invalidCredentials, {
    errors: { password_login: [LOGIN_MESSAGES.invalidCredentials] },
  });

/**
 * The password step of every login: the account, or the Spanish 400. Guesses count against the
 * client and the account (however it is named: email or phone, any spelling) or the login that
 * names none, failures only, a known device apart (login-limits.ts, decision 076).
 */
async function checkPassword(deps: AccountsDeps, body: LoginBody, client: LoginClient) {
  const login = normalizeLogin(body.email_login);
  const user = await (login.kind === 'email'
    ? findUserByEmail(deps.db, login.value)
    : findUserByPhone(deps.db, login.value));
  const attempt = await admit(deps, {
    ip: client.ip,
    target: user ? `login-account:${user.id}` : `login-unknown:${login.kind}:${login.value}`,
    knownDevice: await knownDevice(deps.db, user?.id, client.device),
  });
  const valid = user
    ? await verifyPassword(user.password_hash, body.password_login)
    : (await verifyPassword(await deps.decoyHash, body.password_login), false);
  if (!user || !valid) {
    await failed(deps, attempt);
    throw invalidCredentials();
  }
  await giveBack(deps, attempt);
  if (user.deactivated_at !== null) {
    throw new HttpError(400, SESSION_MESSAGES.accountDeactivated, {
      errors: { email_login: [SESSION_MESSAGES.accountDeactivated] },
    });
  }
  return user;
}

/** A new session for the account, and this browser remembered as one it logged in on. */
async function sessionFor(
  deps: AccountsDeps,
  userId: number,
  client: LoginClient,
  secondFactorPassed = false,
) {
  const token = await startSession(deps.sessions, userId, client.userAgent, secondFactorPassed);
  if (client.keepDevice)
    client.keepDevice(await rememberDevice(deps.db, userId, client.device, deps.now()));
  return token;
}

/**
 * The storefront's login. An account with a second factor is sent to the console, whose login
 * asks for the code: this contract stays as customers know it (decision 044).
 */
export async function login(
  deps: AccountsDeps,
  body: LoginBody,
  client: LoginClient,
): Promise<AuthResponse> {
  const user = await checkPassword(deps, body, client);
  if (user.totp_enabled_at !== null) throw refused('email_login', SECOND_FACTOR_MESSAGES.usePanel);
  return { access_token: await sessionFor(deps, user.id, client), user: publicUser(user) };
}

/**
 * The console's login: with a second factor, the code step's `mfa_token` (a short-lived,
 * single-use token whose hash is stored; not an access token); without one, the session, saying
 * whether the chain wants the account to enrol before it uses the console.
 */
export async function loginStaff(
  deps: AccountsDeps,
  body: LoginBody,
  client: LoginClient,
): Promise<StaffLoginResponse> {
  const user = await checkPassword(deps, body, client);
  if (user.totp_enabled_at !== null) {
    const token = newAccessToken();
    const at = deps.now();
    await insertChallenge(deps.db, {
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + CHALLENGE_TTL_MS).toISOString(),
    });
    return { status: false, mfa_required: true, mfa_token: token };
  }
  // A new session has no grace (decision 083): asked, it enrols now.
  const branchIds =
    user.role === 'staff' || user.role === 'courier' ? await branchesOf(deps.db, user.id) : [];
  const required = secondFactorRequired(
    { role: user.role, branch_ids: branchIds },
    await chainSecondFactorSettings(deps.db),
  );
  return {
    access_token: await sessionFor(deps, user.id, client),
    user: publicUser(user),
    mfa_enrolment_required: required,
  };
}

/** The code step: the `mfa_token` and a TOTP or recovery code give the session. */
export async function loginSecondFactor(
  deps: AccountsDeps,
  body: SecondFactorLoginBody,
  client: LoginClient,
): Promise<AuthResponse> {
  const { db } = deps;
  const at = deps.now();
  const challenge = await findLiveChallenge(db, hashToken(body.mfa_token), at.toISOString());
  if (!challenge || challenge.totp_secret === null) {
    // A token that is no challenge is a failure of this address's too.
    await authLimit(deps, `login-ip:${client.ip}`, deps.limits.perIp);
    throw refused('mfa_token', SECOND_FACTOR_MESSAGES.challengeExpired);
  }
  await authLimit(deps, `login-challenge:${challenge.challenge_id}`, CHALLENGE_ATTEMPTS);
  // Wrong codes count against the account as wrong passwords do (a known device apart).
  const attempt = await admit(deps, {
    ip: client.ip,
    target: `login-account:${challenge.id}`,
    knownDevice: await knownDevice(db, challenge.id, client.device),
  });
  const secret = deps.totp.open(challenge.id, challenge.totp_secret);
  if (!(await checkSecondFactorCode(db, { id: challenge.id, secret }, body.code, at))) {
    await failed(deps, attempt);
    throw refused('code', SECOND_FACTOR_MESSAGES.wrongCode);
  }
  await giveBack(deps, attempt);
  if (!(await useChallenge(db, challenge.challenge_id, at.toISOString())))
    throw refused('mfa_token', SECOND_FACTOR_MESSAGES.challengeExpired);
  return {
    access_token: await sessionFor(deps, challenge.id, client, true),
    user: publicUser(challenge),
  };
}
