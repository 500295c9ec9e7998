import { formatMoney, type PlacedOrder } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { counterTicket, stationTicket } from '../../../src/modules/printers/ticket';
import { readEscPos } from './printer-support';

// The counter's ESC/POS ticket of a tipped cash delivery (decision 085): the sale's total, the
// courier's tip apart, what to collect (total + tip) and the change from it; each line's note.

const PAPER = { width_mm: 80, code_page: 'cp858' as const };

const order = {
  id: 41,
  branch_office: { id: 1, title: 'Campiña', address: 'Cra 1' },
  type_delivery: 2,
  address: 'Cl. 24 #68-50',
  neighbourhood: 'Ciudad Salitre',
  address_notes: null,
  scheduled_for: null,
  promised_at: null,
  placed_at: '2026-12-03T01:00:00.000Z',
  customer: { name: 'Ana Ruiz', phone: '3001234567' },
  observation: '',
  detail: [
    {
      product_id: 7,
      slug: 'hamburguesa',
      title: 'Hamburguesa',
      image: '',
      unit_price: 25_900,
      quantity: 2,
      total: 51_800,
      options: [],
      note: 'Sin cebolla',
    },
  ],
  delivery_fee: 0,
  discount: 0,
  total: 51_800,
  tip: 5000,
  payment: 'Efectivo',
  payment_status: null,
  pay_with: 60_000,
} as unknown as PlacedOrder;

describe('the ticket of a tipped delivery', () => {
  it('prints the tip apart from the total, what to collect and the change from it', () => {
    const { lines } = readEscPos(counterTicket(order, PAPER));
    const row = (label: string) =>
      lines.find((line) => line.startsWith(label))?.replace(/ +/g, ' ');
    expect(row('TOTAL')).toBe(`TOTAL ${formatMoney(51_800)}`);
    expect(row('PROPINA DOMICILIARIO')).toBe(`PROPINA DOMICILIARIO ${formatMoney(5000)}`);
    expect(row('A PAGAR')).toBe(`A PAGAR ${formatMoney(56_800)}`);
    expect(row('PAGA CON')).toBe(`PAGA CON ${formatMoney(60_000)} · CAMBIO ${formatMoney(3200)}`);
    expect(lines).toContain('  NOTA: Sin cebolla');
  });

  it('prints no tip lines without one, and the note on the station ticket too', () => {
    const plain = { ...order, tip: 0 };
    const { lines } = readEscPos(counterTicket(plain, PAPER));
    expect(lines.some((line) => line.startsWith('PROPINA') || line.startsWith('A PAGAR'))).toBe(
      false,
    );
    const station = readEscPos(
      stationTicket(plain, { name: 'Parrilla', lines: order.detail }, PAPER),
    );
    expect(station.lines).toContain('  NOTA: Sin cebolla');
  });
});
