import type { SessionSummary } from '@comanda/shared';
import type { SessionUser } from '../../lib/authorization';
import { batchedLookup } from '../../lib/batched-lookup';
import { deviceLabel } from '../../lib/device-label';
import { hashToken, newAccessToken } from '../../lib/tokens';
import type { SessionsDeps, SessionsEndedListener } from './deps';
import {
  deactivateAccount,
  findLiveSession,
  findUnrevokedSessions,
  insertSession,
  listLiveSessions,
  revokeSessions,
  touchSession,
  type LiveSession,
} from './repository';
import type { SessionTimes } from './session-cache';
import type { DbExecutor } from '../../db/types';

// Access-token sessions (decision 005): start, resolve, list and end them. A session lives
// `ttlMs` after its last use (sliding) and never more than `maxMs` after it started (absolute);
// it also dies with its revocation or the deactivation of its account. Plain functions of their
// SessionsDeps (decision 065).

export type { SessionsEndedListener };

const DAY_MS = 86_400_000;
/**
 * `last_used_at` (and with it the sliding expiry) is written at most this often per session:
 * precise enough for "Último uso", and an active customer costs one write per five minutes
 * rather than one per request.
 */
export const TOUCH_INTERVAL_MS = 5 * 60_000;

const ms = (value: string | Date) => new Date(value).getTime();
const iso = (value: string | Date | number) => new Date(value).toISOString();

/** The sessions' state made once: this node's listeners and its batched session lookup. */
export function createSessionsDeps(options: {
  db: DbExecutor;
  ttlDays: number;
  maxDays: number;
  now: () => Date;
  changed: (userId: number) => void;
}): SessionsDeps {
  const { db } = options;
  return {
    db,
    ttlMs: options.ttlDays * DAY_MS,
    maxMs: options.maxDays * DAY_MS,
    now: options.now,
    changed: options.changed,
    listeners: new Set(),
    unrevoked: batchedLookup(async (ids: number[]) => {
      const rows = await findUnrevokedSessions(db, ids);
      return new Map(rows.map((row) => [row.id, row]));
    }),
  };
}

/** Sessions started at or before this are past their absolute lifetime. */
const createdAfter = ({ maxMs }: SessionsDeps, at: Date) => iso(at.getTime() - maxMs);
const expiryFrom = ({ ttlMs, maxMs }: SessionsDeps, at: number, createdAt: number) =>
  Math.min(at + ttlMs, createdAt + maxMs);

/** Revokes what is still live: an expired session is not "ended" again, nor counted. */
async function revoke(
  deps: SessionsDeps,
  userId: number,
  which: { only?: number; except?: number } = {},
) {
  const at = deps.now();
  let ended: number[];
  try {
    ended = await revokeSessions(deps.db, userId, iso(at), createdAfter(deps, at), which);
  } finally {
    // Even when the revocation failed: what called it (a deactivation, a new role) may have
    // committed a change the remembered sessions no longer reflect.
    deps.changed(userId);
  }
  announce(deps, ended);
  return ended;
}

/** A session row's times, read once (ISO text on SQLite, Dates on PostgreSQL). */
function timesOf(
  row: Pick<LiveSession, 'session_id' | 'created_at' | 'last_used_at' | 'expires_at'>,
): SessionTimes {
  const createdMs = ms(row.created_at);
  return {
    session_id: row.session_id,
    createdMs,
    lastUsedMs: row.last_used_at === null ? createdMs : ms(row.last_used_at),
    expiresMs: ms(row.expires_at),
  };
}

/**
 * Records a use at most every TOUCH_INTERVAL_MS, sliding the expiry (and `times` with it); null
 * when none is due, which is nearly always, so the caller has nothing to wait for.
 */
function touchIfDue(deps: SessionsDeps, times: SessionTimes, at: number): Promise<void> | null {
  return at - times.lastUsedMs < TOUCH_INTERVAL_MS ? null : touch(deps, times, at);
}

async function touch(deps: SessionsDeps, times: SessionTimes, at: number) {
  const expiresMs = expiryFrom(deps, at, times.createdMs);
  await touchSession(deps.db, times.session_id, iso(at), iso(expiresMs));
  times.lastUsedMs = at;
  times.expiresMs = expiresMs;
}

