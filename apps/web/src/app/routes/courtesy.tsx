import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useBranches } from '@/features/branches/api/get-branches';
import { BranchGate } from '@/features/marketing/components/branch-gate';
import { CourtesyReservation } from '@/features/marketing/components/courtesy-reservation';

/** /cortesia/:branch (product.md «Screens and routes»): the courtesy/reservation form of a branch. */
export default function CourtesyRoute() {
  const { branch = '' } = useParams();
  const branches = useBranches();
  const navigate = useNavigate();
  return (
    <BranchGate
      param={branch}
      branches={branches}
      screenTitle="Cortesía"
      linkFor={paths.courtesy.getHref}
    >
      {(found) => (
        <CourtesyReservation
          key={found.id}
          branch={found}
          // The confirmation names the day; it travels in the history entry, not in the URL.
          onReserved={(date) =>
            void navigate(paths.courtesyConfirmation.getHref(found.slug), { state: { date } })
          }
        />
      )}
    </BranchGate>
  );
}
