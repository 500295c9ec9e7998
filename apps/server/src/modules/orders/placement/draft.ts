import { isDeliveryOrder, type PromotedPrice } from '@comanda/shared';
import type {
  BranchRow,
  ConfirmCartPayload,
  Customer,
  Destination,
  OrderDraft,
  Payment,
  PlacedBy,
  Price,
  ScheduledTimes,
} from '../types';
import type { AppliedCoupon } from './coupon';

/** The order to store: every figure computed by the server (its promotions and code by priceWithPromotions). */
export function draftOf(
  customer: Customer,
  payload: ConfirmCartPayload,
  branch: BranchRow,
  { payment, expiresAt }: { payment: Payment; expiresAt: Date | null },
  destination: Destination,
  {
    price,
    promoted,
    coupon,
  }: { price: Price; promoted: PromotedPrice; coupon: AppliedCoupon | null },
  times: ScheduledTimes | null,
  by: PlacedBy | null = null,
): OrderDraft {
  const online = payment.kind === 'online';
  return {
    user_id: customer.id,
    branch_id: branch.id,
    client_order_id: payload.client_order_id,
    type_delivery: isDeliveryOrder(payload) ? 2 : 1,
    address_id: destination.addressId,
    address: destination.address,
    neighbourhood: destination.neighbourhood,
    address_notes: destination.addressNotes,
    customer_phone: customer.phone,
    payment_type_id: payment.id,
    payment_description: payment.description,
    observation: payload.form.observation.trim(),
    quantity: price.quantity,
    total: promoted.total,
    delivery_fee: price.fee,
    discount: promoted.discount,
    coupon_code_id: coupon?.id ?? null,
    promotions: JSON.stringify(promoted.promotions),
    scheduled_for: times?.scheduled_for ?? null,
    fire_at: times?.fire_at ?? null,
    status: online ? 'awaiting_payment' : 'received',
    payment_status: online ? 'pending' : null,
    pay_with: payment.kind === 'cash' ? (payload.pay_with ?? null) : null,
    tip: promoted.tip,
    payment_expires_at: expiresAt?.toISOString() ?? null,
    channel: by?.channel ?? 'web',
    placed_by: by?.staff.id ?? null,
    lines: price.lines,
  };
}
