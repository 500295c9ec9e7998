import type { FailReason } from '@comanda/shared';
import { useState } from 'react';
import type { CourierAction } from '../lib/courier-action';
import type { StopView, TripView } from '../lib/trip-view';
import { FailDialog } from './fail-dialog';
import { PositionCard } from './position-card';
import { StopCard } from './stop-card';
import styles from './courier.module.css';

/** The trip: Salí while it waits at the branch, then its stops in delivery order. */
export function TripCard({
  trip,
  busy,
  onRun,
}: {
  trip: TripView;
  busy: boolean;
  onRun: (action: CourierAction) => void;
}) {
  const [failing, setFailing] = useState<StopView | null>(null);
  const left = trip.stops.filter((stop) => stop.outcome === null).length;
  return (
    <section className={styles.trip} aria-labelledby="courier-trip">
      <h2 id="courier-trip" className={styles.tripTitle}>
        {trip.status === 'assigned' ? 'Viaje asignado' : 'En camino'} · {trip.stops.length}{' '}
        {trip.stops.length === 1 ? 'pedido' : 'pedidos'}
      </h2>
      <p className={styles.muted}>
        {trip.status === 'assigned'
          ? `Recoge los pedidos en ${trip.branch.title} y toca Salí al arrancar.`
          : left > 0
            ? `Te ${left === 1 ? 'falta 1 entrega' : `faltan ${left} entregas`}.`
            : 'Entregas terminadas.'}
      </p>
      {trip.status === 'assigned' ? (
        <button
          type="button"
          className={`${styles.action} ${styles.depart}`}
          disabled={busy}
          onClick={() => onRun({ kind: 'depart', trip_id: trip.id })}
        >
          Salí
        </button>
      ) : (
        <PositionCard active={left > 0} />
      )}
      <ol className={styles.stops}>
        {trip.stops.map((stop) => (
          <StopCard
            key={stop.order_id}
            stop={stop}
            city={trip.branch.city}
            out={trip.status === 'out'}
            busy={busy}
            onDelivered={() => onRun({ kind: 'delivered', order_id: stop.order_id })}
            onFailed={() => setFailing(stop)}
          />
        ))}
      </ol>
      <FailDialog
        stop={failing}
        onFail={(stop, reason: FailReason) =>
          onRun({ kind: 'failed', order_id: stop.order_id, reason })
        }
        onClose={() => setFailing(null)}
      />
    </section>
  );
}
