import { describe, expect, it } from 'vitest';
import { branchPrintersKept } from '../../../src/modules/printers/branch-printers';
import type { PrinterRow } from '../../../src/modules/printers/printers-repository';

/** A kept list over a reader that counts its reads of each branch. */
function counted() {
  const reads = new Map<number, number>();
  const kept = branchPrintersKept(async (branchId) => {
    reads.set(branchId, (reads.get(branchId) ?? 0) + 1);
    return [] as PrinterRow[];
  });
  const readsOf = (branchId: number) => reads.get(branchId) ?? 0;
  return { kept, readsOf };
}

describe("a branch's printers, kept", () => {
  it('reads each branch once, however many orders ask', async () => {
    const { kept, readsOf } = counted();
    await Promise.all([kept.of(1), kept.of(1), kept.of(2)]);
    await kept.of(1);
    expect([readsOf(1), readsOf(2)]).toEqual([1, 1]);
  });

  it("reads a branch again after its change, and every branch after a wide one, not after a product's", async () => {
    const { kept, readsOf } = counted();
    await Promise.all([kept.of(1), kept.of(2)]);
    kept.forget({ type: 'branch', branch_id: 1 });
    kept.forget({ type: 'availability', branch_id: 2, product_id: 7, sold_out: true });
    kept.forget({ type: 'catalog', products: { slugs: ['x'], categories: ['y'] } });
    await Promise.all([kept.of(1), kept.of(2)]);
    expect([readsOf(1), readsOf(2)]).toEqual([2, 1]);
    kept.forget({ type: 'catalog' });
    await Promise.all([kept.of(1), kept.of(2)]);
    expect([readsOf(1), readsOf(2)]).toEqual([3, 2]);
  });

  it('reads again after a failed read', async () => {
    let fail = true;
    const kept = branchPrintersKept(async () => {
      if (fail) throw new Error('database away');
      return [] as PrinterRow[];
    });
    await expect(kept.of(1)).rejects.toThrow('database away');
    fail = false;
    await expect(kept.of(1)).resolves.toEqual([]);
  });
});
