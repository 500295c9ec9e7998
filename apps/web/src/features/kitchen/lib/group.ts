import type { StationItem } from '@comanda/shared';

export interface OrderItems {
  order_id: number;
  order_number: number;
  promised_at: string | null;
  notes: string;
  items: StationItem[];
}

/** A station's items as the screen shows them: one card per order, in the server's order (oldest first). */
export function byOrder(items: readonly StationItem[]): OrderItems[] {
  const orders = new Map<number, OrderItems>();
  for (const item of items) {
    const order = orders.get(item.order_id);
    if (order) order.items.push(item);
    else
      orders.set(item.order_id, {
        order_id: item.order_id,
        order_number: item.order_number,
        promised_at: item.promised_at,
        notes: item.notes,
        items: [item],
      });
  }
  return [...orders.values()];
}
