import type { PlacedOrder } from '@comanda/shared';
import { withOrder } from './board';

/**
 * Order events heard while the board's list is being read. A read answers with the orders as
 * they stood when the server ran its query; an event heard before the answer arrives may be
 * newer (an order placed just after the query ran, as happens when a board reconnects while
 * orders pour in) and the answer, replacing the cached list, would drop it until the next read.
 * So each read notes where this journal stood when it started and replays what came after onto
 * its answer. `withOrder` keeps the longer history, so replaying an event the answer already
 * holds changes nothing. Entries live only while a read that needs them is in flight.
 */
let heard: { seq: number; order: PlacedOrder }[] = [];
let lastSeq = 0;
const readsInFlight = new Map<symbol, number>();

/** Note an order event for the reads in flight; with none in flight there is nothing to keep. */
export function noteHeardOrder(order: PlacedOrder): void {
  if (readsInFlight.size === 0) return;
  lastSeq += 1;
  heard.push({ seq: lastSeq, order });
}

/** Runs `read` and applies to its answer every event of `branchId` heard while it ran. */
export async function readReplayingHeard(
  branchId: number,
  read: () => Promise<PlacedOrder[]>,
): Promise<PlacedOrder[]> {
  const token = Symbol('read');
  const mark = lastSeq;
  readsInFlight.set(token, mark);
  try {
    const orders = await read();
    let result = orders;
    for (const entry of heard) {
      if (entry.seq > mark && entry.order.branch_office.id === branchId)
        result = withOrder(result, entry.order);
    }
    return result;
  } finally {
    readsInFlight.delete(token);
    const oldestNeeded = Math.min(...readsInFlight.values());
    heard = heard.filter((entry) => entry.seq > oldestNeeded);
  }
}
