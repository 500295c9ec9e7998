import type { BranchConsole } from '@comanda/shared';
import { Navigate, useParams } from 'react-router';
import { panelHref } from '@/config/panel-paths';
import { ExpoScreen, StationPicker, StationScreen } from '@/features/kitchen';

/** /panel/cocina: the station picker. */
export function KitchenPicker({ branch }: { branch: BranchConsole }) {
  return (
    <StationPicker
      branchId={branch.id}
      stationHref={panelHref.kitchenStation}
      expoHref={panelHref.kitchenExpo()}
    />
  );
}

/** /panel/cocina/:station: one station's screen, or the expo's for `expo`. */
export function KitchenScreen({ branch }: { branch: BranchConsole }) {
  const { station = '' } = useParams();
  if (station === 'expo') return <ExpoScreen branchId={branch.id} />;
  const id = Number(station);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={panelHref.kitchen()} replace />;
  return <StationScreen key={id} branchId={branch.id} stationId={id} />;
}
