import { useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useBranches } from '@/features/branches/api/get-branches';
import { BranchGate } from '@/features/marketing/components/branch-gate';
import { CourtesyConfirmation } from '@/features/marketing/components/courtesy-confirmation';

/**
 * The day the courtesy form put in the history entry, if this visit came from it. A plain
 * pattern rather than the shared schema's check: this screen should not download zod to print a day.
 */
function reservedDate(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('date' in state)) return undefined;
  const { date } = state;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
}

/** /cortesia-confirmacion/:branch (product.md «Screens and routes»): the reservation confirmed and a link to the menu. */
export default function CourtesyConfirmationRoute() {
  const { branch = '' } = useParams();
  const location = useLocation();
  const branches = useBranches();
  return (
    <BranchGate
      param={branch}
      branches={branches}
      screenTitle="Cortesía reservada"
      linkFor={paths.courtesy.getHref}
    >
      {(found) => <CourtesyConfirmation branch={found} date={reservedDate(location.state)} />}
    </BranchGate>
  );
}
