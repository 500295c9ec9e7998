import type { Branch } from '@comanda/shared';
import { lazy, Suspense } from 'react';
import { Sheet } from '@/components/ui/sheet';

// Downloaded on the first tap on the title, not with the first page.
const BranchList = lazy(() => import('@/features/branches/components/branch-list'));

interface BranchPickerProps {
  open: boolean;
  onClose: () => void;
  selectedId: number | undefined;
  onSelect: (branch: Branch) => void;
}

/** product.md «Screens and routes»: tapping the header title opens the branch list overlay. */
export function BranchPicker({ open, onClose, selectedId, onSelect }: BranchPickerProps) {
  return (
    <Sheet open={open} onClose={onClose} title="Elige una sede" closeLabel="Cerrar lista de sedes">
      {open ? (
        <Suspense fallback={<p role="status">Cargando sedes…</p>}>
          <BranchList selectedId={selectedId} onSelect={onSelect} />
        </Suspense>
      ) : null}
    </Sheet>
  );
}
