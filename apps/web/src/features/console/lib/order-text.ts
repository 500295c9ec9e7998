import { chainClock, type OrderLine, type PlacedOrder } from '@comanda/shared';

/** "Grande · Tocineta extra": the options chosen for a line, as the kitchen reads them. */
export const optionsText = (line: Pick<OrderLine, 'options'>) =>
  line.options.map((option) => option.title).join(' · ');

/** Where the order goes: the branch's counter, or the address with its neighbourhood. */
export function destinationText(
  order: Pick<PlacedOrder, 'type_delivery' | 'address' | 'neighbourhood'>,
): string {
  if (order.type_delivery !== 2) return 'Recoge en la sede';
  // The stored address usually spells its neighbourhood out already: say it once.
  if (
    !order.neighbourhood ||
    order.address.toLowerCase().includes(order.neighbourhood.toLowerCase())
  )
    return order.address;
  return `${order.address} · ${order.neighbourhood}`;
}

/** "12:45" on the chain's clock. */
export const clockText = (iso: string) => chainClock(new Date(iso));

/** "300 123 4567": a Colombian mobile grouped for reading aloud; other numbers as they are. */
export function phoneText(phone: string): string {
  return /^3[0-9]{9}$/.test(phone)
    ? `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`
    : phone;
}

/**
 * What the day's search sends: trimmed, and a phone typed the way the board shows it
 * ("300 123 4567") without its spaces, as the server stores it.
 */
export function searchQuery(text: string): string {
  const trimmed = text.trim();
  return /^[0-9 ]+$/.test(trimmed) ? trimmed.replace(/ /g, '') : trimmed;
}
