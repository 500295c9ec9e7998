import { ORDER_STATUSES, type OrderStatus } from '@comanda/shared';
import { paths } from '@/config/paths';
import { vibrate } from '@/lib/alarm/vibrate';
import { audioContext, playNotes } from '@/lib/tones';
import { PING_NOTES, PING_VIBRATION, readyPing, type PingEvent } from './ready-ping';

const isPingEvent = (value: unknown): value is PingEvent => {
  const event = value as Partial<PingEvent> | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.order_id === 'number' &&
    ORDER_STATUSES.includes(event.status as OrderStatus) &&
    typeof event.order?.branch_office?.title === 'string' &&
    Array.isArray(event.order.history)
  );
};

/**
 * Browsers keep sound off until the page gets a tap. The customer has tapped to order (and,
 * maybe, on "Avisarme cuando esté listo"), so it usually plays; when the browser still holds
 * it, the ping stays silent rather than failing.
 */
function playPing(): void {
  const context = audioContext();
  if (!context) return;
  void context.resume().then(
    () => {
      if (context.state === 'running')
        playNotes(context, PING_NOTES, { wave: 'sine', peak: 0.35, length: 0.22 });
    },
    () => undefined,
  );
}

function notify(title: string, body: string, tag: string, href: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag, icon: '/icons/icon-192.png' });
    notification.onclick = () => {
      window.focus();
      notification.close();
      // A full load of the order page: the app's router cannot be reached from here, and a
      // click on a notification is rare enough not to need the single-page navigation.
      if (window.location.pathname !== href) window.location.assign(href);
    };
  } catch {
    // Android's Chrome makes pages show notifications through their service worker only; the
    // sound and the vibration still tell the customer.
  }
}

/**
 * The customer's "ready ping" for an `order-status` event of theirs: a short sound, a buzz where
 * the device has one, and a system notification if they allowed it, when their order is ready
 * or on its way; nothing for other changes.
 *
 * Every open storefront tab pings, each from its one socket listener (the app's real time; the
 * order page only updates its screen). Not deduplicated across tabs on purpose: a browser lets
 * a tab sound and vibrate only after a tap in that very tab, so electing one tab could pick the
 * one that cannot; tabs ping at the same instant, heard as one, and the notification's tag keeps
 * one notification on the system's list whatever the number of tabs.
 */
export function pingCustomer(payload: unknown): void {
  if (!isPingEvent(payload)) return;
  const ping = readyPing(payload, paths.orderTracking.getHref(payload.order_id));
  if (!ping) return;
  playPing();
  vibrate(PING_VIBRATION);
  notify(ping.title, ping.body, ping.tag, ping.href);
}
