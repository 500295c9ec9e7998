// The printers each new order is queued on, read once per branch instead of once per order (a
// read on the event loop for every order, most of them at branches without a printer). Kept
// until a change to the branch drops them on every node: a printer's write publishes its
// branch's change (printers.ts), and a wider change (the counter's catch-up after missed
// messages, decision 028) drops every branch's.
import { ttlMemo } from '../../lib/ttl-memo';
import type { CatalogChange } from '../../plugins/catalog-events';
import type { PrinterRow } from './printers-repository';

export interface BranchPrinters {
  /** The branch's printers, in the order they were added. */
  of(branchId: number): Promise<PrinterRow[]>;
  /** Drops what `change` may have made stale. */
  forget(change: CatalogChange): void;
}

export function branchPrintersKept(read: (branchId: number) => Promise<PrinterRow[]>) {
  // No expiry: only a change drops a branch's printers (a failed read is not kept).
  const kept = ttlMemo(Infinity, read);
  return {
    of: kept,
    forget(change) {
      if (change.type === 'branch') kept.forget(change.branch_id);
      else if (change.type === 'catalog' && !change.products) kept.clear();
    },
  } satisfies BranchPrinters;
}
