// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on /, /menu,
// a category and a product page of the built server, plus the image bytes /menu downloads at
// 360 px. Builds if stale, starts the built server on a fresh SQLite demo database, and drives
// the system's Chromium (CHROME_PATH, default /usr/bin/chromium). Each Lighthouse run gets a
// fresh browser profile (cold cache) holding only the storefront's `storage` key with a chosen
// branch, as a returning customer has: without one the category and product pages only ask for
// a branch. Prints the median of BENCH_RUNS runs (default 3) per page.
// BENCH_VISITOR=first runs the same pages for a first-time visitor instead (its own variant): an
// empty profile, no branch, as someone opening a shared link. Either kind also records everything
// the page downloads on a first visit to /menu without any input (scripts, gzip -9 as bench:web
// counts, until the network has been idle and ten seconds have passed since `load`).
// It prints figures; it never fails on them (architecture.md «Tests»: benchmarks are not assertions).
// BENCH_PAGES=category,product runs only the pages whose path contains one of the words;
// BENCH_SAVE=dir writes each run's full Lighthouse report there (to read the LCP breakdown).
//   BENCH_PORT=3212 BENCH_RUNS=3 npm run bench:lighthouse
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchRecord } from '../../../scripts/lib/bench-record.mjs';
import { buildIfStale, root } from '../../../scripts/lib/build.mjs';
import { serverArgs } from '../../../scripts/lib/server-command.mjs';

const port = Number(process.env.BENCH_PORT ?? 3212);
const cdpPort = port + 1;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeArgs = ['--headless', '--no-sandbox', '--disable-gpu'];
const base = `http://127.0.0.1:${port}`;
/** The /menu image budget at 360 px (docs/architecture.md «Performance budgets»). */
const MENU_IMAGE_GOAL = 60 * 1024;

