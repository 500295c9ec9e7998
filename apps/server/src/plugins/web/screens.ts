import { endpoints } from '@comanda/shared';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The storefront's landing pages (product.md «Screens and routes»): the source of each one's lazy
 * screen in the web build's manifest (apps/web/src/app/router.tsx) and the public, per-customer
 * invariant answers it reads first. A visit that starts on one of them gets, in its index.html,
 * `<link rel=modulepreload>` for that screen's chunks and `<link rel=preload as=fetch>` for that
 * data, so both download beside the framework instead of after it has run, and the screen's
 * largest image is asked for that much sooner. The screen's own fetch takes the preloaded answer
 * (same URL, same CORS mode). Category and product answers depend on the customer's branch,
 * which only the browser knows: those screens get their chunks only.
 */
export const SCREEN_OF_PATH: readonly (readonly [RegExp, string, readonly string[]])[] = [
  [/^\/$/, 'src/app/routes/landing.tsx', [endpoints.getBanners.path]],
  [
    /^\/menu$/,
    'src/app/routes/menu.tsx',
    [endpoints.getBanners.path, endpoints.getCategories.path],
  ],
  [/^\/category\/[^/]+$/, 'src/app/routes/category.tsx', []],
  [/^\/producto\/[^/]+$/, 'src/app/routes/product.tsx', []],
];

type Manifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;

/**
 * index.html for each path of SCREEN_OF_PATH, with preloads for the files its screen needs that
 * the entry does not already load: its chunk and their static imports (modulepreload), their CSS
 * (stylesheets: the server-rendered screen is painted with them), and its data. Without the
 * build's manifest, every path gets the plain
 * index.html.
 */
export function screenPages(webDist: string, indexHtml: string): [RegExp, Buffer][] {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || loaded.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) walk(imported, into);
  };
  if (entry) walk(entry, loaded);

  const pages: [RegExp, Buffer][] = [];
  for (const [pattern, screen, data] of SCREEN_OF_PATH) {
    if (!manifest[screen]) continue;
    const chunks = new Set<string>();
    walk(screen, chunks);
    const links = [...chunks].flatMap((key) => {
      const chunk = manifest[key];
      if (!chunk) return [];
      return [
        `<link rel="modulepreload" crossorigin href="/${chunk.file}">`,
        // A stylesheet, not a preload: the server-rendered screen is on the first paint, styled.
        // The screen's chunk finds it in the document and does not add it again.
        ...(chunk.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ];
    });
    for (const url of data) links.push(`<link rel="preload" as="fetch" crossorigin href="${url}">`);
    pages.push([pattern, Buffer.from(indexHtml.replace('</head>', `${links.join('')}</head>`))]);
  }
  return pages;
}
