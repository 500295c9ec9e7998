import { renderedScreenOf, screenSlug } from '@comanda/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { CachedBody, PeekStamp } from '../../lib/response-cache';
import { yieldToLoop } from '../../lib/yield-to-loop';
import { touchedProducts, type CatalogChange } from '../catalog-events';

// The server-rendered pages kept, and how each is made again (decision 089): a request never
// waits for a page that is only possibly old. It gets the last good bytes while the next version
// is made, for at most STALE_GRACE_MS after the first change that may have aged it; a sold-out
// switch, a branch's state and an answer's TTL (a daypart's end) are shown at once (their requests
// wait for a page made after them); and a change that names
// what it touched (a product's edit) makes again, right away and one at a time, only the pages
// made of it.

/** How long a page that a change may have made old is still served while its next one is made. */
export const STALE_GRACE_MS = 1_000;
/** Rendered pages kept at most: routes × branches of a large chain, and a bound on unknown slugs. */
const MAX_PAGES = 2_000;

/** A rendered page as it is sent: its status, and its HTML with the HTML's compressed variants. */
export interface ServedPage {
  status: 200 | 404;
  body: CachedBody;
}

/** A page as it was made: the page, and what it was made of (server-render.ts checks them). */
export interface MadePage {
  page: ServedPage;
  /**
   * The catalogue's cached answers the page was rendered from, by identity: how to read each
   * again, and how to peek at it without waiting (null: it cannot be, the fast path declines).
   */
  reads: {
    read: () => Promise<unknown>;
    peek: ((stamp: PeekStamp) => { value: unknown } | null | undefined) | null;
    value: unknown;
  }[];
  /** Since the fast path last found every read fresh: while it holds, they still are. */
  checked: PeekStamp | null;
}

/**
 * Makes the page (the entry's render, with the brand and frame of the latest request), and what
 * besides the catalogue's answers it is made with: the chain's brand name. A page made with
 * another is not served (decision 046: a rename reaches the next page at once).
 */
export interface Make {
  run: () => Promise<MadePage | null>;
  input: string;
}

interface Entry extends MadePage {
  path: string;
  branchId: number | null;
  /** What it was made with (Make's `input`), and how to make it again. */
  input: string;
  make: Make;
  /**
   * The latest change that may have made it old (by the store's count of changes), since when
   * the page has been possibly old, and whether that change must be shown at once (a sold-out
   * switch: requests wait for a page made after it). Null while it is known current.
   */
  mark: { seq: number; since: number; hard: boolean } | null;
}

/**
 * One page's next version being made: started after change `seq`, with `input` (Make's: the
 * brand name), shared by its requests.
 */
interface Job {
  seq: number;
  input: string;
  done: Promise<ServedPage | null>;
}

export interface PageStoreDeps {
  clock: Clock;
  log: FastifyBaseLogger;
  /** Whether every answer the page was made of is what the cache serves fresh now (sync, peeks). */
  isFresh: (page: MadePage) => boolean;
  /** Whether every answer the page was made of is still the one the cache gives (may wait). */
  stillValid: (page: MadePage) => Promise<boolean>;
}

/** A sold-out switch (of a product or an option): the customer must see it on the next page. */
const mustShowAtOnce = (change: CatalogChange) =>
  change.type === 'availability' || change.type === 'option-availability';

/** Whether a change may have made the page old (the catalogue cache drops its answers likewise). */
function affects(change: CatalogChange, { path, branchId }: Entry): boolean {
  const screen = renderedScreenOf(path);
  if (mustShowAtOnce(change) && 'branch_id' in change)
    // A branch's availability; the chain's pages (no branch) merge every branch's answers.
    return (
      (screen === 'category' || screen === 'product') &&
      (branchId === null || branchId === change.branch_id)
    );
  // A branch's own state is in the branch list every page reads: seen by identity (isFresh).
  if (change.type === 'branch') return false;
  const touched = touchedProducts(change);
  if (!touched) return true; // the menu, the brand: every page
  if (screen === 'product') return touched.slugs.includes(screenSlug(path));
  return screen === 'category' && touched.categories.includes(screenSlug(path));
}

