import type { Timestamp } from '../db/types';

/**
 * A branch's pause is one column, `paused_until`: paused while it lies in the future. "Until
 * reopened" stores this far-future instant, so every reader — placement, the catalogue, the
 * console — asks the same single question, and a timed pause ends by itself when read after its
 * time, on every node, with no job to run.
 */
export const UNTIL_REOPENED = new Date('9999-12-31T00:00:00.000Z');

export interface PauseState {
  paused: boolean;
  until_reopened: boolean;
  /** When a timed pause ends; null when not paused or paused until reopened. */
  resumes_at: Date | null;
}

export function pauseState(pausedUntil: Timestamp | null, now: Date): PauseState {
  const until = pausedUntil === null ? null : new Date(pausedUntil);
  if (!until || until.getTime() <= now.getTime())
    return { paused: false, until_reopened: false, resumes_at: null };
  const untilReopened = until.getTime() >= UNTIL_REOPENED.getTime();
  return { paused: true, until_reopened: untilReopened, resumes_at: untilReopened ? null : until };
}
