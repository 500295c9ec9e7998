import { useEffect, useState } from 'react';

export type Overlay = 'drawer' | 'branches';

/**
 * The layout's overlays (the drawer, the branch list): which one is open, and which have been
 * wanted so far, so each is mounted on its first opening and then kept (to animate closed).
 * An overlay belongs to the location it was opened on: any navigation closes it (product.md
 * «Screens and routes»).
 */
export function useOverlays(locationKey: string) {
  const [overlay, setOverlay] = useState<{ kind: Overlay; at: string } | null>(null);
  const openOverlay = overlay?.at === locationKey ? overlay.kind : null;
  const open = (kind: Overlay) => setOverlay({ kind, at: locationKey });
  const close = () => setOverlay(null);
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (openOverlay === 'drawer' && !drawerWanted) setDrawerWanted(true);
  const [branchesWanted, setBranchesWanted] = useState(false);
  if (openOverlay === 'branches' && !branchesWanted) setBranchesWanted(true);
  return { openOverlay, open, close, drawerWanted, branchesWanted };
}

/**
 * Tab stays inside an open overlay. Fetched when one opens: the first load does not carry it.
 * Through a module of its own: lib/focus-trap is also a static import of lazy screens, and
 * importing it here directly makes the bundler add a namespace helper to the first load.
 */
export function useOverlayFocusTrap(openOverlay: Overlay | null) {
  useEffect(() => {
    if (!openOverlay) return;
    const listening = new AbortController();
    // `module.x` rather than destructuring: the bundler wraps a destructured dynamic import in
    // one more function, which the first load would carry.
    void import('./overlay-focus').then((module) => module.trapOverlayFocus(listening.signal));
    return () => listening.abort();
  }, [openOverlay]);
}
