import { isFinished, type OrderStatus, type PlacedOrder } from '@comanda/shared';
import type { Note } from '@/lib/tones';

/** The statuses the customer is pinged for: the moments they have to act (pick up, open the door). */
const PING_STATUSES: readonly OrderStatus[] = ['ready', 'on_the_way'];

/** What an `order-status` event must carry to ping (product.md «Wire contract»). */
export interface PingEvent {
  order_id: number;
  status: OrderStatus;
  order: Pick<PlacedOrder, 'type_delivery' | 'branch_office' | 'history'>;
}

export interface ReadyPing {
  title: string;
  body: string;
  /**
   * One system notification per order: "va en camino" replaces "está listo", and the same
   * notification from several open tabs shows once.
   */
  tag: string;
  /** The order's page, opened when the notification is clicked. */
  href: string;
}

/**
 * The ping for a status change, or null when the change is not one the customer is pinged for.
 * Once per status: a delivered order the branch recalls to ready (a slip on the console) was
 * already announced as ready, and pinging again would call the customer back for nothing.
 */
export function readyPing(event: PingEvent, href: string): ReadyPing | null {
  const { order_id: id, status, order } = event;
  if (!PING_STATUSES.includes(status)) return null;
  if (order.history.filter((entry) => entry.status === status).length > 1) return null;
  const branch = order.branch_office.title;
  const tag = `pedido-${id}`;
  if (status === 'on_the_way')
    return {
      title: `Tu pedido #${id} va en camino`,
      body: `Sale de ${branch} hacia tu dirección.`,
      tag,
      href,
    };
  return {
    title: `Tu pedido #${id} está listo`,
    body:
      order.type_delivery === 1
        ? `Ya puedes recogerlo en ${branch}.`
        : `${branch} lo tiene listo para salir hacia ti.`,
    tag,
    href,
  };
}

/**
 * Whether a ping may still come for an order in this status: what decides if asking for
 * notifications still helps. A pickup order pings once (ready); a delivery order also when it
 * leaves the branch.
 */
export function pingsAhead(order: Pick<PlacedOrder, 'status' | 'type_delivery'>): boolean {
  // Waiting for its money, the page's business is the payment: pings are offered once it is paid.
  if (order.status === 'awaiting_payment') return false;
  if (isFinished(order.status) || order.status === 'on_the_way') return false;
  return order.status !== 'ready' || order.type_delivery === 2;
}

/** The short buzz a phone gives with the sound: two pulses (ms on, off, on). */
export const PING_VIBRATION = [120, 80, 120];

/** The ping's sound: a soft rising "ding-ding", short and gentler than the console's kitchen alarm. */
export const PING_NOTES: readonly Note[] = [
  [784, 0],
  [1175, 0.14],
];
