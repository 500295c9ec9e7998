import { ErrorState } from '@/components/ui/error-state';
import { useAlarm } from '@/lib/alarm/use-alarm';
import { pageTitle } from '@/lib/brand';
import { usePanelSession } from '@/stores/panel-session';
import { useCurrentTrip } from '../api/get-current-trip';
import { useCourierActions } from '../hooks/use-courier-actions';
import { useCourierRealtime } from '../hooks/use-courier-realtime';
import { shiftOn, tripView } from '../lib/trip-view';
import { AlarmBar } from './alarm-bar';
import { CourierMessages } from './courier-messages';
import { ShiftCard } from './shift-card';
import { TripCard } from './trip-card';
import styles from './courier.module.css';

/**
 * /panel/reparto: the courier's phone, for one hand at a motorbike stop. The shift, then the trip's
 * stops in delivery order with what to collect, Salí, Entregado and No se pudo entregar. It rings
 * when a trip is assigned, works on and off the signal (taps wait on the phone), and shares the
 * position while the trip is out.
 */
export function CourierScreen({ onLogout }: { onLogout: () => void }) {
  const current = useCurrentTrip();
  const live = useCourierRealtime();
  const actions = useCourierActions(live, current.dataUpdatedAt);
  const trip = tripView(current.data, actions.pending);
  const on = shiftOn(current.data, actions.pending);
  // A new trip rings until the courier says they saw it, or leaves with it.
  const alarm = useAlarm(trip?.status === 'assigned' ? [trip.id] : []);
  const name = usePanelSession((state) => state.user?.name ?? '');
  return (
    <div className={styles.screen}>
      <title>{pageTitle(alarm.ringing ? '¡Nuevo viaje! · Reparto' : 'Reparto')}</title>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Reparto</h1>
          <p className={styles.who}>{name}</p>
        </div>
        <p className={`${styles.signal} ${live ? '' : styles.noSignal}`} role="status">
          {live ? 'En línea' : 'Sin señal'}
        </p>
        <button type="button" className={styles.logout} onClick={onLogout}>
          Salir
        </button>
      </header>
      <main className={styles.main}>
        <AlarmBar alarm={alarm} trip={trip} onShift={on} />
        <CourierMessages actions={actions} />
        {current.isPending ? (
          <p className={styles.loading} role="status">
            Cargando tu turno…
          </p>
        ) : current.isError && !current.data ? (
          <ErrorState
            message="No pudimos cargar tu turno."
            detail={current.error.message}
            onRetry={() => void current.refetch()}
            retrying={current.isFetching}
          />
        ) : (
          <>
            {trip ? <TripCard trip={trip} busy={actions.busy} onRun={actions.run} /> : null}
            <ShiftCard current={current.data} on={on} hasTrip={trip !== null} actions={actions} />
          </>
        )}
      </main>
    </div>
  );
}
