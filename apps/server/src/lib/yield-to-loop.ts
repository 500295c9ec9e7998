import { setImmediate } from 'node:timers/promises';

/**
 * Lets the event loop serve what is waiting before a long synchronous step goes on. SQLite reads
 * are synchronous, so building a large answer (a 600-product category and its thousands of
 * options) is one block unless it is cut: cut between its reads, each request waiting meanwhile
 * is served after one of them, not after all (bench:scale, a burst of edits at a 100× menu).
 */
export const yieldToLoop = (): Promise<void> => setImmediate();
