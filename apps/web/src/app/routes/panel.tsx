import { SECOND_FACTOR_MESSAGES, type BranchConsole } from '@comanda/shared';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { panelHref } from '@/config/panel-paths';
import { ErrorState } from '@/components/ui/error-state';
import { useOpenOrders } from '@/features/console/api/get-open-orders';
import { useStaffBranches } from '@/features/console/api/get-staff-branches';
import { useStaffMe } from '@/features/console/api/get-staff-me';
import { logout as revoke } from '@/features/console/api/logout';

import { usePauseBranch } from '@/features/console/api/pause-branch';
import { BranchChooser, NoAccess, PanelLoading } from '@/features/console/components/gate-screens';
import { PanelLogin } from '@/features/console/components/panel-login';
import { PanelShell } from '@/features/console/components/panel-shell';
import { useAlarm } from '@/lib/alarm/use-alarm';
import { useClock } from '@/features/console/hooks/use-clock';
import { splitScheduled } from '@/features/console/lib/scheduled';
import { usePanelRealtime } from '@/features/console/hooks/use-panel-realtime';
import { boardTitle, unanswered } from '@/features/console/lib/board';
import { usePanelSession } from '@/stores/panel-session';
import { ApiError } from '@/lib/api-client';
import { CourierRoutes, PanelRoutes, SecondFactorRequired } from '../panel-routes';
import { queryKeys } from '@/lib/query-keys';
import { pageTitle } from '@/lib/brand';

/**
 * /panel: the branch console (its own chunk; customers never download it). Log in, choose the
 * branch if the account runs several, then the board, the branch's controls and the day.
 */
export default function PanelRoute() {
  const token = usePanelSession((state) => state.access_token);
  return token ? <PanelGate /> : <PanelLogin />;
}

function usePanelLogout() {
  const queryClient = useQueryClient();
  return () => {
    const token = usePanelSession.getState().access_token;
    usePanelSession.getState().logout();
    queryClient.removeQueries({ queryKey: queryKeys.panel.all });
    if (token) void revoke(token).catch(() => undefined);
  };
}

function PanelGate() {
  const me = useStaffMe(true);
  const logout = usePanelLogout();
  // A courier's phone has its own screen, and nothing of the board or the back office.
  if (me.data?.role === 'courier') return <CourierRoutes onLogout={logout} />;
  return <StaffGate onLogout={logout} />;
}

/** Staff and admins: the branches this account runs, the one this device runs, its console. */
function StaffGate({ onLogout }: { onLogout: () => void }) {
  const branches = useStaffBranches(true);
  const chosenId = usePanelSession((state) => state.branch_id);
  const chooseBranch = usePanelSession((state) => state.chooseBranch);
  const [choosing, setChoosing] = useState(false);
  const status = branches.error instanceof ApiError ? branches.error.status : null;

  // A token that died (expired, revoked elsewhere): back to the login form.
  useEffect(() => {
    if (status === 401) usePanelSession.getState().logout();
  }, [status]);

  if (branches.isPending || status === 401) return <PanelLoading />;
  if (branches.isError) return <GateProblem branches={branches} onLogout={onLogout} />;
  const list = branches.data;
  if (list.length === 0) return <NoAccess onSwitchAccount={onLogout} />;
  const branch = choosing
    ? undefined
    : (list.find((candidate) => candidate.id === chosenId) ??
      (list.length === 1 ? list[0] : undefined));
  if (!branch) {
    return (
      <BranchChooser
        branches={list}
        onChoose={(chosen) => {
          chooseBranch(chosen.id);
          setChoosing(false);
        }}
        onLogout={onLogout}
      />
    );
  }
  return (
    <PanelConsole
      key={branch.id}
      branch={branch}
      canSwitchBranch={list.length > 1}
      onSwitchBranch={() => setChoosing(true)}
      onLogout={onLogout}
    />
  );
}

/** The branches could not be read: a second factor to enrol first, no access, or a failure to retry. */
function GateProblem({
  branches,
  onLogout,
}: {
  branches: UseQueryResult<BranchConsole[]> & { isError: true };
  onLogout: () => void;
}) {
  const status = branches.error instanceof ApiError ? branches.error.status : null;
  // The chain asks this account for a second factor it has not turned on (decision 044).
  if (status === 403 && branches.error.message === SECOND_FACTOR_MESSAGES.enrolRequired)
    return (
      <Suspense fallback={<PanelLoading />}>
        <SecondFactorRequired onEnabled={() => void branches.refetch()} onLogout={onLogout} />
      </Suspense>
    );
  if (status === 403) return <NoAccessOnceKnown onLogout={onLogout} />;
  return (
    <main>
      <title>{pageTitle('Panel de sede')}</title>
      <h1 className="visually-hidden">Panel de sede</h1>
      <ErrorState
        message="No pudimos abrir el panel."
        detail={branches.error.message}
        onRetry={() => void branches.refetch()}
        retrying={branches.isFetching}
      />
    </main>
  );
}

/**
 * Refused the branches: a courier's account says so in `me` (PanelGate then opens their phone's
 * screen), so wait for it before telling anyone else they have no access.
 */
function NoAccessOnceKnown({ onLogout }: { onLogout: () => void }) {
  const me = useStaffMe(true);
  if (me.isPending) return <PanelLoading />;
  return <NoAccess onSwitchAccount={onLogout} />;
}

interface PanelConsoleProps {
  branch: BranchConsole;
  canSwitchBranch: boolean;
  onSwitchBranch: () => void;
  onLogout: () => void;
}

/** One branch's console: what must keep running whatever the screen (the socket, the alarm). */
function PanelConsole({ branch, canSwitchBranch, onSwitchBranch, onLogout }: PanelConsoleProps) {
  const connection = usePanelRealtime(branch.id);
  const me = useStaffMe(true);
  const isAdmin = me.data?.role === 'admin';
  const orders = useOpenOrders(branch.id);
  // A scheduled order rings when it fires, not when it is placed.
  const now = useClock(5_000);
  const waiting = unanswered(splitScheduled(orders.data ?? [], now).board);
  // The back office does not ring: an admin editing the menu is not at the counter. Back on the
  // console's screens the orders still waiting ring again.
  const inAdmin = useLocation().pathname.startsWith(panelHref.admin());
  const alarm = useAlarm(inAdmin ? [] : waiting.map((order) => order.id));
  const resume = usePauseBranch(branch.id);
  return (
    <PanelShell
      branch={branch}
      canSwitchBranch={canSwitchBranch}
      isAdmin={isAdmin}
      onSwitchBranch={onSwitchBranch}
      onLogout={onLogout}
      connection={connection}
      alarm={alarm}
      waiting={waiting.length}
      onResume={() => resume.mutate({ minutes: 0 })}
      resuming={resume.isPending}
      secondFactorGraceUntil={me.data?.second_factor_grace_until ?? null}
    >
      <title>{boardTitle(waiting.length, branch.title)}</title>
      <PanelRoutes
        branch={branch}
        orders={orders}
        connection={connection}
        onSwitchBranch={canSwitchBranch ? onSwitchBranch : undefined}
        isAdmin={me.isPending ? null : isAdmin}
      />
    </PanelShell>
  );
}
