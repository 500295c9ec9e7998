import type { SessionUser } from '../../lib/authorization';
import { hashToken, looksLikeToken } from '../../lib/tokens';
import type { AccountsDeps } from './deps';
import { branchesOf, type LiveSession } from './repository';
import { sessionSecondFactor } from './second-factor-rule';
import { resolveSession, stillLive } from './sessions';

// The token lookup every request with a bearer token goes through, and the forgetting of what
// it remembers (decision 048). Plain functions of AccountsDeps (decision 065).

/** A session's user as authorization sees it; frozen, since the session cache hands it out again. */
function sessionUser(
  session: LiveSession,
  branchIds: number[],
  factor: Awaited<ReturnType<typeof sessionSecondFactor>>,
): Readonly<SessionUser> {
  return Object.freeze({
    id: session.id,
    name: session.name,
    email: session.email,
    phone: session.phone,
    role: session.role,
    branch_ids: Object.freeze(branchIds),
    sessionId: session.session_id,
    second_factor: factor.state,
    second_factor_grace_until: factor.graceUntil,
  });
}

/**
 * The user behind a bearer token, or null for a missing, malformed, unknown, expired or revoked
 * one, or one of a deactivated account. Remembered for a few seconds (decision 048): every change
 * that ends a session or changes what authorization knows of its user is forgotten on every node
 * (`sessionsChanged`, `chainSettingsChanged`, and every revocation).
 */
export const authenticate = (deps: AccountsDeps, token: string) =>
  looksLikeToken(token) ? authenticateHashed(deps, hashToken(token)) : Promise.resolve(null);

/**
 * `authenticate` for a token already hashed (lib/tokens.ts): a socket's token is hashed once
 * for all its orders (plugins/socket/handshake.ts).
 */
export async function authenticateHashed(
  { db, cache, sessions, now }: AccountsDeps,
  tokenHash: string,
): Promise<SessionUser | null> {
  const cached = cache.get(tokenHash);
  if (cached && (await stillLive(sessions, cached.times))) return cached.user;
  const begun = cache.generation();
  const found = await resolveSession(sessions, tokenHash);
  if (!found) return null;
  const { session, times } = found;
  // Only staff and couriers have rows; an admin acts on every branch without them.
  const branchIds =
    session.role === 'staff' || session.role === 'courier' ? await branchesOf(db, session.id) : [];
  const factor = await sessionSecondFactor(db, session, branchIds, now());
  const user = sessionUser(session, branchIds, factor);
  cache.set(tokenHash, { user, times }, begun);
  return user;
}

/**
 * What authorization knows of these users changed (their name, email, role, branches or second
 * factor): their remembered sessions are read again, on every node.
 */
export const sessionsChanged = ({ invalidation }: AccountsDeps, userIds: readonly number[]) =>
  invalidation.usersChanged(userIds);

/** The chain's second-factor settings changed: every remembered session is read again. */
export const chainSettingsChanged = ({ invalidation }: AccountsDeps) =>
  invalidation.everythingChanged();

/** Whether this node answers from its session cache now (not while it cannot hear the others). */
export const sessionCacheInUse = ({ cache }: AccountsDeps) => cache.usable();
