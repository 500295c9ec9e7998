// Which station makes an order line (decision 072), most specific first: the branch's own
// choice for the product; the product's station, by name, among the branch's stations; its
// category's, the same way; the branch's first station.
import { orderLineOptionSchema, type PlacedOrder } from '@comanda/shared';
import { z } from 'zod';
import type { DbExecutor } from '../../db/types';
import { linesOfOrder, type RoutedLineRow, type StationRow } from './stations-repository';
import { stationsOfBranch } from './stations';

const sameName = (a: string, b: string) =>
  a.localeCompare(b, 'es', { sensitivity: 'accent' }) === 0;

/** The station among `stations` (the branch's, in order; never empty) that makes `line`. */
export function stationOf(stations: readonly StationRow[], line: RoutedLineRow): StationRow {
  const byId = stations.find((station) => station.id === line.override_id);
  if (byId) return byId;
  for (const name of [line.product_station, line.category_station]) {
    const named =
      name === null ? undefined : stations.find((station) => sameName(station.name, name));
    if (named) return named;
  }
  return stations[0]!;
}

export const isoOrNull = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

const optionsSchema = z.array(orderLineOptionSchema);

/** A line as a station's screen and ticket read it. */
export function lineAnswer(line: RoutedLineRow) {
  return {
    id: line.id,
    order_id: line.order_id,
    order_number: line.order_id,
    promised_at: isoOrNull(line.promised_at),
    product_id: line.product_id,
    title: line.title,
    quantity: line.quantity,
    options: optionsSchema.parse(JSON.parse(line.options)),
    notes: line.observation,
    note: line.note,
    bumped_at: isoOrNull(line.bumped_at),
  };
}

export type StationLine = ReturnType<typeof lineAnswer>;

export interface StationGroup<L> {
  station_id: number;
  station_name: string;
  lines: L[];
}

/** Lines grouped by the station that makes them, in the stations' order; stations with none left out. */
export function groupByStation<L>(
  stations: readonly StationRow[],
  lines: readonly { row: RoutedLineRow; line: L }[],
): StationGroup<L>[] {
  const groups = stations.map((station) => ({
    station_id: station.id,
    station_name: station.name,
    lines: [] as L[],
  }));
  for (const { row, line } of lines) {
    const station = stationOf(stations, row);
    groups.find((group) => group.station_id === station.id)!.lines.push(line);
  }
  return groups.filter((group) => group.lines.length > 0);
}

/**
 * An order's lines grouped by the station that makes them, `{ station_id, station_name, lines }`
 * in the branch's station order: what a station ticket prints (the printers' module reads it).
 * Empty when the order does not exist.
 */
export async function stationItemsOfOrder(
  db: DbExecutor,
  orderId: number,
): Promise<StationGroup<StationLine>[]> {
  const rows = await linesOfOrder(db, orderId);
  if (rows.length === 0) return [];
  const stations = await stationsOfBranch(db, rows[0]!.branch_id);
  return groupByStation(
    stations,
    rows.map((row) => ({ row, line: lineAnswer(row) })),
  );
}

/**
 * The printers' port (modules/printers/types.ts `StationParts`): the order's answer's own lines
 * (`detail`, in the order they were stored) split into the asked stations' parts.
 */
export async function stationPartsOfOrder(
  db: DbExecutor,
  order: PlacedOrder,
  stationIds: readonly number[],
) {
  const rows = await linesOfOrder(db, order.id);
  const parts = new Map<number, { name: string; lines: PlacedOrder['detail'] }>();
  if (rows.length === 0) return parts;
  const stations = await stationsOfBranch(db, rows[0]!.branch_id);
  const lines = rows.map((row, index) => ({ row, line: order.detail[index]! }));
  for (const group of groupByStation(stations, lines)) {
    if (stationIds.includes(group.station_id))
      parts.set(group.station_id, { name: group.station_name, lines: group.lines });
  }
  return parts;
}
