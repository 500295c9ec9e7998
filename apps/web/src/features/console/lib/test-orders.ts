import type { OrderStatus, PlacedOrder } from '@comanda/shared';

/** A board order for unit tests: only what the board reads is meaningful. */
export function boardOrder(
  id: number,
  status: OrderStatus,
  placedAt: string,
  extra: Partial<PlacedOrder> = {},
): PlacedOrder {
  return {
    id,
    client_order_id: `c-${id}`,
    branch_office: { id: 1, title: 'Campiña', address: '' },
    type_delivery: 1,
    type_delivery_text: 'Recoger',
    address: '',
    payment: 'Efectivo',
    observation: '',
    quantity: 1,
    total: 10_000,
    delivery_fee: 0,
    discount: 0,
    status,
    status_text: status,
    created_at: placedAt,
    placed_at: placedAt,
    accepted_at: null,
    promised_at: null,
    reject_reason: null,
    scheduled_for: null,
    fire_at: placedAt,
    customer: { name: 'Ana', phone: '3000000000' },
    neighbourhood: null,
    address_notes: null,
    customer_phone: '3000000000',
    address_id: null,
    detail: [],
    history: [{ status: 'received', status_text: 'Recibido', at: placedAt }],
    ...extra,
  };
}
