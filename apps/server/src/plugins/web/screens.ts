import { endpoints, RENDERED_SCREENS, type RenderedScreen } from '@comanda/shared';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AFTER_PAINT_HASH, loadCodeAfterPaint } from './after-paint';

/**
 * What each server-rendered screen (RENDERED_SCREENS, decision 070) reads first: the public,
 * per-customer invariant answers. A visit that starts on one of them gets, in its index.html,
 * that screen's chunks among the modules its code loads (preloaded together with the framework,
 * not after it has run) and `<link rel=preload as=fetch>` for that data. The screen's own fetch
 * takes the preloaded answer (same URL, same CORS mode). Category and product answers depend on
 * the customer's branch, which only the browser knows: those screens get their chunks only.
 */
const SCREEN_DATA: Record<RenderedScreen, readonly string[]> = {
  landing: [endpoints.getBanners.path],
  menu: [endpoints.getBanners.path, endpoints.getCategories.path],
  category: [],
  product: [],
};

type Manifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;

/** The screen pages' HTML, and what their inline stylesheets need from the CSP. */
export interface ScreenPages {
  pages: [RenderedScreen, Buffer][];
  /** One CSP hash source (`sha256-…`) per stylesheet a page carries inline. */
  styleHashes: string[];
  /** The same for the script that loads the page's code (none without screen pages). */
  scriptHashes: string[];
}

/** A build's stylesheet link, as Vite writes it in index.html and as the pages name them. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * index.html for each rendered screen, made for a first screen that is server-rendered
 * HTML (decision 055):
 * - its stylesheets (the entry's and the screen's chunks') inline, each followed by a disabled
 *   link to its file: the first paint waits for no stylesheet request, and the screen's chunk,
 *   which looks for its stylesheets among the document's links before adding them, finds them
 *   there and neither adds nor downloads them again (a disabled stylesheet link is not fetched);
 * - its data preloaded (dropped again when the page is rendered with the data in it);
 * - its code (the entry and every chunk the screen needs) loaded once the browser reports the
 *   first paint and the largest paint of the screen's main picture (after-paint.ts, decision 056).
 * Without the build's manifest, every path gets the plain index.html.
 */
export function screenPages(webDist: string, indexHtml: string): ScreenPages {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { pages: [], styleHashes: [], scriptHashes: [] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || loaded.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) walk(imported, into);
  };
  if (entry) walk(entry, loaded);

  const styleHashes = new Set<string>();
  const inlineStylesheet = (link: string, file: string) => {
    const path = join(webDist, file);
    if (!existsSync(path)) return link;
    const css = readFileSync(path, 'utf8');
    // Text that would end the <style> element early stays a link.
    if (/<\/style/i.test(css)) return link;
    styleHashes.add(`sha256-${createHash('sha256').update(css).digest('base64')}`);
    return `<style>${css}</style>${link.replace('>', ' disabled>')}`;
  };

  const pages: [RenderedScreen, Buffer][] = [];
  for (const name of Object.keys(RENDERED_SCREENS) as RenderedScreen[]) {
    const screen = `src/app/routes/${name}.tsx`;
    if (!manifest[screen]) continue;
    const chunks = new Set<string>();
    walk(screen, chunks);
    const links = [...chunks].flatMap((key) => {
      const chunk = manifest[key];
      if (!chunk) return [];
      return [
        `<link rel="modulepreload" crossorigin href="/${chunk.file}">`,
        ...(chunk.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ];
    });
    for (const url of SCREEN_DATA[name])
      links.push(`<link rel="preload" as="fetch" crossorigin href="${url}">`);
    const html = loadCodeAfterPaint(
      indexHtml
        .replace('</head>', `${links.join('')}</head>`)
        .replace(STYLESHEET_LINK, inlineStylesheet),
    );
    pages.push([name, Buffer.from(html)]);
  }
  return {
    pages,
    styleHashes: [...styleHashes],
    scriptHashes: pages.length ? [AFTER_PAINT_HASH] : [],
  };
}
