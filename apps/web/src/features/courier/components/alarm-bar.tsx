import type { Alarm } from '@/lib/alarm/use-alarm';
import type { TripView } from '../lib/trip-view';
import styles from './courier.module.css';

/**
 * A new trip, loud: the band says it and rings until "Visto". With the browser holding the sound
 * (no tap yet on this page), it says so and offers to turn it on, since a trip must be heard.
 */
export function AlarmBar({
  alarm,
  trip,
  onShift,
}: {
  alarm: Alarm;
  trip: TripView | null;
  onShift: boolean;
}) {
  const blocked = alarm.sound === 'blocked' || alarm.sound === 'unsupported';
  return (
    <>
      {onShift && blocked ? (
        <div className={`${styles.message} ${styles.sound}`}>
          <p>
            <strong>Sonido desactivado.</strong>{' '}
            {alarm.sound === 'unsupported'
              ? 'Este navegador no puede sonar: revisa la pantalla seguido.'
              : 'Toca para que el teléfono suene cuando te asignen pedidos.'}
          </p>
          {alarm.sound === 'blocked' ? (
            <button type="button" className={styles.messageButton} onClick={alarm.enableSound}>
              Activar sonido
            </button>
          ) : null}
        </div>
      ) : null}
      {alarm.ringing && trip ? (
        <div className={styles.ring} role="alert" data-testid="alarm">
          <p>
            <strong>¡Nuevo viaje!</strong> {trip.stops.length}{' '}
            {trip.stops.length === 1 ? 'pedido' : 'pedidos'} ·{' '}
            {alarm.sound === 'on' ? 'sonando' : 'sin sonido'}
          </p>
          <button type="button" className={styles.messageButton} onClick={alarm.silence}>
            Visto
          </button>
        </div>
      ) : null}
    </>
  );
}
