import { chainToday } from '@comanda/shared';
import { settableClock, type SettableClock } from '../../src/lib/clock';

/**
 * How far the test apps' time is from the real one: `TEST_CLOCK_START` (an ISO instant) when set,
 * so the whole suite can run as if it were, say, a minute before the chain's midnight; otherwise
 * none. Fixed the first time a worker sees each value (the server projects run without isolation,
 * vitest.config.ts, and only SQLite's set it), so every app a file builds shares one timeline
 * that only moves forward: an app built later never reads an earlier time than one built before
 * it (a message one node queued is due for the next). Files that run later see later times: that
 * run crosses the chain's midnight partway, and a test reads the day from its app's clock when it
 * asserts, not when its file loaded.
 */
const offsets = new Map<string, number>();

function offset(): number {
  const start = process.env.TEST_CLOCK_START;
  if (!start) return 0;
  let known = offsets.get(start);
  if (known === undefined) {
    const at = Date.parse(start);
    if (Number.isNaN(at)) throw new Error(`TEST_CLOCK_START is not an ISO instant: ${start}`);
    known = at - Date.now();
    offsets.set(start, known);
  }
  return known;
}

/** Now on the test apps' timeline (TEST_CLOCK_START when the worker first read it, moving on since). */
export const testClockStart = (): number => Date.now() + offset();

/** A clock for one test app: it starts at testClockStart() and runs on; tests `advance` it. */
export const testClock = (): SettableClock => settableClock(testClockStart());

/** The chain's calendar day on `clock` (what the app calls today). */
export const todayOn = (clock: { now(): number }): string => chainToday(new Date(clock.now()));

/**
 * Moves `clock` past the chain's next midnight when that midnight falls within `windowMs`: for a
 * file that places orders in its setup and then counts "today's", which the SQLite suite's
 * crossing (TEST_CLOCK_START) would otherwise split between two days when it lands in that setup.
 */
export function clearOfMidnight(clock: SettableClock, windowMs = 10 * 60_000): void {
  while (todayOn(clock) !== chainToday(new Date(clock.now() + windowMs))) clock.advance(60_000);
}
