import { CHAIN_TIME_ZONE, isStopped, type OrderLine, type OrderStatus } from '@comanda/shared';
import { dateFormat } from '@/lib/date-format';

// The chain's clock, not the device's: "the order of Tuesday 8 pm" means Bogotá's Tuesday.
const orderDate = dateFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: CHAIN_TIME_ZONE,
});

/** "20 de noviembre de 2026, 3:36 p. m."; the raw text when the server sent something unreadable. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : orderDate.format(date);
}

/** "Término medio · Extra queso": the options chosen on a past line. */
export function lineOptionsText(line: Pick<OrderLine, 'options'>): string {
  return line.options.map((option) => option.title).join(' · ');
}

/** Colour family of a status badge: finished well, finished badly, or still moving. */
export function statusTone(status: OrderStatus): 'done' | 'failed' | 'active' {
  if (status === 'delivered') return 'done';
  if (isStopped(status)) return 'failed';
  return 'active';
}

/** "1 producto" / "4 productos". */
export function productCount(count: number): string {
  return `${count} ${count === 1 ? 'producto' : 'productos'}`;
}
