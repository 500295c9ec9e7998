import { formatMoney } from '@comanda/shared';

/**
 * What the customer reads before ordering about how their order reaches them (product.md
 * «Delivery before ordering»), as pure functions of the server's figures: the server computes
 * fee, minimum and estimate; these only say them.
 */

/** "35–50 min": the estimate as a range (one figure when both ends agree). */
export function minutesRange(min: number, max: number): string {
  return min === max ? `${min} min` : `${min}–${max} min`;
}

/** "Domicilio a Mazurén · $5.000 · mínimo $30.000 · llega en 35–50 min" (free and no minimum said so). */
export function deliveryLine(
  option: { fee: number; min_order: number; eta_min: number; eta_max: number },
  neighbourhood: string,
): string {
  return [
    `Domicilio a ${neighbourhood}`,
    option.fee > 0 ? formatMoney(option.fee) : 'envío gratis',
    option.min_order > 0 ? `mínimo ${formatMoney(option.min_order)}` : 'sin mínimo',
    `llega en ${minutesRange(option.eta_min, option.eta_max)}`,
  ].join(' · ');
}

/** "Recoger en Campiña · listo en 20–30 min". */
export function pickupLine(
  branchTitle: string,
  eta: readonly [number, number] | null | undefined,
): string {
  return eta
    ? `Recoger en ${branchTitle} · listo en ${minutesRange(eta[0], eta[1])}`
    : `Recoger en ${branchTitle}`;
}
