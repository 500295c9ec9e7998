import {
  chainClock,
  chainDayRange,
  chainToday,
  DAY_CSV_HEADER,
  ORDER_CHANNEL_TEXT,
  ORDER_CHANNELS,
  ORDER_STATUS_TEXT,
  ORDER_STATUSES,
  promiseMinutesOf,
  SALE_STATUSES,
  type BranchSummary,
  type DayOrder,
  type DayOrdersQuery,
  type OrderChannel,
  type OrderStatus,
} from '@comanda/shared';
import { toCsv } from '../../lib/csv';
import { isoInstant, isoOrNull } from '../../lib/iso-instant';
import { STAFF_LIST_LIMIT } from '../../lib/staff-list-limit';
import type { ConsoleDeps } from './deps';
import type { ConsoleRepository } from './repository';

const MINUTE = 60_000;

type FigureRow = Awaited<ReturnType<ConsoleRepository['dayFigures']>>[number];
type Figures = { orders: number; total: number };

const TYPE_LABEL: Record<number, string> = { 1: 'Recoger', 2: 'Domicilio' };
const typeLabel = (type: number) => TYPE_LABEL[type] ?? `Tipo ${type}`;

/** A sale: the branch took the order on (accepted or further along) and did not call it off. */
export const isSale = (status: OrderStatus) =>
  (SALE_STATUSES as readonly OrderStatus[]).includes(status);

const add = (
  map: Map<string | number, Figures>,
  key: string | number,
  orders: number,
  total: number,
) => {
  const current = map.get(key) ?? { orders: 0, total: 0 };
  map.set(key, { orders: current.orders + orders, total: current.total + total });
};

/**
 * The day's rows added up. Only sales go into the money: an order still unanswered is counted
 * apart (it may yet be rejected), and so are rejections (by reason) and cancellations.
 */
function tally(rows: FigureRow[]) {
  const byStatus = new Map<OrderStatus, number>();
  const byPayment = new Map<string | number, Figures>();
  const byType = new Map<string | number, Figures>();
  const byChannel = new Map<string | number, Figures>();
  const reasons = new Map<string, number>();
  let sales: Figures = { orders: 0, total: 0 };
  let discounts: Figures = { orders: 0, total: 0 };
  let refunds: Figures = { orders: 0, total: 0 };
  let received: Figures = { orders: 0, total: 0 };
  for (const row of rows) {
    const orders = Number(row.orders);
    const refunded = Number(row.refunded ?? 0);
    // A sale is what the branch kept: what a refund gave back is out of it (decision 061).
    const total = Number(row.total ?? 0) - (isSale(row.status) ? refunded : 0);
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + orders);
    if (row.status === 'rejected') {
      const reason = row.reject_reason ?? '';
      reasons.set(reason, (reasons.get(reason) ?? 0) + orders);
    } else if (row.status === 'received') {
      received = { orders: received.orders + orders, total: received.total + total };
    } else if (isSale(row.status)) {
      sales = { orders: sales.orders + orders, total: sales.total + total };
      discounts = {
        orders: discounts.orders + Number(row.discounted ?? 0),
        total: discounts.total + Number(row.discount ?? 0),
      };
      refunds = {
        orders: refunds.orders + Number(row.refunded_orders ?? 0),
        total: refunds.total + refunded,
      };
      add(byPayment, row.payment_description, orders, total);
      add(byType, Number(row.type_delivery), orders, total);
      add(byChannel, row.channel, orders, total);
    }
  }
  return { byStatus, byPayment, byType, byChannel, reasons, sales, discounts, refunds, received };
}

/** Mean minutes between two instants over the rows, one decimal; null over none. */
function averageMinutes(pairs: { from: string | Date; to: string | Date | null }[]): number | null {
  const minutes = pairs
    .filter((pair) => pair.to !== null)
    .map((pair) => (new Date(pair.to!).getTime() - new Date(pair.from).getTime()) / MINUTE);
  if (minutes.length === 0) return null;
  return Math.round((minutes.reduce((a, b) => a + b, 0) / minutes.length) * 10) / 10;
}

type Stop = {
  ready_at: unknown;
  departed_at: string | Date | null;
  ended_at: string | Date | null;
  outcome: string | null;
};

