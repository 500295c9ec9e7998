import { FAIL_REASON_TEXT, formatMoney, type FailReason, type TripStop } from '@comanda/shared';

/**
 * What to collect at the door, in one line: "Cobrar $38.500 · paga con $50.000 · llevar $11.500
 * de cambio", "Cobrar $38.500" when the customer did not say what they pay with, "Pagado en línea"
 * when there is nothing to collect. A tip for the courier (decision 085) is said apart: it is in
 * what to collect ("Cobrar $40.500 (incluye propina $2.000)"), or already paid online.
 */
export function collectText(
  stop: Pick<TripStop, 'collect' | 'pay_with' | 'change'> & Partial<Pick<TripStop, 'tip'>>,
): string {
  const tip = stop.tip ?? 0;
  if (stop.collect <= 0)
    return tip > 0 ? `Pagado en línea · propina ${formatMoney(tip)} incluida` : 'Pagado en línea';
  const tipText = tip > 0 ? ` (incluye propina ${formatMoney(tip)})` : '';
  const parts = [`Cobrar ${formatMoney(stop.collect)}${tipText}`];
  if (stop.pay_with !== null) parts.push(`paga con ${formatMoney(stop.pay_with)}`);
  if (stop.change !== null && stop.change > 0)
    parts.push(`llevar ${formatMoney(stop.change)} de cambio`);
  return parts.join(' · ');
}

/**
 * "Cómo llegar": a search link the phone's maps app opens with the address (nothing is loaded
 * from here: no tiles, no scripts).
 */
export function directionsHref(
  stop: Pick<TripStop, 'address' | 'neighbourhood'>,
  city: string,
): string {
  const query = [stop.address, stop.neighbourhood, city].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The phone for a `tel:` link: digits and a leading +, nothing a dialer would choke on. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** "No contestó" for a failed stop's reason, whether it comes as the reason's code or its text. */
export const reasonText = (reason: string | null): string =>
  reason ? (FAIL_REASON_TEXT[reason as FailReason] ?? reason) : '';
