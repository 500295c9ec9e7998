import { Link } from '@/components/ui/link';
import { useKitchenStations } from '../api/kitchen-queries';
import styles from './kitchen.module.css';

/** /panel/cocina: which screen this tablet is, each station's or the expo's. */
export function StationPicker({
  branchId,
  stationHref,
  expoHref,
}: {
  branchId: number;
  stationHref: (id: number) => string;
  expoHref: string;
}) {
  const stations = useKitchenStations(branchId);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Cocina</h1>
      {stations.isError ? <p className={styles.error}>No pudimos leer las estaciones.</p> : null}
      <ul className={styles.picker}>
        {(stations.data ?? []).map((station) => (
          <li key={station.id}>
            <Link to={stationHref(station.id)}>{station.name}</Link>
          </li>
        ))}
        <li>
          <Link to={expoHref}>Pase (expo)</Link>
        </li>
      </ul>
    </div>
  );
}
