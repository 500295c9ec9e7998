// The kitchen's screens (decision 072): a station's items to make with its all-day counts, the
// bump that marks one done (announced to the branch's screens), and the expo's per-order view.
import { STATION_MESSAGES } from '@comanda/shared';
import { nowDate } from '../../lib/clock';
import { conflict, notFound } from '../../lib/http-error';
import { groupByStation, isoOrNull, lineAnswer, stationOf } from './routing';
import {
  KITCHEN_STATUSES,
  lineById,
  openLinesOfBranch,
  setBumped,
  type RoutedLineRow,
} from './stations-repository';
import { stationsOfBranch } from './stations';
import type { StationsDeps } from './types';

/** What the station still has to make, summed per product, most first. */
function allDayCounts(lines: readonly RoutedLineRow[]) {
  const counts = new Map<number, { product_id: number; title: string; quantity: number }>();
  for (const line of lines) {
    if (line.bumped_at !== null) continue;
    const count = counts.get(line.product_id);
    if (count) count.quantity += line.quantity;
    else
      counts.set(line.product_id, {
        product_id: line.product_id,
        title: line.title,
        quantity: line.quantity,
      });
  }
  return [...counts.values()].sort(
    (a, b) => b.quantity - a.quantity || a.title.localeCompare(b.title, 'es'),
  );
}

/** A station's items of the branch's accepted, not-yet-ready orders, oldest order first. */
export async function stationItems(deps: StationsDeps, branchId: number, stationId: number) {
  const stations = await stationsOfBranch(deps.db, branchId);
  const station = stations.find((candidate) => candidate.id === stationId);
  if (!station) throw notFound(STATION_MESSAGES.stationNotFound);
  const lines = (await openLinesOfBranch(deps.db, branchId)).filter(
    (line) => stationOf(stations, line).id === stationId,
  );
  return { station, items: lines.map(lineAnswer), all_day: allDayCounts(lines) };
}

const inKitchen = (status: string) => (KITCHEN_STATUSES as readonly string[]).includes(status);

/** Bumps (done) or unbumps one line of an order the kitchen is making; tells the branch's screens. */
export async function setItemDone(deps: StationsDeps, itemId: number, done: boolean) {
  const line = await lineById(deps.db, itemId);
  if (!line) throw notFound(STATION_MESSAGES.itemNotFound);
  if (!inKitchen(line.status)) throw conflict(STATION_MESSAGES.notInKitchen);
  await setBumped(deps.db, itemId, done ? nowDate(deps.clock).toISOString() : null);
  const after = (await lineById(deps.db, itemId))!;
  const station = stationOf(await stationsOfBranch(deps.db, after.branch_id), after);
  const answer = {
    id: after.id,
    order_id: after.order_id,
    station_id: station.id,
    bumped_at: isoOrNull(after.bumped_at),
  };
  deps.announce({
    branch_id: after.branch_id,
    order_id: after.order_id,
    item_id: after.id,
    station_id: station.id,
    bumped_at: answer.bumped_at,
  });
  return answer;
}

/** The expo: each open order with its stations' done and pending items; ready to pack when all are done. */
export async function expo(deps: StationsDeps, branchId: number) {
  const stations = await stationsOfBranch(deps.db, branchId);
  const byOrder = new Map<number, RoutedLineRow[]>();
  for (const line of await openLinesOfBranch(deps.db, branchId)) {
    byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
  }
  const results = [...byOrder.values()].map((lines) => {
    const groups = groupByStation(
      stations,
      lines.map((row) => ({ row, line: row })),
    ).map((group) => {
      const done = group.lines.filter((line) => line.bumped_at !== null).length;
      return {
        station_id: group.station_id,
        name: group.station_name,
        done,
        pending: group.lines.length - done,
      };
    });
    const first = lines[0]!;
    return {
      order_id: first.order_id,
      order_number: first.order_id,
      status: first.status as (typeof KITCHEN_STATUSES)[number],
      promised_at: isoOrNull(first.promised_at),
      stations: groups,
      ready_to_pack: groups.every((group) => group.pending === 0),
    };
  });
  return { results };
}
