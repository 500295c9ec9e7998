import { Sheet } from '@/components/ui/sheet';
// This module is itself downloaded on the first tap on the title (app-layout.tsx), list included.
import BranchList from '@/features/branches/components/branch-list';
import { useSession } from '@/stores/session-store';

interface BranchPickerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * product.md «Screens and routes»: tapping the header title opens the branch list overlay; a
 * branch chosen there is the session's, and the list closes.
 */
export default function BranchPicker({ open, onClose }: BranchPickerProps) {
  const selectedId = useSession((state) => state.branch?.id);
  const chooseBranch = useSession((state) => state.chooseBranch);
  return (
    <Sheet open={open} onClose={onClose} title="Elige una sede" closeLabel="Cerrar lista de sedes">
      {open ? (
        <BranchList
          selectedId={selectedId}
          onSelect={(chosen) => {
            chooseBranch(chosen);
            onClose();
          }}
        />
      ) : null}
    </Sheet>
  );
}
