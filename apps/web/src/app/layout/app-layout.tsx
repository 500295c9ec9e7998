import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cartCount, headerTitle } from '@/stores/session-rules';
import { useSession } from '@/stores/session-store';
import { Header } from './header';
import { ScreenErrorBoundary } from './route-error';
import { useOverlayFocusTrap, useOverlays } from './use-overlays';
import { useInstallableApp } from './use-installable-app';
import { useStorefrontRealtime } from './use-storefront-realtime';
import styles from './app-layout.module.css';

// "Cart meets branch" is downloaded only once there is a cart to check: the first load of an
// empty-cart visit does not pay for it. An optional extra: if its chunk fails, it stays away.
const CartBranchCheck = lazy<ComponentType>(() =>
  import('@/features/cart/components/cart-branch-check').catch(() => ({ default: () => null })),
);

// The drawer is fetched the first time it opens (then kept, so it can animate closed): the
// first load of every page does not pay for its entries, icons and logout. It and the branch list
// are their modules' default exports, so the lazy imports need no adapter in the first load.
const Drawer = lazy(() => import('./drawer'));

// The branch list likewise, with its sheet and its rows in one download on the first tap on the
// title: it is never on the first paint, and was 0.4 KB of every first load.
const BranchPicker = lazy(() => import('./branch-picker'));

/** The frame of every screen: header, drawer, branch list, and the screen itself. */
export function AppLayout() {
  const location = useLocation();
  const delivery = useSession((state) => state.delivery);
  const branch = useSession((state) => state.branch);
  const cart = useSession((state) => state.cart);
  const { openOverlay, open, close, drawerWanted, branchesWanted } = useOverlays(location.key);
  useStorefrontRealtime();
  useInstallableApp();

  // A new screen starts at its top, as a page load would (no data router, no ScrollRestoration).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useOverlayFocusTrap(openOverlay);

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
          <Drawer open={openOverlay === 'drawer'} onClose={close} />
        </Suspense>
      ) : null}
      {branchesWanted ? (
        <Suspense fallback={null}>
          <BranchPicker open={openOverlay === 'branches'} onClose={close} />
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
