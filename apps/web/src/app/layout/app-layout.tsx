import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cartCount, headerTitle } from '@/stores/session-rules';
import { useSession } from '@/stores/session-store';
import { BranchPicker } from './branch-picker';
import { Drawer } from './drawer';
import { Header } from './header';
import { ScreenErrorBoundary } from './route-error';
import styles from './app-layout.module.css';

type Overlay = 'drawer' | 'branches';

/** The frame of every screen: header, drawer, branch list, and the screen itself. */
export function AppLayout() {
  const location = useLocation();
  const delivery = useSession((state) => state.delivery);
  const branch = useSession((state) => state.branch);
  const cart = useSession((state) => state.cart);
  const loggedIn = useSession((state) => state.loggedIn);
  const email = useSession((state) => state.user?.email);
  const logout = useSession((state) => state.logout);
  const choosePickupBranch = useSession((state) => state.choosePickupBranch);

  // An overlay belongs to the location it was opened on: any navigation closes it (spec §2).
  const [overlay, setOverlay] = useState<{ kind: Overlay; at: string } | null>(null);
  const openOverlay = overlay?.at === location.key ? overlay.kind : null;
  const open = (kind: Overlay) => setOverlay({ kind, at: location.key });
  const close = () => setOverlay(null);

  // A new screen starts at its top, as a page load would (no data router, no ScrollRestoration).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

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
      <BranchPicker
        open={openOverlay === 'branches'}
        onClose={close}
        selectedId={branch?.id}
        onSelect={(chosen) => {
          choosePickupBranch(chosen);
          close();
        }}
      />
      <main id="contenido" className={styles.main} tabIndex={-1}>
        <ScreenErrorBoundary key={location.pathname}>
          {/* Nothing while a screen's chunk downloads: it is small, and a flash of spinner is worse. */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
    </>
  );
}
