import { foldText } from '@comanda/shared';
/**
 * product.md «Screens and routes»: ":branch is matched to a branch title, case-insensitively; 'campina' maps to the
 * spelling with n-tilde". Links printed on flyers and typed by hand arrive as `campina`,
 * `Campiña`, `CAMPIÑA` or `el poblado`: all of them must find their branch.
 */

/** Folded like every name (no accents, no case), with spaces, dashes and underscores as one space. */
export function branchKey(text: string): string {
  return foldText(text)
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** The branch whose slug or title the URL parameter names, if any. */
export function matchBranch<B extends { slug: string; title: string }>(
  branches: readonly B[],
  param: string,
): B | undefined {
  const key = branchKey(param);
  if (!key) return undefined;
  return (
    branches.find((branch) => branch.slug === param) ??
    branches.find((b) => branchKey(b.slug) === key || branchKey(b.title) === key)
  );
}