export function pageStore(deps: PageStoreDeps) {
  const pages = new Map<string, Entry>();
  const jobs = new Map<string, Job>();
  /** The changes' pages being made again in turn (inTurn). */
  const turns = new Set<Promise<void>>();
  /** Changes heard so far, and the count at the latest one that must be shown at once. */
  let seq = 0;
  let lastHard = 0;

  /** Keeps a page made by a job that started after change `started`: any change since marks it. */
  function keep(key: string, entry: Entry, started: number) {
    entry.mark =
      seq > started
        ? { seq, since: entry.mark?.since ?? deps.clock.now(), hard: lastHard > started }
        : null;
    if (!pages.has(key) && pages.size >= MAX_PAGES)
      pages.delete(pages.keys().next().value as string);
    pages.set(key, entry);
  }

  /**
   * The job making `key` again: the running one, unless it started before change `after` or
   * makes the page with another input than the latest request's.
   */
  function refresh(key: string, kept: Entry, after: number): Promise<ServedPage | null> {
    // The latest request's way of making it (its brand and frame), whichever entry is kept then.
    const { make } = kept;
    const running = jobs.get(key);
    if (running && running.seq >= after && running.input === make.input) return running.done;
    const started = seq;
    const done = (async () => {
      if (running) await running.done.catch(() => null);
      const current = pages.get(key) ?? kept;
      // Past a change it must show, or made with another brand, it is made again whatever.
      const same = make.input === current.input;
      if (!current.mark?.hard && same && (await deps.stillValid(current))) {
        keep(key, { ...current, make, checked: null }, started);
        return current.page;
      }
      const made = await make.run();
      if (!made) pages.delete(key);
      else keep(key, { ...current, ...made, input: make.input, make }, started);
      return made?.page ?? null;
    })();
    track(key, { seq: started, input: make.input, done });
    return done;
  }

  function track(key: string, job: Job) {
    jobs.set(key, job);
    const settled = () => {
      if (jobs.get(key) === job) jobs.delete(key);
    };
    // Handled here too: a job nobody waits for (served stale meanwhile) never fails unheard.
    job.done.then(settled, (error: unknown) => {
      settled();
      deps.log.error({ err: error, key }, 'could not render the page again');
    });
  }

  /** The first render of a page: nothing to serve meanwhile, so its requests share the render. */
  function first(key: string, path: string, branchId: number | null, make: Make) {
    const running = jobs.get(key);
    if (running) return running.done;
    const started = seq;
    const done = make.run().then((made) => {
      if (made)
        keep(key, { ...made, path, branchId, input: make.input, make, mark: null }, started);
      return made?.page ?? null;
    });
    track(key, { seq: started, input: make.input, done });
    return done;
  }

  /** The page for a request: the kept one while current or within its grace, else the next one. */
  function get(key: string, path: string, branchId: number | null, make: Make) {
    const entry = pages.get(key);
    if (!entry) return first(key, path, branchId, make);
    entry.make = make;
    if (entry.input !== make.input) {
      entry.mark = { seq, since: entry.mark?.since ?? deps.clock.now(), hard: true };
      return refresh(key, entry, seq);
    }
    if (!entry.mark && deps.isFresh(entry)) return Promise.resolve(entry.page);
    // Old with no change marking it: a branch's state (closed, paused, its hours) or an answer
    // past its TTL (a daypart that ended). A customer must see those on the next page, as a
    // sold-out switch: only an edit that marked the page is served old, within the grace.
    entry.mark ??= { seq, since: deps.clock.now(), hard: true };
    const next = refresh(key, entry, entry.mark.hard ? entry.mark.seq : 0);
    if (!entry.mark.hard && deps.clock.now() - entry.mark.since < STALE_GRACE_MS)
      return Promise.resolve(entry.page);
    return next;
  }

  /** The kept page if a request may have it at once, without waiting: for the fast path. */
  function fresh(key: string): ServedPage | undefined {
    const entry = pages.get(key);
    if (!entry) return undefined;
    if (!entry.mark) return deps.isFresh(entry) ? entry.page : undefined;
    const within = deps.clock.now() - entry.mark.since < STALE_GRACE_MS;
    // Its next version is being made: the old bytes meanwhile, as the route would send.
    return !entry.mark.hard && within && jobs.has(key) ? entry.page : undefined;
  }

  /** Marks the pages a change may have aged; those it names are made again now, in turn. */
  function changed(change: CatalogChange) {
    seq += 1;
    const hard = mustShowAtOnce(change);
    if (hard) lastHard = seq;
    // Only a change that says what it touched is worth making pages for before they are asked.
    const eager = hard || touchedProducts(change) !== null;
    const again: string[] = [];
    for (const [key, entry] of pages) {
      if (!affects(change, entry)) continue;
      const since = entry.mark?.since ?? deps.clock.now();
      entry.mark = { seq, since, hard: hard || (entry.mark?.hard ?? false) };
      if (eager) again.push(key);
    }
    if (again.length === 0) return;
    const turn = inTurn(again);
    turns.add(turn);
    void turn.finally(() => turns.delete(turn));
  }

  /** One page at a time, the loop served between them: a burst of edits never blocks it long. */
  async function inTurn(keys: string[]) {
    for (const key of keys) {
      const entry = pages.get(key);
      if (!entry?.mark) continue;
      await refresh(key, entry, entry.mark.seq).catch(() => null);
      await yieldToLoop();
    }
  }

  /** Resolves once no page is being made (tests, and a node stopping). */
  async function idle() {
    while (jobs.size > 0 || turns.size > 0)
      await Promise.allSettled([...turns, ...[...jobs.values()].map((job) => job.done)]);
  }

  return { get, fresh, changed, idle };
}
