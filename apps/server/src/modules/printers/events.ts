// When orders print by themselves (decision 071): a new order (placed, or paid online) and an
// accepted one queue their printouts. Both run beside the order, never in its way: the hook
// returns at once, the work is tracked so the app's close waits for it, and a failure is logged,
// never thrown back at placement or at the staff member's step.
import type { PlacedOrder } from '@comanda/shared';
import { queueOrder } from './queue';
import type { PrintersDeps } from './types';

/** Work that runs beside a request: started, tracked until done, its failure logged. */
export interface Background {
  run(what: string, work: () => Promise<unknown>): void;
  /** Resolves once nothing started is still running (the app's close). */
  idle(): Promise<void>;
}

export function createBackground(log: (error: unknown, what: string) => void): Background {
  const running = new Set<Promise<unknown>>();
  return {
    run(what, work) {
      const done = Promise.resolve()
        .then(work)
        .catch((error: unknown) => log(error, what))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

/** Whether this step accepted the order (it may have gone on past it: Aceptar straight to Listo). */
function justAccepted(order: PlacedOrder): boolean {
  const last = order.history.at(-1);
  return (
    order.accepted_at !== null &&
    last !== undefined &&
    Date.parse(order.accepted_at) === Date.parse(last.at)
  );
}

/** orders.afterPlaced: the printers that print new orders. */
export const printWhenPlaced =
  (deps: PrintersDeps, background: Background) => (order: PlacedOrder, branchId: number) =>
    background.run('print a new order', () => queueOrder(deps, order, branchId, 'new'));

/** orders.afterStep: the printers that print accepted orders. */
export const printWhenAccepted =
  (deps: PrintersDeps, background: Background) =>
  async (order: PlacedOrder, branchId: number): Promise<void> => {
    if (justAccepted(order))
      background.run('print an accepted order', () => queueOrder(deps, order, branchId, 'accept'));
  };
