import type { SessionSummary } from '@comanda/shared';
import { batchedLookup } from '../../lib/batched-lookup';
import { deviceLabel } from '../../lib/device-label';
import { hashToken, newAccessToken } from '../../lib/tokens';
import type { AccountsRepository } from './repository';
import type { SessionTimes } from './session-cache';

const DAY_MS = 86_400_000;
/**
 * `last_used_at` (and with it the sliding expiry) is written at most this often per session:
 * precise enough for "Último uso", and an active customer costs one write per five minutes
 * rather than one per request.
 */
export const TOUCH_INTERVAL_MS = 5 * 60_000;

/** Told the ids of sessions that were just revoked, so their open sockets can be closed. */
export type SessionsEndedListener = (sessionIds: number[]) => void;

const ms = (value: string | Date) => new Date(value).getTime();
const iso = (value: string | Date | number) => new Date(value).toISOString();

/**
 * Access-token sessions (decision 005): start, resolve, list and end them. A session lives
 * `ttlDays` after its last use (sliding) and never more than `maxDays` after it started
 * (absolute); it also dies with its revocation or the deactivation of its account.
 */
export function createSessions(options: {
  repository: AccountsRepository;
  ttlDays: number;
  maxDays: number;
  now: () => Date;
  /** Told, once the change is committed, whose sessions were just revoked (the session cache). */
  changed: (userId: number) => void;
}) {
  const { repository, now } = options;
  const ttlMs = options.ttlDays * DAY_MS;
  const maxMs = options.maxDays * DAY_MS;
  const listeners = new Set<SessionsEndedListener>();
  // Every order re-reads its session: checks that arrive together share one query.
  const unrevoked = batchedLookup(async (ids: number[]) => {
    const rows = await repository.findUnrevokedSessions(ids);
    return new Map(rows.map((row) => [row.id, row]));
  });

  /** Sessions started at or before this are past their absolute lifetime. */
  const createdAfter = (at: Date) => iso(at.getTime() - maxMs);
  const expiryFrom = (at: number, createdAt: number) => Math.min(at + ttlMs, createdAt + maxMs);

  /** Revokes what is still live: an expired session is not "ended" again, nor counted. */
  async function revoke(userId: number, which: { only?: number; except?: number } = {}) {
    const at = now();
    let ended: number[];
    try {
      ended = await repository.revokeSessions(userId, iso(at), createdAfter(at), which);
    } finally {
      // Even when the revocation failed: what called it (a deactivation, a new role) may have
      // committed a change the remembered sessions no longer reflect.
      options.changed(userId);
    }
    announce(ended);
    return ended;
  }

  /** Records a use at most every TOUCH_INTERVAL_MS, sliding the expiry (and `times` with it). */
  async function touchIfDue(times: SessionTimes, at: Date) {
    if (at.getTime() - ms(times.last_used_at ?? times.created_at) < TOUCH_INTERVAL_MS) return;
    const expiresAt = iso(expiryFrom(at.getTime(), ms(times.created_at)));
    await repository.touchSession(times.session_id, iso(at), expiresAt);
    times.last_used_at = iso(at);
    times.expires_at = expiresAt;
  }

  function announce(sessionIds: number[]) {
    if (sessionIds.length === 0) return;
    for (const listener of listeners) listener(sessionIds);
  }

  return {
    /** `secondFactor`: the login passed the account's second factor (decision 044). */
    async start(
      userId: number,
      userAgent: string | undefined,
      secondFactor = false,
    ): Promise<string> {
      const token = newAccessToken();
      const at = now();
      await repository.insertSession({
        second_factor_at: secondFactor ? iso(at) : null,
        user_id: userId,
        token_hash: hashToken(token),
        created_at: iso(at),
        last_used_at: iso(at),
        expires_at: iso(expiryFrom(at.getTime(), at.getTime())),
        user_agent: deviceLabel(userAgent),
      });
      return token;
    },

    /** The live session of a token's hash with its user, or null; records the use. */
    async resolve(tokenHash: string) {
      const at = now();
      const session = await repository.findLiveSession(tokenHash, iso(at), createdAfter(at));
      if (!session) return null;
      await touchIfDue(session, at);
      return session;
    },

    /**
     * For a session read earlier (the session cache): false once it has expired, as `resolve`
     * would find; else records the use, keeping `times` up to date.
     */
    async stillLive(times: SessionTimes): Promise<boolean> {
      const at = now();
      if (ms(times.expires_at) <= at.getTime() || ms(times.created_at) <= at.getTime() - maxMs)
        return false;
      await touchIfDue(times, at);
      return true;
    },

    /** When a session stops being live if nobody uses it, or null when it is not live now. */
    async expiresAt(sessionId: number): Promise<Date | null> {
      const session = await unrevoked(sessionId);
      if (!session) return null;
      const expiresAt = Math.min(ms(session.expires_at), ms(session.created_at) + maxMs);
      return expiresAt > now().getTime() ? new Date(expiresAt) : null;
    },

    async list(userId: number, currentId: number): Promise<SessionSummary[]> {
      const at = now();
      const rows = await repository.listLiveSessions(userId, iso(at), createdAfter(at));
      return rows.map((row) => ({
        id: row.id,
        created_at: iso(row.created_at),
        last_used_at: iso(row.last_used_at ?? row.created_at),
        current: row.id === currentId,
        user_agent: row.user_agent,
      }));
    },

    /** Ends one session of this user; false when it is not theirs or already ended. */
    async end(userId: number, sessionId: number): Promise<boolean> {
      return (await revoke(userId, { only: sessionId })).length > 0;
    },

    /** Ends every session of this user but one ("cerrar las demás sesiones"); answers how many. */
    async endOthers(userId: number, keepId: number): Promise<number> {
      return (await revoke(userId, { except: keepId })).length;
    },

    async endAll(userId: number): Promise<number> {
      return (await revoke(userId)).length;
    },

    /** Subscribes to revocations; answers the unsubscribe. */
    onEnded(listener: SessionsEndedListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
