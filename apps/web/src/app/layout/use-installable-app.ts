import { useEffect } from 'react';
import { afterLoad } from './after-load';

/** How long after the page has loaded the service worker is registered. */
const START_DELAY_MS = 4_000;

/**
 * The installable, offline-tolerant app (decision 040), from chunks of its own, a few seconds
 * after the page has loaded and once the browser is idle, for every visitor (with or without a
 * socket): its worker downloads every screen's files, which on a cheap phone would compete with
 * the customer's first taps (started at load, it cost /menu and a product page 120-170 ms of
 * Lighthouse's blocking time).
 */
export function useInstallableApp(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const register = () => void import('@/lib/pwa/register');
    const cancel = afterLoad(() => {
      timer = setTimeout(() => {
        if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
        else register();
      }, START_DELAY_MS);
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, []);
}
