import {
  ORDER_STATUS_TEXT,
  TYPE_DELIVERY_TEXT,
  orderLineOptionSchema,
  type CartHistory,
  type OrderLineOption,
} from '@comanda/shared';
import { z } from 'zod';
import type { OrdersRepository } from './repository';

const storedOptions = z.array(orderLineOptionSchema);

/** Options are stored as JSON written by us; a row that does not parse shows no options rather than failing the page. */
function parseOptions(json: string): OrderLineOption[] {
  try {
    const parsed = storedOptions.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function createOrdersService(repository: OrdersRepository) {
  return {
    async history(userId: number, page: number, perPage: number): Promise<CartHistory> {
      const [total, orders] = await Promise.all([
        repository.countForUser(userId),
        repository.pageForUser(userId, perPage, (page - 1) * perPage),
      ]);
      const lines = await repository.linesOf(orders.map((o) => o.id));
      return {
        page,
        per_page: perPage,
        total,
        results: orders.map((order) => {
          const typeDelivery = order.type_delivery === 2 ? 2 : 1;
          return {
            id: order.id,
            address: order.address,
            type_delivery: typeDelivery,
            type_delivery_text: TYPE_DELIVERY_TEXT[typeDelivery],
            branch_office: { id: order.branch_id, title: order.branch_title },
            payment: order.payment_description,
            quantity: order.quantity,
            total: order.total,
            status: order.status,
            status_text: ORDER_STATUS_TEXT[order.status],
            created_at: new Date(order.created_at).toISOString(),
            detail: lines
              .filter((line) => line.order_id === order.id)
              .map(({ order_id: _orderId, options, ...line }) => ({ ...line, options: parseOptions(options) })),
          };
        }),
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
