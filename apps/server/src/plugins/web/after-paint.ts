import { createHash } from 'node:crypto';

/**
 * What a server-rendered first screen runs instead of its entry script (decision 056): the page
 * is already whole as HTML, so its code is asked for only once the browser has shown the
 * screen: its first contentful paint and, when it has one, its picture (the `<img>` marked
 * `fetchpriority="high"`, apps/web's Picture with `load="lcp"`) as its largest paint. Then it
 * adds the modulepreloads the page would have had and imports the entry, which hydrates as
 * before. Whatever happens, the code is asked for 1.5 s after the parse at the latest (a picture
 * that fails or is not the largest paint, a tab in the background).
 *
 * The browser's own paint reports (Paint Timing, Largest Contentful Paint), not a frame
 * callback: the main thread finishes a frame tens of milliseconds before the screen shows it.
 * Browsers without them wait for the picture to arrive and one frame.
 *
 * On a phone's link the first screen's picture and the framework no longer share the bandwidth
 * before the first paint; the price is that the page answers taps that much later. The element
 * names its modules in `data-after-paint` (entry first), so the text is the same on every page
 * and the CSP allows it by one hash.
 */
export const AFTER_PAINT_SCRIPT = `const [entry, ...modules] = document
  .querySelector('script[data-after-paint]')
  .dataset.afterPaint.split(' ');
let started = false;
const start = () => {
  if (started) return;
  started = true;
  const links = modules.map((href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    return link;
  });
  document.head.append(...links);
  import(entry);
};
const picture = document.querySelector('img[fetchpriority="high"]');
const painted = (type, shown) =>
  new Promise((done) =>
    new PerformanceObserver((list) => {
      if (list.getEntries().some(shown)) done();
    }).observe({ type, buffered: true }),
  );
if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
  Promise.all([
    painted('paint', (entry) => entry.name === 'first-contentful-paint'),
    picture && painted('largest-contentful-paint', (entry) => entry.element === picture),
  ]).then(() => setTimeout(start));
} else {
  new Promise((done) => {
    if (!picture || picture.complete) return done();
    picture.addEventListener('load', done);
    picture.addEventListener('error', done);
  }).then(() => requestAnimationFrame(() => setTimeout(start)));
}
setTimeout(start, 1500);`;

/** The CSP source that allows exactly that text. */
export const AFTER_PAINT_HASH = `sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}`;

/** index.html's entry script and module preloads, as Vite writes them. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/** A page's HTML with its entry script and modulepreloads replaced by the after-paint script. */
export function loadCodeAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      `<script type="module" data-after-paint="${[entry, ...modules].join(' ')}">${AFTER_PAINT_SCRIPT}</script>`,
    );
}
