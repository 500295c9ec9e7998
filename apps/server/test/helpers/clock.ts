import { chainToday } from '@comanda/shared';
import { settableClock, type SettableClock } from '../../src/lib/clock';

/**
 * Where a test app's clock starts: `TEST_CLOCK_START` (an ISO instant) when set, so the whole
 * suite can run as if it were, say, a minute before the chain's midnight; otherwise now.
 */
export function testClockStart(): number {
  const start = process.env.TEST_CLOCK_START;
  if (!start) return Date.now();
  const at = Date.parse(start);
  if (Number.isNaN(at)) throw new Error(`TEST_CLOCK_START is not an ISO instant: ${start}`);
  return at;
}

/** A clock for one test app: it starts at testClockStart() and runs on; tests `advance` it. */
export const testClock = (): SettableClock => settableClock(testClockStart());

/** The chain's calendar day on `clock` (what the app calls today). */
export const todayOn = (clock: { now(): number }): string => chainToday(new Date(clock.now()));