buildIfStale({ quiet: true });
// `npm run bench:web` rebuilds the storefront without its .br/.gz files; the server would then
// send every asset uncompressed and Lighthouse would measure that.
const webDist = join(root, 'apps/web/dist');
if (!readdirSync(join(webDist, 'assets')).some((file) => file.endsWith('.js.br'))) {
  const built = spawnSync('npm', ['run', 'build', '--silent', '-w', '@comanda/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dir = mkdtempSync(join(tmpdir(), 'comanda-lighthouse-'));
let server;
process.on('exit', () => {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

server = spawn(process.execPath, serverArgs(), {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: join(dir, 'bench.db'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Production refuses to start without one (decision 075).
    SECRETS_KEY: 'bench: a production start needs a key of its own',
    SEED_DEMO: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 200) throw new Error('the server did not come up');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

// A real branch, category and product of the demo chain.
const json = async (path) => (await fetch(`${base}${path}`)).json();
const branch = (await json('/api/branch-office')).results[0];
const category = (await json('/api/category-client')).results[0];
const product = (await json(`/api/category/${category.slug}/${branch.id}`)).results.products[0];
const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const pages = ['/', '/menu', `/category/${category.slug}`, `/producto/${product.slug}`].filter(
  (path) => !only || only.some((word) => (word === '/' ? path === '/' : path.includes(word))),
);
const saveDir = process.env.BENCH_SAVE;
const firstVisit = process.env.BENCH_VISITOR === 'first';
// The storefront's own `storage` key (product.md «Entities»), as the store writes it.
const storage = JSON.stringify({
  access_token: null,
  user: null,
  loggedIn: false,
  branch,
  delivery: 2,
  cart: [],
});

/**
 * A fresh Chromium profile whose storefront origin holds only `storage` and the branch cookie;
 * for a first-time visitor, nothing at all.
 */
async function freshBrowser(options = {}) {
  const profile = mkdtempSync(join(dir, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    headless: true,
    args: [...chromeArgs, ...(options.args ?? [])],
    viewport: options.viewport ?? null,
    deviceScaleFactor: options.deviceScaleFactor,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  if (firstVisit) return { context, page };
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('storage', value), storage);
  // And the cookie the store mirrors the branch in, which the server renders the page for.
  await context.addCookies([{ name: 'comanda_branch', value: String(branch.id), url: base }]);
  return { context, page };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// 1. Images /menu downloads at 360 px wide, before any scrolling (encoded bytes on the wire).
if (!firstVisit) console.log('\nImages of /menu at 360 × 740 px, no scrolling\n');
for (const deviceScaleFactor of firstVisit ? [] : [1, 2]) {
  const { context, page } = await freshBrowser({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor,
  });
  const images = [];
  page.on('requestfinished', async (request) => {
    if (!new URL(request.url()).pathname.startsWith('/images/')) return;
    const sizes = await request.sizes();
    images.push({
      path: new URL(request.url()).pathname,
      bytes: sizes.responseBodySize + sizes.responseHeadersSize,
    });
  });
  await page.goto(`${base}/menu`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const total = images.reduce((sum, image) => sum + image.bytes, 0);
  const verdict =
    deviceScaleFactor === 1
      ? ` (goal ≤ ${kb(MENU_IMAGE_GOAL)}: ${total <= MENU_IMAGE_GOAL ? 'within' : 'OVER'})`
      : '';
  console.log(
    `device pixel ratio ${deviceScaleFactor}: ${images.length} images, ${kb(total)}${verdict}`,
  );
  for (const image of images.sort((a, b) => a.path.localeCompare(b.path))) {
    console.log(`  ${image.path.padEnd(70)} ${kb(image.bytes).padStart(9)}`);
  }
  await context.close();
}

const record = benchRecord('lighthouse', {
  variant: firstVisit ? 'first visit' : null,
  parameters: { runs, pages },
});

// 1. Everything a visit to /menu downloads without input: the page's own requests (a service
// worker's precache is the worker's, started seconds later on an idle browser, and not counted).
{
  const { context, page } = await freshBrowser({ viewport: { width: 360, height: 740 } });
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const body = await (await request.response())?.body();
    if (body)
      scripts.push({
        path: new URL(request.url()).pathname,
        gzip: gzipSync(body, { level: 9 }).length,
      });
  });
  await page.goto(`${base}/menu`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(10_000);
  const total = scripts.reduce((sum, file) => sum + file.gzip, 0);
  console.log(
    `\n/menu without input: ${scripts.length} scripts, ${kb(total)} gzip -9` +
      (firstVisit ? ' (goal ≤ 100.0 KB)' : ''),
  );
  for (const file of scripts) console.log(`  ${file.path.padEnd(60)} ${kb(file.gzip).padStart(9)}`);
  // The budget is a first visit's; with a branch chosen the page also fetches what is live.
  if (firstVisit) {
    record.figure('/menu without input: JavaScript downloaded, gzip', total / 1024, 'KB', {
      goal: '≤ 100.0 KB',
      met: total <= 100 * 1024,
    });
  } else {
    record.figure(
      '/menu without input, a branch chosen: JavaScript downloaded, gzip',
      total / 1024,
      'KB',
    );
  }
  await context.close();
}

// 1a. Installable: Chromium's own check, which Lighthouse's "installable manifest" audit ran
// until Lighthouse 12 dropped its PWA category. The service worker must control the page first.
if (!firstVisit) {
  const { context, page } = await freshBrowser();
  await page.goto(`${base}/menu`);
  // `ready` never settles without a worker: a build that registers none is reported, not waited on.
  const controlled = await page.evaluate(() =>
    Promise.race([
      globalThis.navigator.serviceWorker.ready.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
    ]),
  );
  if (!controlled) console.log('\nNo service worker took the page within 15 s.');
  await page.reload();
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const reasons = installabilityErrors.map((error) => error.errorId);
  console.log(`\nInstallable (Chromium's check): ${reasons.length ? `NO: ${reasons}` : 'yes'}`);
  record.figure('installable (Chromium: no installability error)', reasons.length ? 0 : 1, '', {
    goal: '1',
    met: reasons.length === 0,
  });
  await context.close();
}

// 1b. Products a 360 × 640 phone shows of each category: on the first screen (fully visible),
// and per screen once the list is scrolled under the header (the screen's height below the sticky
// header divided by the distance from one card to the next).
if (!firstVisit) {
  console.log('\nProducts per 360 × 640 screen, each category\n');
  const { context, page } = await freshBrowser({ viewport: { width: 360, height: 640 } });
  const categories = (await json('/api/category-client')).results;
  const counts = [];
  for (const { slug } of categories) {
    await page.goto(`${base}/category/${slug}`, { waitUntil: 'networkidle' });
    // Runs in the page (its globals are the browser's).
    const count = await page.evaluate(() => {
      const { document, innerHeight } = globalThis;
      const cards = [...document.querySelectorAll('main a[href^="/producto/"]')];
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const fully = (rect) => rect.top >= 0 && rect.bottom <= innerHeight;
      const first = cards.filter((card) => fully(card.getBoundingClientRect())).length;
      const [a, b] = cards.map((card) => card.getBoundingClientRect().top);
      const pitch = a !== undefined && b !== undefined ? b - a : NaN;
      return { first, perScreen: (innerHeight - header) / pitch, cards: cards.length };
    });
    counts.push({ slug, ...count });
  }
  await context.close();
  for (const { slug, first, perScreen, cards } of counts) {
    console.log(
      `  ${slug.padEnd(24)} ${String(cards).padStart(3)} products, first screen ${first}, ` +
        `per screen ${Number.isFinite(perScreen) ? perScreen.toFixed(1) : '—'}`,
    );
  }
  const perScreen = counts.map((c) => c.perScreen).filter(Number.isFinite);
  console.log(
    `  median: first screen ${median(counts.map((c) => c.first))}, ` +
      `per screen ${median(perScreen).toFixed(1)}`,
  );
  record.figure('products per 360 × 640 screen (median category)', median(perScreen), '');
  record.figure(
    'products on the first 360 × 640 screen (median category)',
    median(counts.map((c) => c.first)),
    '',
  );
}

// 2. Lighthouse, `runs` times per page, each in a fresh browser.
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse's own advice for these: the trace was incomplete, run it again. */
const TRANSIENT_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP']);
const ATTEMPTS = 3;

/** One Lighthouse run of `path` in a fresh browser, again (up to ATTEMPTS) if its trace broke. */
async function audit(path) {
  for (let attempt = 1; ; attempt++) {
    const { context } = await freshBrowser({ args: [`--remote-debugging-port=${cdpPort}`] });
    try {
      const { lhr } = await lighthouse(`${base}${path}`, {
        port: cdpPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        // The profile's `storage` key is the point of the fresh browser: keep it.
        disableStorageReset: true,
      });
      if (!lhr.runtimeError) return lhr;
      if (!TRANSIENT_ERRORS.has(lhr.runtimeError.code) || attempt === ATTEMPTS) {
        throw new Error(`${path}: ${lhr.runtimeError.message}`);
      }
      console.error(`${path}: ${lhr.runtimeError.code}, running it again`);
    } finally {
      await context.close();
    }
  }
}

const results = new Map(pages.map((path) => [path, []]));
for (let run = 1; run <= runs; run++) {
  for (const path of pages) {
    const lhr = await audit(path);
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      const name = `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`;
      writeFileSync(join(saveDir, name), JSON.stringify(lhr));
    }
    const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
    results.get(path).push({
      ...Object.fromEntries(
        categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      ),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      failing: categories
        .filter((id) => id !== 'performance')
        .flatMap((id) => lhr.categories[id].auditRefs)
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
          ?.snippet ?? '',
    });
    console.error(`run ${run} ${path}: performance ${results.get(path).at(-1).performance}`);
  }
}

console.log(
  `\nLighthouse ${lighthouse.version ?? ''} mobile, default throttling — median of ${runs} runs\n`,
);
const header = ['page', 'perf', 'a11y', 'b.p.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'];
const widths = [34, 5, 5, 5, 5, 8, 8, 8, 6];
const row = (cells) =>
  cells
    .map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])))
    .join(' ');
console.log(row(header));
for (const [path, list] of results) {
  const m = (key) => median(list.map((r) => r[key]));
  console.log(
    row([
      path,
      m('performance'),
      m('accessibility'),
      m('best-practices'),
      m('seo'),
      `${(m('fcp') / 1000).toFixed(2)} s`,
      `${(m('lcp') / 1000).toFixed(2)} s`,
      `${Math.round(m('tbt'))} ms`,
      m('cls').toFixed(3),
    ]),
  );
}
for (const [path, list] of results) {
  const m = (key) => median(list.map((r) => r[key]));
  const page = path.replace(/^\/(category|producto)\/.+/, '/$1/…');
  record.figure(`${page}: performance`, m('performance'), '', {
    goal: '≥ 95',
    met: m('performance') >= 95,
  });
  record.figure(`${page}: LCP`, m('lcp') / 1000, 's', { goal: '≤ 2.0 s', met: m('lcp') <= 2000 });
  record.figure(`${page}: TBT`, m('tbt'), 'ms', { goal: '≤ 150 ms', met: m('tbt') <= 150 });
  record.figure(`${page}: CLS`, m('cls'), '', { goal: '≤ 0.05', met: m('cls') <= 0.05 });
  for (const id of ['accessibility', 'seo']) {
    record.figure(`${page}: ${id}`, m(id), '', { goal: '100', met: m(id) === 100 });
  }
}
record.finish();
console.log('\nPer run (performance · LCP) and what else failed:');
for (const [path, list] of results) {
  console.log(
    `  ${path}: ${list.map((r) => `${r.performance} · ${(r.lcp / 1000).toFixed(2)} s`).join(', ')}`,
  );
  const failing = [...new Set(list.flatMap((r) => r.failing))];
  if (failing.length > 0) console.log(`    failing audits: ${failing.join(', ')}`);
  if (list[0]?.lcpElement) console.log(`    LCP element: ${list[0].lcpElement}`);
}
console.log('');
process.exit(0);
