import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';

// Declarative routes rather than the data router: the storefront loads its data with TanStack
// Query, and the data router alone would add ~17 KB gzipped to every first load
// (docs/decisions/007-declarative-router.md). Each screen is its own chunk.
type Screen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };
type ScreenModule = { default: ComponentType };
/**
 * A chunk that failed to download (no signal, a server blip) is asked for again by itself: when
 * the signal returns if it is gone, else after 1 s and 2 s; only then does the error boundary
 * show. Meanwhile the screen's place waits, as for any chunk on its way.
 */
const retried = <T,>(load: () => Promise<T>, tries = 0): Promise<T> =>
  load().catch((error: unknown) =>
    tries > 1
      ? Promise.reject(error as Error)
      : new Promise((go) =>
          navigator.onLine
            ? setTimeout(go, 1e3 * ++tries)
            : addEventListener('online', go, { once: true }),
        ).then(() => retried(load, tries)),
  );
const screen = (load: () => Promise<ScreenModule>): Screen => {
  let loaded: ScreenModule | undefined;
  const preload = () => retried(load).then((module) => (loaded = module));
  // Once preloaded, React gets the module synchronously (a thenable that calls back at once) and
  // renders the screen in the same pass instead of suspending on it: see `preloadScreen`.
  const component = lazy(() =>
    loaded
      ? ({
          then: (resolve: (module: ScreenModule) => void) => resolve(loaded!),
        } as Promise<ScreenModule>)
      : preload(),
  );
  return Object.assign(component, { preload });
};

const Landing = screen(() => import('./routes/landing'));
const Menu = screen(() => import('./routes/menu'));
const Cart = screen(() => import('./routes/cart'));
const DeliveryTakeout = screen(() => import('./routes/delivery-takeout'));
const Category = screen(() => import('./routes/category'));
const Product = screen(() => import('./routes/product'));
const Addresses = screen(() => import('./routes/addresses'));
const DeliveryAddress = screen(() => import('./routes/delivery-address'));
const Checkout = screen(() => import('./routes/checkout'));
const Confirmation = screen(() => import('./routes/confirmation'));
const Favorites = screen(() => import('./routes/favorites'));
const Orders = screen(() => import('./routes/orders'));
const OrderTracking = screen(() => import('./routes/order-tracking'));
const Sessions = screen(() => import('./routes/sessions'));
const Login = screen(() => import('./routes/login'));
const Register = screen(() => import('./routes/register'));
const PasswordReset = screen(() => import('./routes/password-reset'));
const Discount = screen(() => import('./routes/discount'));
const DiscountConfirmation = screen(() => import('./routes/discount-confirmation'));
const Courtesy = screen(() => import('./routes/courtesy'));
const CourtesyConfirmation = screen(() => import('./routes/courtesy-confirmation'));
const SocialNetworks = screen(() => import('./routes/social-networks'));
const Search = screen(() => import('./routes/search'));
const Schedule = screen(() => import('./routes/schedule'));
const NotFound = screen(() => import('./routes/not-found'));
// The staff console: one chunk of its own, outside the storefront's frame.
const Panel = screen(() => import('./routes/panel'));

/** product.md «Screens and routes», every route of its table. */
const screens: [string, Screen][] = [
  [paths.landing.path, Landing],
  [paths.menu.path, Menu],
  [paths.cart.path, Cart],
  [paths.pickupBranches.path, DeliveryTakeout],
  [paths.category.path, Category],
  [paths.product.path, Product],
  // product.md «Screens and routes»: /domicilio is the address book as the delivery's first step
  // (a visitor picks a neighbourhood there).
  [paths.deliveryAddresses.path, DeliveryAddress],
  [paths.addresses.path, Addresses],
  [paths.checkout.path, Checkout],
  [paths.confirmation.path, Confirmation],
  [paths.favorites.path, Favorites],
  [paths.orders.path, Orders],
  [paths.orderTracking.path, OrderTracking],
  [paths.sessions.path, Sessions],
  [paths.login.path, Login],
  [paths.register.path, Register],
  [paths.passwordReset.path, PasswordReset],
  [paths.discount.path, Discount],
  [paths.discountConfirmation.path, DiscountConfirmation],
  [paths.courtesy.path, Courtesy],
  [paths.courtesyConfirmation.path, CourtesyConfirmation],
  [paths.socialNetworks.path, SocialNetworks],
  [paths.search.path, Search],
  [paths.schedule.path, Schedule],
  ['*', NotFound],
];

/** Every route; the browser wraps them in its router, the server (entry-server.tsx) in a static one. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={paths.panel.path}
        element={
          <Suspense fallback={null}>
            <Panel />
          </Suspense>
        }
      />
      <Route element={<AppLayout />}>
        {screens.map(([path, Screen]) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Route>
    </Routes>
  );
}

/**
 * Downloads the screen of `pathname` (its chunk is already preloaded by the page) before React
 * hydrates the server's HTML (main.tsx). Were the screen to suspend during hydration, React would
 * leave its HTML dehydrated, and the first device-specific re-render of the frame (the cart, a
 * delivery) would make React throw that HTML away and render the screen afresh: a blank flash,
 * and a race in which the server's copy and the browser's were both on the page.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const match = screens.find(([path]) => path !== '*' && matchPath(path, pathname));
  return match ? match[1].preload() : Promise.resolve();
}

/** Whether a path is one of the app's routes (the server answers any other with a 404). */
export function isStorefrontPath(pathname: string): boolean {
  return (
    matchPath(paths.panel.path, pathname) !== null ||
    screens.some(([path]) => path !== '*' && matchPath(path, pathname))
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
