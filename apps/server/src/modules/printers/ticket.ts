// What a printed ticket says (decision 071): the counter's ticket (the whole order with its
// money) and a station's (only that station's items, no prices), as ESC/POS blocks. The same
// facts the browser's printed ticket shows (features/console/components/order-ticket.tsx).
import {
  chainClock,
  formatMoney,
  type OrderLine,
  type PlacedOrder,
  type PrinterCodePage,
} from '@comanda/shared';
import { columnsFor, encodeTicket, type TicketBlock } from './escpos';

/** The printer's paper as its row stores it. */
export interface PrinterPaper {
  width_mm: number;
  code_page: PrinterCodePage;
}

/** One station's part of an order: its name and the lines it cooks. */
export interface StationPart {
  name: string;
  lines: readonly OrderLine[];
}

const clock = (iso: string) => chainClock(new Date(iso));

/** Paid online (whatever refunds came after): nobody asks this customer for money at the door. */
const paidOnline = (order: PlacedOrder) =>
  order.payment_status === 'approved' ||
  order.payment_status === 'partially_refunded' ||
  order.payment_status === 'refunded';

/** Whose order, of which kind, for when: what every ticket starts with. */
function head(order: PlacedOrder, title: string): TicketBlock[] {
  const delivery = order.type_delivery === 2;
  const promised = order.promised_at
    ? ` · ${delivery ? 'Llega' : 'Listo'} ${clock(order.promised_at)}`
    : '';
  return [
    { text: title, bold: true, center: true },
    { text: `#${order.id}`, bold: true, big: true, center: true },
    { text: delivery ? 'DOMICILIO' : 'RECOGER', bold: true, center: true },
    ...(order.scheduled_for
      ? [{ text: `PROGRAMADO ${clock(order.scheduled_for)}`, bold: true, center: true }]
      : []),
    { text: `Pedido ${clock(order.placed_at)}${promised}` },
    { text: `${order.customer.name} · ${order.customer.phone}`, bold: true },
  ];
}

/** Where a delivery goes, with the neighbourhood unless the address already names it. */
function destination(order: PlacedOrder): TicketBlock[] {
  if (order.type_delivery !== 2) return [];
  const neighbourhood =
    order.neighbourhood && !order.address.toLowerCase().includes(order.neighbourhood.toLowerCase())
      ? ` · ${order.neighbourhood}`
      : '';
  return [
    { text: `${order.address}${neighbourhood}`, bold: true },
    ...(order.address_notes ? [{ text: `INDICACIONES: ${order.address_notes}`, bold: true }] : []),
  ];
}

/**
 * A line as the kitchen reads it: `2 x Hamburguesa`, its options below, then the customer's
 * note for it in bold (`NOTA: Sin cebolla`); with its price or not.
 */
function lineBlocks(line: OrderLine, priced: boolean): TicketBlock[] {
  const what = `${line.quantity} x ${line.title}`;
  const options = line.options.map((option) => option.title).join(' · ');
  return [
    priced
      ? { left: what, right: formatMoney(line.total), bold: true }
      : { text: what, bold: true, big: true },
    ...(options ? [{ text: `+ ${options}`, indent: 2 }] : []),
    ...(line.note ? [{ text: `NOTA: ${line.note}`, indent: 2, bold: true }] : []),
  ];
}

const observation = (order: PlacedOrder): TicketBlock[] =>
  order.observation
    ? [{ rule: true }, { text: 'RECOMENDACIÓN:', bold: true }, { text: order.observation }]
    : [];

/**
 * The fee, the discount, the total, the courier's tip and what is paid (total + tip, decision
 * 085), and how: whether the courier collects, and what.
 */
function money(order: PlacedOrder): TicketBlock[] {
  const due = order.total + order.tip;
  const change = order.pay_with === null ? 0 : order.pay_with - due;
  return [
    ...(order.delivery_fee > 0
      ? [{ left: 'DOMICILIO', right: formatMoney(order.delivery_fee) }]
      : []),
    ...(order.discount > 0
      ? [{ left: 'DESCUENTO', right: `-${formatMoney(order.discount)}` }]
      : []),
    { left: 'TOTAL', right: formatMoney(order.total), bold: true },
    ...(order.tip > 0
      ? [
          { left: 'PROPINA DOMICILIARIO', right: formatMoney(order.tip) },
          { left: 'A PAGAR', right: formatMoney(due), bold: true },
        ]
      : []),
    { text: order.payment },
    ...(paidOnline(order) ? [{ text: 'PAGADO EN LÍNEA · NO COBRAR', bold: true }] : []),
    ...(order.pay_with === null
      ? []
      : [
          {
            text: `PAGA CON ${formatMoney(order.pay_with)} · ${change > 0 ? `CAMBIO ${formatMoney(change)}` : 'SIN CAMBIO'}`,
            bold: true,
          },
        ]),
  ];
}

/** The counter's ticket: the whole order, its money and its branch. */
export function counterTicket(order: PlacedOrder, paper: PrinterPaper): Buffer {
  const blocks: TicketBlock[] = [
    ...head(order, order.branch_office.title),
    ...destination(order),
    { rule: true },
    ...order.detail.flatMap((line) => lineBlocks(line, true)),
    ...observation(order),
    { rule: true },
    ...money(order),
  ];
  return encodeTicket(blocks, { columns: columnsFor(paper.width_mm), codePage: paper.code_page });
}

/** A station's ticket: its name on top, only its items, big and without prices. */
export function stationTicket(order: PlacedOrder, part: StationPart, paper: PrinterPaper): Buffer {
  const blocks: TicketBlock[] = [
    ...head(order, part.name.toUpperCase()),
    { rule: true },
    ...part.lines.flatMap((line) => lineBlocks(line, false)),
    ...observation(order),
  ];
  return encodeTicket(blocks, { columns: columnsFor(paper.width_mm), codePage: paper.code_page });
}
