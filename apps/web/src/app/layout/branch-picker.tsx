import type { Branch } from '@comanda/shared';
import { Sheet } from '@/components/ui/sheet';
// This module is itself downloaded on the first tap on the title (app-layout.tsx), list included.
import BranchList from '@/features/branches/components/branch-list';

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
      {open ? <BranchList selectedId={selectedId} onSelect={onSelect} /> : null}
    </Sheet>
  );
}
