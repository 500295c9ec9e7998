import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { RootError, ScreenError } from './layout/route-error';

/** Each screen is its own chunk: a route module's default export becomes the route's Component. */
const screen =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => {
    const module = await load();
    return { Component: module.default };
  };

/** Spec §2, every route of its table. */
const screens: RouteObject[] = [
  { path: paths.landing.path, lazy: screen(() => import('./routes/landing')) },
  { path: paths.menu.path, lazy: screen(() => import('./routes/menu')) },
  { path: paths.cart.path, lazy: screen(() => import('./routes/cart')) },
  { path: paths.pickupBranches.path, lazy: screen(() => import('./routes/delivery-takeout')) },
  { path: paths.category.path, lazy: screen(() => import('./routes/category')) },
  { path: paths.product.path, lazy: screen(() => import('./routes/product')) },
  // Spec §2: /domicilio and /direcciones show the same screen.
  { path: paths.deliveryAddresses.path, lazy: screen(() => import('./routes/addresses')) },
  { path: paths.addresses.path, lazy: screen(() => import('./routes/addresses')) },
  { path: paths.checkout.path, lazy: screen(() => import('./routes/checkout')) },
  { path: paths.confirmation.path, lazy: screen(() => import('./routes/confirmation')) },
  { path: paths.favorites.path, lazy: screen(() => import('./routes/favorites')) },
  { path: paths.orders.path, lazy: screen(() => import('./routes/orders')) },
  { path: paths.login.path, lazy: screen(() => import('./routes/login')) },
  { path: paths.register.path, lazy: screen(() => import('./routes/register')) },
  { path: paths.discount.path, lazy: screen(() => import('./routes/discount')) },
  { path: paths.discountConfirmation.path, lazy: screen(() => import('./routes/discount-confirmation')) },
  { path: paths.courtesy.path, lazy: screen(() => import('./routes/courtesy')) },
  { path: paths.courtesyConfirmation.path, lazy: screen(() => import('./routes/courtesy-confirmation')) },
  { path: paths.socialNetworks.path, lazy: screen(() => import('./routes/social-networks')) },
  { path: '*', lazy: screen(() => import('./routes/not-found')) },
];

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RootError,
    // Rendered in the outlet while the first screen's chunk downloads on a cold start.
    HydrateFallback: () => null,
    children: [
      {
        // Keeps the header and drawer around a screen that fails.
        ErrorBoundary: ScreenError,
        children: screens,
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
