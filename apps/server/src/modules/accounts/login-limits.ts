import { MESSAGES } from '@comanda/shared';
import { HttpError } from '../../lib/http-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { AuthLimits } from './deps';

// What stops guessing at a password or a code (ASVS 2.2.1, decision 076), without letting a
// stranger lock the owner out:
// - only failures count: each attempt counts a hit before the password is checked (so a burst
//   sent at once cannot slip past the limit) and gives it back once the password turns out right;
// - an account past its limit is slowed, not shut: one attempt per cool-down, the cool-down
//   growing with each failure, never the whole window;
// - a browser the account has logged in on (a known device) counts against nothing but its own
//   failures: other people's guesses at the account, or from the same address, never refuse it.

/** The first cool-down past the account's limit, doubled after each further failure… */
export const COOL_DOWN_FIRST_SECONDS = 10;
/** …up to this. */
export const COOL_DOWN_MAX_SECONDS = 300;

/** The `nth` cool-down: the first after the limit-th failure, the next after each later one. */
export const coolDownSeconds = (nth: number) =>
  Math.min(COOL_DOWN_MAX_SECONDS, COOL_DOWN_FIRST_SECONDS * 2 ** Math.max(0, nth - 1));

export interface LimitsDeps {
  rateLimiter: RateLimiter;
  limits: AuthLimits;
}

/** Who is guessing at what: the client, and the account (or the unknown login) it names. */
export interface Guess {
  ip: string;
  /** `login-account:<id>`, or `login-unknown:<kind>:<login>` when nothing matches. */
  target: string;
  /** The SHA-256 of the browser's device id when the account logged in on it before. */
  knownDevice: string | null;
}

/** One attempt let through: the hits it counted, kept if it fails, given back if it does not. */
export interface Attempt {
  guess: Guess;
  counted: string[];
  /** The target's count with this attempt. */
  count: number;
}

const tooMany = (retryAfter: number) =>
  new HttpError(429, MESSAGES.tooManyRequests, {}, { 'retry-after': String(retryAfter) });

const slowKey = (guess: Guess) => `${guess.target}:slow`;

/** Gives back every hit the attempt counted: it was no failure. */
export async function giveBack({ rateLimiter }: LimitsDeps, attempt: Attempt): Promise<void> {
  for (const key of attempt.counted) await rateLimiter.refund(key);
}

/** Counts one hit on `key` for the attempt; past `max`, gives its hits back and refuses it. */
async function count(deps: LimitsDeps, attempt: Attempt, key: string, max: number) {
  const result = await deps.rateLimiter.hit(key, max, deps.limits.windowSeconds);
  attempt.counted.push(key);
  if (result.allowed) return result.count;
  await giveBack(deps, attempt);
  throw tooMany(result.retryAfter);
}

/**
 * Lets an attempt through or refuses it with the Spanish 429 and Retry-After. A known device
 * answers only to its own failures; anyone else to the address's and the account's, and past
 * the account's limit to its cool-down.
 */
export async function admit(deps: LimitsDeps, guess: Guess): Promise<Attempt> {
  const { limits, rateLimiter } = deps;
  const attempt: Attempt = { guess, counted: [], count: 0 };
  if (guess.knownDevice) {
    await count(deps, attempt, `login-device:${guess.knownDevice}`, limits.perAccount);
    return attempt;
  }
  await count(deps, attempt, `login-ip:${guess.ip}`, limits.perIp);
  // The target's own limit never refuses: past it the cool-down decides.
  attempt.count = await count(deps, attempt, guess.target, Number.MAX_SAFE_INTEGER);
  const past = attempt.count - limits.perAccount;
  if (past > 0) {
    // This attempt takes the slot and holds it for the next cool-down (the limit-th failure
    // held the first one).
    const slot = await rateLimiter.hit(slowKey(guess), 1, coolDownSeconds(past + 1));
    if (!slot.allowed) {
      await giveBack(deps, attempt);
      throw tooMany(slot.retryAfter);
    }
  }
  return attempt;
}

/** The attempt failed: its hits stay; the failure that reaches the limit starts the cool-down. */
export async function failed({ rateLimiter, limits }: LimitsDeps, attempt: Attempt) {
  // Past the limit the attempt already holds the cool-down it took.
  if (attempt.guess.knownDevice || attempt.count !== limits.perAccount) return;
  await rateLimiter.hit(slowKey(attempt.guess), 1, coolDownSeconds(1));
}