/** Ready → a courier leaving with it, and leaving → delivered, over a day's stops (decision 068). */
function courierAverages(stops: Stop[]) {
  return {
    average_pickup_minutes: averageMinutes(
      stops.flatMap((stop) =>
        stop.ready_at ? [{ from: stop.ready_at as string | Date, to: stop.departed_at }] : [],
      ),
    ),
    average_delivery_minutes: averageMinutes(
      stops.flatMap((stop) =>
        stop.outcome === 'delivered' && stop.departed_at
          ? [{ from: stop.departed_at, to: stop.ended_at }]
          : [],
      ),
    ),
  };
}

const largestFirst = <T extends { total: number }>(a: T, b: T, byName: number) =>
  b.total - a.total || byName;

/** The day's sales by payment method, by type and by channel (decision 087), largest first. */
function breakdowns(
  byPayment: Map<string | number, Figures>,
  byType: Map<string | number, Figures>,
  byChannel: Map<string | number, Figures>,
) {
  return {
    by_payment: [...byPayment]
      .map(([payment, figures]) => ({ payment: String(payment), ...figures }))
      .sort((a, b) => largestFirst(a, b, a.payment.localeCompare(b.payment))),
    by_type: [...byType]
      .map(([type, figures]) => ({
        type_delivery: Number(type),
        label: typeLabel(Number(type)),
        ...figures,
      }))
      .sort((a, b) => largestFirst(a, b, a.type_delivery - b.type_delivery)),
    // Every channel, in the same order every day, so the counter compares days at a glance.
    by_channel: ORDER_CHANNELS.map((channel) => ({
      channel,
      label: ORDER_CHANNEL_TEXT[channel],
      ...(byChannel.get(channel) ?? { orders: 0, total: 0 }),
    })),
  };
}

/** One calendar day of a branch on the chain's clock (default today); null without the branch. */
async function summary(
  { repository, now }: ConsoleDeps,
  branchId: number,
  date?: string,
): Promise<BranchSummary | null> {
  if (!(await repository.findBranch(branchId))) return null;
  const day = date ?? chainToday(now());
  const range = chainDayRange(day);
  const [from, to] = [range.start.toISOString(), range.end.toISOString()];
  const [rows, ready, accepted, stops, stations] = await Promise.all([
    repository.dayFigures(branchId, from, to),
    repository.readyTimes(branchId, from, to),
    repository.acceptTimes(branchId, from, to),
    repository.courierTimes(branchId, from, to),
    repository.stationTimes(branchId, from, to),
  ]);
  const { byStatus, byPayment, byType, byChannel, reasons, sales, discounts, refunds, received } =
    tally(rows);
  return {
    branch_id: branchId,
    date: day,
    orders: [...byStatus.values()].reduce((a, b) => a + b, 0),
    sales,
    ...breakdowns(byPayment, byType, byChannel),
    by_status: ORDER_STATUSES.filter((status) => byStatus.has(status)).map((status) => ({
      status,
      orders: byStatus.get(status)!,
    })),
    discounts,
    refunds,
    received,
    rejected: {
      orders: byStatus.get('rejected') ?? 0,
      reasons: [...reasons]
        .map(([reason, orders]) => ({ reason, orders }))
        .sort((a, b) => b.orders - a.orders || a.reason.localeCompare(b.reason)),
    },
    cancelled: byStatus.get('cancelled') ?? 0,
    average_accept_minutes: averageMinutes(
      accepted.map((row) => ({ from: row.created_at, to: row.accepted_at })),
    ),
    average_ready_minutes: averageMinutes(
      ready.map((row) => ({ from: row.created_at, to: row.ready_at as string | Date | null })),
    ),
    ...courierAverages(stops),
    stations,
  };
}

type DayRow = Awaited<ReturnType<ConsoleRepository['dayOrders']>>[number];
type DayLine = Awaited<ReturnType<ConsoleRepository['dayLines']>>[number];

/** What Día's list and its CSV both say of an order beyond its row: the fee and its minutes. */
const dayFacts = (row: DayRow) => ({
  delivery_fee: Number(row.delivery_fee),
  ...promiseMinutesOf({
    type_delivery: Number(row.type_delivery),
    status: row.status,
    accepted_at: isoOrNull(row.accepted_at),
    promised_at: isoOrNull(row.promised_at),
    ready_at: isoOrNull(row.ready_at),
    delivered_at: isoOrNull(row.delivered_at),
  }),
});

