import { useState } from 'react';
import { setCustomerPoint, useCustomerPoint } from '@/stores/customer-point';
import styles from './pickup-branch-list.module.css';

type Asking = 'idle' | 'asking' | 'refused';

/**
 * «Usar mi ubicación»: the browser's location, asked only when tapped (never on load), kept in
 * the tab's memory (stores/customer-point.ts) and never sent: the list measures its distances
 * itself. Once known, the list says it is sorted nearest first.
 */
export function LocateMe() {
  const here = useCustomerPoint();
  const [asking, setAsking] = useState<Asking>('idle');
  const locate = () => {
    if (!('geolocation' in navigator)) return setAsking('refused');
    setAsking('asking');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setCustomerPoint({ lat: coords.latitude, lng: coords.longitude });
        setAsking('idle');
      },
      () => setAsking('refused'),
      { maximumAge: 300_000, timeout: 15_000 },
    );
  };
  return (
    <div className={styles.locate}>
      <button type="button" className={styles.more} onClick={locate} disabled={asking === 'asking'}>
        {asking === 'asking' ? 'Buscando tu ubicación…' : 'Usar mi ubicación'}
      </button>
      <p role="status" className={styles.locateNote}>
        {asking === 'refused'
          ? 'No pudimos saber dónde estás. Elige la sede en la lista.'
          : here
            ? 'Sedes ordenadas de la más cercana a la más lejana.'
            : ''}
      </p>
    </div>
  );
}

/** "a 850 m", "a 2,3 km": how far a branch is from the customer. */
export function distanceText(km: number): string {
  return km < 1
    ? `a ${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`
    : `a ${km.toFixed(1).replace('.', ',')} km`;
}
