import { Navigate, useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ScheduleChoice } from '@/features/delivery/components/schedule-choice';
import { useSession } from '@/stores/session-store';

/** /programar (product.md «Order ahead»): when the order is for, from the menu's delivery line. */
export default function ScheduleRoute() {
  const navigate = useNavigate();
  const branch = useSession((state) => state.branch);
  // Slots are a branch's: without one, the menu asks for it first.
  if (!branch) return <Navigate to={paths.menu.getHref()} replace />;
  return (
    <Page title="¿Para cuándo?">
      <ScheduleChoice branchId={branch.id} onDone={() => void navigate(paths.menu.getHref())} />
    </Page>
  );
}
