import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { demoPromotionsOff } from './demo-promotions';

// Every browser test fails when React reports a problem in a page it opened: a server-rendered
// page the browser could not hydrate as sent (React then throws the server's HTML away and
// renders afresh: a flash, and once a screen painted twice), or any other error React itself
// raised. Specs import `test` and `expect` from here instead of '@playwright/test' (everything
// else is re-exported); console-support.ts builds its per-worker server on it too.
//
// Only React's own reports count: a test that cuts the network or fails a chunk on purpose may
// log errors of its own, and those stay its business.

export * from '@playwright/test';

/**
 * React's production build names its errors by code ("Minified React error #418; visit
 * https://react.dev/errors/418…": hydration mismatches are #418 and #419, reported through
 * `reportError` as uncaught errors); a development build spells them out.
 */
const REACT_PROBLEM =
  /react\.dev\/errors\/\d+|Minified React error|Hydration failed|hydrating|didn't match|did not match|server rendered (HTML|text)/i;

/** What React reported in the current test's pages. */
let reported: string[] = [];
const watched = new WeakSet<BrowserContext>();

function watch(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('console', (message) => {
    if (message.type() === 'error' && REACT_PROBLEM.test(message.text())) {
      reported.push(`${message.location().url}: ${message.text()}`);
    }
  });
  context.on('weberror', (error) => {
    const text = String(error.error().stack ?? error.error().message);
    if (REACT_PROBLEM.test(text)) reported.push(`${error.page()?.url() ?? 'a page'}: ${text}`);
  });
}

/**
 * A server-rendered page is on screen before React listens to it: a tap in between is lost (on
 * a slow phone as on a loaded CI machine). `page.goto` therefore returns once a page the server
 * rendered has hydrated, which main.tsx marks on `<html data-interactive>`. A locator, not a
 * polled function: it runs on Playwright's own timers, which `page.clock` leaves alone.
 */
async function waitForHydration(page: Page) {
  const serverRendered = await page
    .locator('#ssr-state')
    .count()
    .catch(() => 0);
  if (serverRendered) await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

const prepared = new WeakSet<Page>();
/**
 * Makes `page.goto` wait for hydration (above), once per page. Without `screenshots` (the
 * option below), the screenshots specs save for people to look at are not drawn.
 */
function preparePage(page: Page, screenshots: boolean) {
  if (prepared.has(page)) return;
  prepared.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (response?.ok()) await waitForHydration(page);
    return response;
  };
  if (!screenshots) page.screenshot = async () => Buffer.alloc(0);
}

/** The options playwright.config.ts sets for every worker. */
export interface WorkerOptions {
  /**
   * Whether the screenshots specs save for people to look at (`test-results/screens`, each test's
   * output folder) are drawn: E2E_SCREENSHOTS=off in CI, whose clean clone throws them away, and
   * where a full-page capture is a whole extra paint on the 2-vCPU machine. No spec reads one back.
   */
  screenshots: boolean;
}

export const test = base.extend<{ reactProblems: void }, { demoPromotions: void } & WorkerOptions>({
  screenshots: [true, { option: true, scope: 'worker' }],
  // The config's server prices without the demo's day-dependent promotions (demo-promotions.ts).
  demoPromotions: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const url = workerInfo.project.use.baseURL;
      if (url) await demoPromotionsOff(url);
      await provide();
    },
    { scope: 'worker', auto: true },
  ],
  page: async ({ page, screenshots }, provide) => {
    preparePage(page, screenshots);
    await provide(page);
  },
  // The test's own context, and any context a test opens itself (server-render.spec.ts opens
  // some with and without JavaScript).
  context: async ({ context }, provide) => {
    watch(context);
    await provide(context);
  },
  browser: [
    async ({ browser, screenshots }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options) => {
        const context = await newContext(...options);
        watch(context);
        // Its pages too (`browser.newPage` opens one in a context of its own), unless they run
        // no JavaScript and so never hydrate.
        if (options[0]?.javaScriptEnabled !== false)
          context.on('page', (page) => preparePage(page, screenshots));
        return context;
      };
      await provide(browser);
    },
    { scope: 'worker' },
  ],
  reactProblems: [
    // Playwright reads the fixtures a function asks for from its first parameter: it must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      reported = [];
      await provide();
      expect(reported, 'React reported a hydration mismatch or an error of its own').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Fails with axe's findings on the page as it is now, each with the elements it names. Axe runs
 * in the page itself (legacy mode): the default would open a second page to finish the run, which
 * puts the page under test in the background and, on a 2-core machine, took up to half a minute
 * under load. Legacy mode leaves out cross-origin frames, and Comanda's pages have none. Only
 * violations are reported in full (`resultTypes`): axe still runs every rule on every element, but
 * no longer builds a selector and an HTML excerpt for each element that passes, which was a
 * fifth of a scan's time (74 s → 58 s over 29 scans of the board, the back office and the account).
 */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(
    violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}
