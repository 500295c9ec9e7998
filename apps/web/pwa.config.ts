import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app's build-time half (docs/decisions/040-offline-storefront.md): the chain's
 * icons made from its logo, and the service worker. The manifest itself is the server's
 * (`/manifest.webmanifest`, from the chain's brand settings); it names the icons made here.
 */

/** The chain's logo in the repository: every icon is made from it by the build. */
const LOGO = new URL('./brand/logo.svg', import.meta.url);
/** The logo's own background, the colour a maskable icon's safe-zone margin is filled with. */
const LOGO_BACKGROUND = '#b3261e';

/** A Windows icon file holding PNG images (every browser reads PNG entries in .ico). */
function icoOf(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: an icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map(({ data }) => data)]);
}

/**
 * Emits, from the logo: `/favicon.svg` and `/favicon.ico` (16, 32 and 48 px), the manifest's
 * icons `/icons/icon-{192,512}.png` (purpose any) and `/icons/maskable-{192,512}.png` (the logo
 * inside the central 80 %, within the safe zone a launcher's mask never cuts), and
 * `/icons/apple-touch-icon.png` (180 px, which iOS reads instead of the manifest).
 */
export function brandIcons(): Plugin {
  return {
    name: 'brand-icons',
    apply: 'build',
    async generateBundle() {
      const svg = readFileSync(LOGO);
      const png = (size: number) =>
        sharp(svg, { density: Math.ceil((72 * size) / 64) })
          .resize(size, size)
          .png()
          .toBuffer();
      const maskable = async (size: number) => {
        const inner = Math.round(size * 0.8);
        return sharp({
          create: { width: size, height: size, channels: 4, background: LOGO_BACKGROUND },
        })
          .composite([{ input: await png(inner), gravity: 'centre' }])
          .png()
          .toBuffer();
      };
      const emit = (fileName: string, source: Buffer) =>
        this.emitFile({ type: 'asset', fileName, source });
      emit('favicon.svg', svg);
      emit(
        'favicon.ico',
        icoOf(
          await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) }))),
        ),
      );
      for (const size of [192, 512]) {
        emit(`icons/icon-${size}.png`, await png(size));
        emit(`icons/maskable-${size}.png`, await maskable(size));
      }
      emit('icons/apple-touch-icon.png', await maskable(180));
    },
  };
}

/**
 * The service worker (Workbox's generateSW): it precaches the built files (the shell and every
 * screen's chunks) and keeps, at run time, the storefront's pages, the catalogue's answers and
 * the catalogue's images. What it keeps, for how long and why: decision 040. It waits, once
 * installed over an older one, until the page asks it to take over (the "Hay una versión nueva"
 * notice, never shown mid-checkout); registration is in src/lib/pwa/register.ts.
 */
export function serviceWorker() {
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
          // The public catalogue (branches, categories, banners, a category, a product, payment
          // types, parameters, coverage): fresh when the network answers, the last copy offline.
          urlPattern: ({ url }) =>
            /^\/api\/(branch-office|category-client|banner|category\/|products\/|menu\/|cart-type-payment|parameters-segment\/|social-links|delivery\/(neighbourhoods|coverage))/.test(
              url.pathname,
            ),
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
      ],
    },
  });
}
