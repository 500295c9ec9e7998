import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cartCount, headerTitle } from '@/stores/session-rules';
import { useSession } from '@/stores/session-store';
import { Header } from './header';
import { ScreenErrorBoundary } from './route-error';
import styles from './app-layout.module.css';

type Overlay = 'drawer' | 'branches';

// "Cart meets branch" is downloaded only once there is a cart to check: the first load of an
// empty-cart visit does not pay for it. An optional extra: if its chunk fails, it stays away.
const CartBranchCheck = lazy<ComponentType>(() =>
  import('@/features/cart/components/cart-branch-check').catch(() => ({ default: () => null })),
);

// The drawer is fetched the first time it opens (then kept, so it can animate closed): the
// first load of every page does not pay for its entries, icons and logout.
const Drawer = lazy(() => import('./drawer').then((module) => ({ default: module.Drawer })));

// The branch list likewise, with its sheet and its rows in one download on the first tap on the
// title: it is never on the first paint, and was 0.4 KB of every first load.
const BranchPicker = lazy(() =>
  import('./branch-picker').then((module) => ({ default: module.BranchPicker })),
);

/** The frame of every screen: header, drawer, branch list, and the screen itself. */
export function AppLayout() {
  const location = useLocation();
  const delivery = useSession((state) => state.delivery);
  const branch = useSession((state) => state.branch);
  const cart = useSession((state) => state.cart);
  const loggedIn = useSession((state) => state.loggedIn);
  const email = useSession((state) => state.user?.email);
  const logout = useSession((state) => state.logout);
  const chooseBranch = useSession((state) => state.chooseBranch);

  // An overlay belongs to the location it was opened on: any navigation closes it (product.md «Screens and routes»).
  const [overlay, setOverlay] = useState<{ kind: Overlay; at: string } | null>(null);
  const openOverlay = overlay?.at === location.key ? overlay.kind : null;
  const open = (kind: Overlay) => setOverlay({ kind, at: location.key });
  const close = () => setOverlay(null);
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (openOverlay === 'drawer' && !drawerWanted) setDrawerWanted(true);
  const [branchesWanted, setBranchesWanted] = useState(false);
  if (openOverlay === 'branches' && !branchesWanted) setBranchesWanted(true);

  // The storefront's socket (product.md «States and transitions» "App start"), fetched once the page has loaded:
  // socket.io-client and the live-event handlers are not part of the first load, nor do they share its bandwidth
  // with the first screen's data and images. It then follows the session by itself.
  const queryClient = useQueryClient();
  useEffect(() => {
    const start = () =>
      void import('../realtime').then(
        (realtime) => realtime.startStorefrontRealtime(queryClient),
        () => {},
      );
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, [queryClient]);

  // A new screen starts at its top, as a page load would (no data router, no ScrollRestoration).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // Tab stays inside an open overlay. Fetched when one opens: the first load does not carry it.
  // Through a module of its own: lib/focus-trap is also a static import of lazy screens, and
  // importing it here directly makes the bundler add a namespace helper to the first load.
  useEffect(() => {
    if (!openOverlay) return;
    const listening = new AbortController();
    void import('./overlay-focus').then(({ trapOverlayFocus }) =>
      trapOverlayFocus(listening.signal),
    );
    return () => listening.abort();
  }, [openOverlay]);

  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <Header
        title={headerTitle({ delivery, branch })}
        cartCount={cartCount(cart)}
        onOpenMenu={() => open('drawer')}
        onOpenBranches={() => open('branches')}
      />
      {drawerWanted ? (
        <Suspense fallback={null}>
          <Drawer
            open={openOverlay === 'drawer'}
            onClose={close}
            loggedIn={loggedIn}
            email={email}
            onLogout={() => {
              logout();
              close();
            }}
          />
        </Suspense>
      ) : null}
      {branchesWanted ? (
        <Suspense fallback={null}>
          <BranchPicker
            open={openOverlay === 'branches'}
            onClose={close}
            selectedId={branch?.id}
            onSelect={(chosen) => {
              chooseBranch(chosen);
              close();
            }}
          />
        </Suspense>
      ) : null}
      <main id="contenido" className={styles.main} tabIndex={-1}>
        <ScreenErrorBoundary key={location.pathname}>
          {cart.length > 0 && branch ? (
            <Suspense fallback={null}>
              <CartBranchCheck />
            </Suspense>
          ) : null}
          {/* Nothing while a screen's chunk downloads: it is small, and a flash of spinner is worse. */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
    </>
  );
}
