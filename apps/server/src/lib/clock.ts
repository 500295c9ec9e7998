/**
 * The time as the server reads it: one clock for every service and plugin, so tests and the
 * browser tests' server can set it (a suite run a minute before the chain's midnight, an undo
 * window passed without waiting it out). Production uses `systemClock`.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move: it starts at `startAt` and runs with real time from there. */
export interface SettableClock extends Clock {
  /** Puts the clock at `at`; it keeps running from there. */
  set(at: number): void;
  /** Moves the clock forward by `ms` (an undo window, a TTL) without waiting. */
  advance(ms: number): void;
}

export function settableClock(startAt: number, real: Clock = systemClock): SettableClock {
  let offset = startAt - real.now();
  return {
    now: () => real.now() + offset,
    set(at) {
      offset = at - real.now();
    },
    advance(ms) {
      offset += ms;
    },
  };
}

/** The current instant of `clock` as a Date (for code that formats or stores one). */
export const nowDate = (clock: Clock): Date => new Date(clock.now());

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's clock (buildApp's `clock` option): read the time through it, never `Date.now()`. */
    clock: Clock;
  }
}
