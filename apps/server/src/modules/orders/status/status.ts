import { ORDER_STATUS_TEXT, type AuditAction, type OrderStatus } from '@comanda/shared';
import type { AuditChange } from '../../audit/service';

// Where an order may go is the shared status graph (packages/shared order-status.ts); this file
// only says how a step reads in the change log.

/** The steps the Historial names on their own; every other step is a `status` change. */
const ACTION_OF: Partial<Record<OrderStatus, AuditAction>> = {
  accepted: 'accept',
  rejected: 'reject',
  cancelled: 'cancel',
};

/**
 * The change log's row for one step of an order: which order, at which branch (so the
 * Historial's «Sede» finds it), from and to, and what the step recorded (the promise, the
 * reason). No customer data: the order number leads to the rest for whoever may see it.
 */
export function statusEntry(
  orderId: number,
  branchId: number,
  from: OrderStatus,
  to: OrderStatus,
  recorded: {
    accepted_at?: string;
    promised_at?: string;
    reject_reason?: string;
    prep_minutes?: number;
  },
): AuditChange {
  const reason = recorded.reject_reason ? ` (${recorded.reject_reason})` : '';
  return {
    action: ACTION_OF[to] ?? 'status',
    entity: 'order',
    entity_id: orderId,
    branch_id: branchId,
    summary: `Pedido #${orderId}: ${ORDER_STATUS_TEXT[from]} → ${ORDER_STATUS_TEXT[to]}${reason}`,
    before: { status: from },
    after: { status: to, ...recorded },
  };
}
