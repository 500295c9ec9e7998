import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// By path: Node loads this file when Vite builds, without the workspace package's resolution.
import { offlinePathname, offlineUrl } from '../../packages/shared/src/contract/cacheable';

/**
 * The page's side (src/lib/pwa/register.ts) files the first visit's answers by the worker's own
 * pattern, given to it as a constant made here from the contract's marks (decision 063): the
 * browser never imports the endpoint table whole, which would put every storefront path and a
 * chunk of their own on /menu's first load.
 */
const offlinePattern: Plugin = {
  name: 'comanda-offline-pattern',
  config: () => ({
    define: { __OFFLINE_PATHNAME__: JSON.stringify(offlinePathname().source) },
  }),
};

/**
 * The service worker (Workbox's generateSW): it precaches the built files (the shell and every
 * screen's chunks) and keeps, at run time, the storefront's pages, the catalogue's answers and
 * the catalogue's images. What it keeps, for how long and why: decision 040. It waits, once
 * installed over an older one, until the page asks it to take over (the "Hay una versión nueva"
 * notice, never shown mid-checkout); registration is in src/lib/pwa/register.ts.
 */
export function serviceWorker() {
  return [offlinePattern, serviceWorkerPlugin()];
}

function serviceWorkerPlugin() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    // The page registers it itself (a few lines, in a lazy chunk): no workbox-window in the bundle.
    injectRegister: false,
    // The server writes the manifest from the chain's brand settings.
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{js,css,svg,png,ico,woff2}', 'index.html'],
      // The first visit's worker controls that page at once, so what it reads is kept from then on.
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // Navigations go to the network (the server renders them); index.html answers offline.
      navigateFallback: null,
      runtimeCaching: [
        {
          // Storefront pages, server-rendered: the network first, the last copy when offline. Never
          // the staff console or the API docs (the worker gets this function's source alone, so
          // the pattern is written inside it).
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && !/^\/(panel|docs|api)(\/|$)/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            networkTimeoutSeconds: 4,
            expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 },
            // A page never visited online: the app's shell, which renders it from cached answers.
            precacheFallback: { fallbackURL: 'index.html' },
          },
        },
        {
          // The public catalogue and delivery answers the contract marks `cache: { offline: true }`
          // (decision 063): fresh when the network answers, the last copy offline. A RegExp, which
          // the worker gets as written, matched on the whole URL.
          urlPattern: offlineUrl(),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'catalogue',
            networkTimeoutSeconds: 4,
            expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Catalogue photos have content-hashed names: a kept copy is never stale.
          urlPattern: ({ url }) => url.pathname.startsWith('/images/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'images',
            expiration: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [0, 200] },
          },
        },
        {
          // The chain's icons keep their names when its admin changes the logo (the manifest and
          // installed apps name them): the kept copy now, the server's answer for next time.
          urlPattern: ({ url }) => /^\/(icons\/|favicon\.)/.test(url.pathname),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'icons', expiration: { maxEntries: 20 } },
        },
      ],
    },
  });
}
