import {
  cartPromotionLines,
  formatMoney,
  priceWithPromotions,
  promotionInForce,
  type AppliedPromotion,
  type PricedProduct,
  type PromotedPrice,
} from '@comanda/shared';
import { usePromotions } from '../api/get-promotions';

type PricedItem = PricedProduct & { id: number; quantity: number };

/**
 * The cart priced as placement will price it (decision 082): the one priceWithPromotions over
 * the branch's promotions in force at the order's time (now, or `at`, a scheduled order's slot),
 * the lines and the zone's fee, with a delivery's tip apart (`due`, decision 085). A discount
 * code is not priced here: the server weighs it at Continuar.
 */
export function useCartPrice(
  cart: readonly PricedItem[],
  branchId: number | null | undefined,
  fee: number,
  at: string | null = null,
  tip = 0,
): PromotedPrice {
  const { data } = usePromotions(branchId, at);
  const when = at ? new Date(at) : new Date();
  const rules = branchId
    ? (data ?? []).filter((rule) => promotionInForce(rule, when, branchId))
    : [];
  return priceWithPromotions({ rules, lines: cartPromotionLines(cart), fee, tip });
}

/** "2x1 martes −$22.900": each applied promotion as a summary line. */
export const promotionLines = (promotions: readonly AppliedPromotion[]) =>
  promotions.map((p) => ({ label: p.title, amount: `−${formatMoney(p.amount)}` }));
