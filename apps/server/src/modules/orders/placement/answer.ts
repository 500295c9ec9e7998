// What placement answers once the write is back: what the write refused, or the new order as
// the branch and its customer will see it.
import { CHECKOUT_MESSAGES, SCHEDULE_MESSAGES, type PlacedOrder } from '@comanda/shared';
import { placedOrder } from '../reads/order-answer';
import type { BranchRow, Customer, Errors, OrderDraft, Written, WrittenOrder } from '../types';

/**
 * What the write itself refused, nothing being stored: the slot filled since it was offered, or
 * the code was redeemed meanwhile (by another order of the same code, or of the same customer),
 * on this node or another.
 */
export function writeRefusal(written: WrittenOrder, branch: BranchRow): Errors | null {
  if (written.full) return { scheduled_for: [SCHEDULE_MESSAGES.slotFull] };
  if (written.promotionUsedUp) return { total: [CHECKOUT_MESSAGES.promotionUsedUp] };
  if (written.coupon === 'used') return { coupon_code: [CHECKOUT_MESSAGES.couponUsed] };
  if (written.coupon === 'customer')
    return { coupon_code: [CHECKOUT_MESSAGES.couponOncePerCustomer(branch.title)] };
  return null;
}

/**
 * A new order's answer from what was just committed. Field by field rather than spreading the
 * draft: this literal is built for every order, and a spread of the draft into a wider object
 * was the costliest line of placement.
 */
export function answerOf(
  draft: OrderDraft,
  written: Written,
  branch: BranchRow,
  customer: Customer,
): PlacedOrder {
  return placedOrder(
    {
      id: written.id,
      client_order_id: draft.client_order_id,
      branch_id: draft.branch_id,
      type_delivery: draft.type_delivery,
      address: draft.address,
      neighbourhood: draft.neighbourhood,
      address_notes: draft.address_notes,
      address_id: draft.address_id,
      payment_description: draft.payment_description,
      payment_status: draft.payment_status,
      refunded_amount: 0,
      pay_with: draft.pay_with,
      tip: draft.tip,
      observation: draft.observation,
      quantity: draft.quantity,
      total: draft.total,
      delivery_fee: draft.delivery_fee,
      discount: draft.discount,
      promotions: draft.promotions,
      branch_title: branch.title,
      branch_address: branch.address,
      status: draft.status,
      created_at: written.at,
      accepted_at: null,
      promised_at: null,
      reject_reason: null,
      scheduled_for: draft.scheduled_for,
      fire_at: draft.fire_at,
      customer_name: customer.name,
      customer_phone: draft.customer_phone,
      courier_name: null,
      arrival_from: null,
      arrival_to: null,
      delivery_failed: null,
      channel: draft.channel,
    },
    draft.lines,
    [{ status: draft.status, at: written.at }],
  );
}
