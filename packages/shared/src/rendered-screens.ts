/**
 * The storefront screens the server renders, declared once (decision 070). The web's router paths
 * for them, the server render's choice of screen, each page's preloads and its largest picture's
 * preload are all read from here, keyed by the screen's name, so a fifth rendered screen is one
 * line here and the compiler then asks every table keyed by `RenderedScreen` for its entry.
 * Zod-free and small: the storefront's first load carries it. Each screen's route module is
 * `apps/web/src/app/routes/<name>.tsx` (the server finds its chunks in the build's manifest by it).
 */
export const RENDERED_SCREENS = {
  landing: '/',
  menu: '/menu',
  category: '/category/:slug',
  product: '/producto/:slug',
} as const;

export type RenderedScreen = keyof typeof RENDERED_SCREENS;

/** A router pattern as a whole-path RegExp: a `:param` is one non-empty segment. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\//g, '\\/')}$`);

// Made on first use, not at import: the storefront's bundle imports this module for the paths
// alone, and work at the top of a module is kept in a bundle even when nothing reads it.
let patterns: (readonly [RenderedScreen, RegExp])[] | undefined;

/** Which rendered screen `path` (no query) is, or null for every other path. */
export function renderedScreenOf(path: string): RenderedScreen | null {
  patterns ??= (Object.keys(RENDERED_SCREENS) as RenderedScreen[]).map(
    (name) => [name, patternOf(RENDERED_SCREENS[name])] as const,
  );
  return patterns.find(([, pattern]) => pattern.test(path))?.[0] ?? null;
}

/** The path's last segment, decoded: a category's or product's slug. */
export const screenSlug = (path: string): string =>
  decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