/**
 * "2× Hamburguesa Clásica (Término medio · Tocineta) / 1× Limonada": what each order carried,
 * without commas or semicolons of its own (a spreadsheet in Spanish splits at `;`).
 */
function linesByOrder(lines: DayLine[]): Map<number, string> {
  const byOrder = new Map<number, string[]>();
  for (const line of lines) {
    const options = (JSON.parse(line.options) as { title: string }[]).map((o) => o.title);
    const text = `${line.quantity}× ${line.title}${options.length ? ` (${options.join(' · ')})` : ''}`;
    byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), text]);
  }
  return new Map([...byOrder].map(([id, texts]) => [id, texts.join(' / ')]));
}

/** One order's CSV row, in DAY_CSV_HEADER's order. */
function csvRow(row: DayRow, items: string | undefined) {
  const facts = dayFacts(row);
  return [
    row.id,
    chainClock(new Date(row.created_at)),
    ORDER_STATUS_TEXT[row.status],
    typeLabel(Number(row.type_delivery)),
    row.payment_description,
    row.name,
    row.phone,
    items ?? '',
    facts.delivery_fee,
    Number(row.total),
    Number(row.discount),
    Number(row.tip),
    Number(row.refunded_amount),
    isSale(row.status) ? 'Sí' : 'No',
    facts.promised_minutes ?? '',
    facts.actual_minutes ?? '',
    row.reject_reason ?? '',
    row.courier_name ?? '',
    ORDER_CHANNEL_TEXT[row.channel as OrderChannel] ?? row.channel,
  ];
}

/**
 * The day as CSV, one row per order, oldest first: what the summary adds up, for the books, with
 * each order's phone, what it carried, its delivery fee and its minutes (promised and actual).
 * Customer names are people's text: lib/csv defuses anything a spreadsheet would run.
 */
async function dayCsv(
  { repository, now }: ConsoleDeps,
  branchId: number,
  date?: string,
): Promise<{ day: string; csv: string } | null> {
  if (!(await repository.findBranch(branchId))) return null;
  const day = date ?? chainToday(now());
  const range = chainDayRange(day);
  const [from, to] = [range.start.toISOString(), range.end.toISOString()];
  const [rows, lines] = await Promise.all([
    repository.dayOrders(branchId, from, to, { newestFirst: false }),
    repository.dayLines(branchId, from, to),
  ]);
  const items = linesByOrder(lines);
  return {
    day,
    csv: toCsv(
      DAY_CSV_HEADER,
      rows.map((row) => csvRow(row, items.get(row.id))),
    ),
  };
}

/**
 * Día's list: one day's orders of a branch (chain clock, default today), newest first, one row
 * each with what Día shows (decision 058); null without the branch.
 */
async function dayList(
  { repository, now }: ConsoleDeps,
  branchId: number,
  query: DayOrdersQuery,
): Promise<DayOrder[] | null> {
  if (!(await repository.findBranch(branchId))) return null;
  const range = chainDayRange(query.date ?? chainToday(now()));
  const rows = await repository.dayOrders(
    branchId,
    range.start.toISOString(),
    range.end.toISOString(),
    { newestFirst: true, search: query.q || undefined, limit: STAFF_LIST_LIMIT },
  );
  return rows.map((row) => ({
    id: row.id,
    placed_at: isoInstant(row.created_at),
    status: row.status,
    status_text: ORDER_STATUS_TEXT[row.status],
    reject_reason: row.reject_reason,
    type_delivery: row.type_delivery === 2 ? 2 : 1,
    payment: row.payment_description,
    payment_status: row.payment_status,
    refunded_amount: Number(row.refunded_amount),
    total: Number(row.total),
    tip: Number(row.tip),
    customer: { name: row.name, phone: row.phone },
    ...dayFacts(row),
  }));
}

/** A branch's day in figures, as a list and as a file. */
export function createSummaryService(deps: ConsoleDeps) {
  return {
    dayList: (branchId: number, query: DayOrdersQuery) => dayList(deps, branchId, query),
    summary: (branchId: number, date?: string) => summary(deps, branchId, date),
    dayCsv: (branchId: number, date?: string) => dayCsv(deps, branchId, date),
  };
}
