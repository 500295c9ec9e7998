// What an order's event queues (decision 071): for each printer of the branch that prints on
// it, the ticket and/or its stations' parts, rendered now to the printer's paper and code page.
// Always after the order's own transaction, never inside it: a printer can only ever delay paper.
import type { PlacedOrder } from '@comanda/shared';
import type { PrintReason } from '../../db/types';
import { nowDate } from '../../lib/clock';
import { insertJobs, type NewPrintJob } from './jobs-repository';
import type { PrinterRow } from './printers-repository';
import { counterTicket, stationTicket } from './ticket';
import type { PrintersDeps } from './types';

/** A station's id out of `station:<id>`, or null for the ticket. */
export const stationIdOf = (target: string): number | null =>
  target.startsWith('station:') ? Number(target.slice('station:'.length)) : null;

/** What `printer` prints of this order: the ticket, and each of its stations' parts that has items. */
async function jobsFor(
  deps: PrintersDeps,
  order: PlacedOrder,
  printer: PrinterRow,
  targets: readonly string[],
  reason: PrintReason,
): Promise<NewPrintJob[]> {
  const stationIds = targets.map(stationIdOf).filter((id): id is number => id !== null);
  const parts =
    stationIds.length > 0 && deps.stations
      ? await deps.stations(order, stationIds)
      : new Map<number, never>();
  const jobs: NewPrintJob[] = [];
  for (const kind of targets) {
    const stationId = stationIdOf(kind);
    const part = stationId === null ? null : parts.get(stationId);
    if (stationId !== null && (!part || part.lines.length === 0)) continue;
    const payload = part ? stationTicket(order, part, printer) : counterTicket(order, printer);
    jobs.push({ printer_id: printer.id, order_id: order.id, kind, reason, payload });
  }
  return jobs;
}

/**
 * Queues the order's printouts for `reason` on the branch's printers that print on it; for
 * Reimprimir (`manual`), the ticket on those that print it with `manual`, or everything `only`
 * prints. Answers how many jobs it queued; nudges the sender.
 */
export async function queueOrder(
  deps: PrintersDeps,
  order: PlacedOrder,
  branchId: number,
  reason: PrintReason,
  only?: number,
): Promise<number> {
  const printers = (await deps.printers.of(branchId)).filter((p) =>
    only === undefined ? p.when.includes(reason) : p.id === only,
  );
  const jobs: NewPrintJob[] = [];
  for (const printer of printers) {
    const targets =
      reason === 'manual' && only === undefined
        ? printer.prints.filter((t) => t === 'ticket')
        : printer.prints;
    jobs.push(...(await jobsFor(deps, order, printer, targets, reason)));
  }
  await insertJobs(deps.db, jobs, nowDate(deps.clock));
  if (jobs.length > 0) deps.nudge();
  return jobs.length;
}
