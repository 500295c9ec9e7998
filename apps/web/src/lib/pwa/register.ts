import { paths } from '@/config/paths';

/** The worker's catalogue pattern on a URL's path, made at build time (apps/web/pwa.config.ts). */
declare const __OFFLINE_PATHNAME__: string;

/**
 * The installable, offline-tolerant storefront's page side (decision 040), loaded after the
 * page (main.tsx): the "Sin conexión" band, the service worker's registration and its "Hay una
 * versión nueva" notice. Plain DOM before the app's root, outside React: nothing here changes
 * what the server rendered or what React hydrates, and none of it weighs on the first load.
 */

const bar = (text: string) => {
  const element = document.createElement('div');
  element.className = 'pwa-bar';
  element.setAttribute('role', 'status');
  element.textContent = text;
  element.hidden = true;
  document.body.prepend(element);
  return element;
};

// Offline: what the screens show is the last copy kept on the phone, prices included.
const offline = bar(
  'Sin conexión · mostrando el menú guardado. Los precios se confirman al volver la señal.',
);
offline.classList.add('pwa-offline');
const syncOnline = () => {
  offline.hidden = navigator.onLine;
  document.documentElement.toggleAttribute('data-offline', !navigator.onLine);
};
addEventListener('online', syncOnline);
addEventListener('offline', syncOnline);
syncOnline();

/** The answers the worker keeps for offline use (the contract's `cache` marks, decision 063). */
const offlinePath = new RegExp(__OFFLINE_PATHNAME__);

/** The caches the worker answers from (apps/web/pwa.config.ts), by the kind of request. */
const cacheOf = (url: URL) =>
  url.pathname.startsWith('/images/')
    ? 'images'
    : offlinePath.test(url.pathname)
      ? 'catalogue'
      : null;

/**
 * The first visit's page and what it read came before the worker controlled it: they are put
 * into the worker's caches now, so a reload without signal already shows them.
 */
async function keepFirstVisit() {
  const pages = await caches.open('pages');
  await pages.add(location.href).catch(() => undefined);
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    const name = url.origin === location.origin ? cacheOf(url) : null;
    if (name) await (await caches.open(name)).add(url).catch(() => undefined);
  }
}

const container = navigator.serviceWorker;
let controlled = Boolean(container.controller);
container.addEventListener('controllerchange', () => {
  // The first worker taking over is no new version: nothing to reload.
  if (!controlled) {
    controlled = true;
    void keepFirstVisit();
    return;
  }
  location.reload();
});

const update = bar('Hay una versión nueva · ');
const button = document.createElement('button');
button.type = 'button';
button.className = 'pwa-action';
button.textContent = 'Actualizar';
update.append(button);
let waiting: ServiceWorker | null = null;
// Never mid-checkout: the new version waits until the customer is elsewhere.
const syncUpdate = () => {
  update.hidden = !waiting || location.pathname === paths.checkout.getHref();
};
setInterval(syncUpdate, 1000);
button.addEventListener('click', () => waiting?.postMessage({ type: 'SKIP_WAITING' }));

const offer = (worker: ServiceWorker | null) => {
  if (!worker || !container.controller) return;
  waiting = worker;
  syncUpdate();
};

/** A browser may refuse the worker (a private window, a policy, a test harness): the app runs without it. */
const registered = container.register('/sw.js').catch(() => undefined);

void registered.then((registration) => {
  if (!registration) return;
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  // A phone keeps the app open for days: look for a new version every hour.
  setInterval(() => void registration.update().catch(() => undefined), 3_600_000);
  if (container.controller === null && registration.active) void keepFirstVisit();
});
