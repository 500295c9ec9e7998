import { useLayoutEffect, useState } from 'react';

/** The shown titles by mount sequence: the highest (the deepest, or the latest mounted) wins. */
const titles = new Map<number, string>();
let sequence = 0;
/** index.html's own title, shown when no screen names itself. */
const fallback = typeof document === 'undefined' ? '' : document.title;

function show() {
  let latest = -1;
  for (const id of titles.keys()) latest = Math.max(latest, id);
  document.title = titles.get(latest) ?? fallback;
}

/**
 * The document's title while this is mounted. Preact, which the storefront runs on (decision
 * 024), renders a `<title>` element where it stands instead of hoisting it into <head>, and the
 * browser only reads the first one. The sequence is taken while rendering, where a parent comes
 * before its children: when a screen and a part of it both name the document, the part wins, as
 * does whatever opened last (an editor over its list), and closing it brings the previous back.
 */
export function DocumentTitle({ children }: { children: string }) {
  const [id] = useState(() => ++sequence);
  useLayoutEffect(() => {
    titles.set(id, children);
    show();
    return () => {
      titles.delete(id);
      show();
    };
  }, [id, children]);
  return null;
}