function announce({ listeners }: SessionsDeps, sessionIds: number[]) {
  if (sessionIds.length === 0) return;
  for (const listener of listeners) listener(sessionIds);
}

/** A new session's token. `secondFactor`: the login passed the account's second factor (decision 044). */
export async function startSession(
  deps: SessionsDeps,
  userId: number,
  userAgent: string | undefined,
  secondFactor = false,
): Promise<string> {
  const token = newAccessToken();
  const at = deps.now();
  await insertSession(deps.db, {
    second_factor_at: secondFactor ? iso(at) : null,
    user_id: userId,
    token_hash: hashToken(token),
    created_at: iso(at),
    last_used_at: iso(at),
    expires_at: iso(expiryFrom(deps, at.getTime(), at.getTime())),
    user_agent: deviceLabel(userAgent),
  });
  return token;
}

/** The live session of a token's hash with its user and its times, or null; records the use. */
export async function resolveSession(deps: SessionsDeps, tokenHash: string) {
  const at = deps.now();
  const session = await findLiveSession(deps.db, tokenHash, iso(at), createdAfter(deps, at));
  if (!session) return null;
  const times = timesOf(session);
  await touchIfDue(deps, times, at.getTime());
  return { session, times };
}

/**
 * For a session read earlier (the session cache): false once it has expired, as `resolveSession`
 * would find; else true, once a use that is due has been recorded (keeping `times` up to date).
 */
export function stillLive(deps: SessionsDeps, times: SessionTimes): boolean | Promise<boolean> {
  const at = deps.now().getTime();
  if (times.expiresMs <= at || times.createdMs <= at - deps.maxMs) return false;
  return touchIfDue(deps, times, at)?.then(() => true) ?? true;
}

/** When a session expires if unused, or null when it is no longer live (a socket checks by id). */
export async function sessionExpiresAt(
  deps: SessionsDeps,
  sessionId: number,
): Promise<Date | null> {
  const session = await deps.unrevoked(sessionId);
  if (!session) return null;
  const expiresAt = Math.min(ms(session.expires_at), ms(session.created_at) + deps.maxMs);
  return expiresAt > deps.now().getTime() ? new Date(expiresAt) : null;
}

/** The caller's live sessions, theirs marked `current`. */
export async function listSessions(
  deps: SessionsDeps,
  user: SessionUser,
): Promise<SessionSummary[]> {
  const at = deps.now();
  const rows = await listLiveSessions(deps.db, user.id, iso(at), createdAfter(deps, at));
  return rows.map((row) => ({
    id: row.id,
    created_at: iso(row.created_at),
    last_used_at: iso(row.last_used_at ?? row.created_at),
    current: row.id === user.sessionId,
    user_agent: row.user_agent,
  }));
}

/** Ends the caller's current session. */
export async function logout(deps: SessionsDeps, user: SessionUser): Promise<void> {
  await revoke(deps, user.id, { only: user.sessionId });
}

/** Ends one of the caller's sessions (the current one too); false when it is not theirs or not live. */
export async function endSession(
  deps: SessionsDeps,
  user: SessionUser,
  sessionId: number,
): Promise<boolean> {
  return (await revoke(deps, user.id, { only: sessionId })).length > 0;
}

/** "Cerrar las demás sesiones": every session of the caller but the current one; answers how many. */
export async function endOtherSessions(deps: SessionsDeps, user: SessionUser): Promise<number> {
  return (await revoke(deps, user.id, { except: user.sessionId })).length;
}

/** Every live session of an account; answers how many ended. */
export async function endAllSessions(deps: SessionsDeps, userId: number): Promise<number> {
  return (await revoke(deps, userId)).length;
}

/** Called with the ids of sessions as they are ended, on this node; answers the unsubscribe. */
export function onSessionsEnded(
  { listeners }: SessionsDeps,
  listener: SessionsEndedListener,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For the back office: the account can no longer log in, and every token it holds stops working
 * at once (its open sockets are closed). False when there is no such user.
 */
export async function deactivateUser(deps: SessionsDeps, userId: number): Promise<boolean> {
  const found = await deactivateAccount(deps.db, userId, deps.now().toISOString());
  if (found) await endAllSessions(deps, userId);
  return found;
}
