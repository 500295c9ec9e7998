import { formatMoney } from '@comanda/shared';

/**
 * The cart's word on a delivery zone's minimum (product.md «Cart»), apart from the delivery
 * line's texts, which /menu's first load carries (its budget, architecture.md «Performance
 * budgets», has no bytes for what only the cart says). What is missing to reach a zone's minimum, counted on the products alone (the fee does not
 * count, as placement decides): "Te faltan $4.100 para el pedido mínimo de $30.000."; null when reached.
 */
export function missingForMinimum(subtotal: number, minOrder: number): string | null {
  const missing = minOrder - subtotal;
  if (minOrder <= 0 || missing <= 0) return null;
  return `Te faltan ${formatMoney(missing)} para el pedido mínimo de ${formatMoney(minOrder)}.`;
}
