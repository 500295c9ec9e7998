import { chainClock } from '@comanda/shared';
import { collectText, directionsHref, reasonText, telHref } from '../lib/stop-text';
import type { StopView } from '../lib/trip-view';
import styles from './courier.module.css';

interface StopCardProps {
  stop: StopView;
  city: string;
  /** The trip has left: the stop can be delivered or not. */
  out: boolean;
  busy: boolean;
  onDelivered: () => void;
  onFailed: () => void;
}

/** One door: who, where, how to get there, what to collect, and what happened. */
export function StopCard({ stop, city, out, busy, onDelivered, onFailed }: StopCardProps) {
  const done = stop.outcome !== null;
  const headingId = `stop-${stop.order_id}`;
  return (
    <li
      className={`${styles.stop} ${done ? styles.stopDone : ''}`}
      aria-labelledby={headingId}
      data-order-id={stop.order_id}
    >
      <div className={styles.stopHead}>
        <span className={styles.position} aria-hidden="true">
          {stop.position}
        </span>
        <h3 id={headingId} className={styles.customer}>
          {stop.customer_name} <span className={styles.orderId}>· Pedido #{stop.order_id}</span>
        </h3>
      </div>
      <p className={styles.address}>{stop.address}</p>
      {stop.neighbourhood ? <p className={styles.neighbourhood}>{stop.neighbourhood}</p> : null}
      {stop.address_notes ? <p className={styles.notes}>{stop.address_notes}</p> : null}
      <p className={`${styles.collect} ${stop.collect > 0 ? '' : styles.paid}`}>
        {collectText(stop)}
      </p>
      {stop.arrives_at && !done ? (
        <p className={styles.muted}>Llegada estimada {chainClock(new Date(stop.arrives_at))}</p>
      ) : null}
      {done ? (
        <p className={styles.outcome} role="status">
          {stop.outcome === 'delivered'
            ? 'Entregado'
            : `No se pudo entregar: ${reasonText(stop.fail_reason)}`}
          {stop.heldAt ? ' · sin enviar' : ''}
        </p>
      ) : (
        <StopActions
          stop={stop}
          city={city}
          out={out}
          busy={busy}
          onDelivered={onDelivered}
          onFailed={onFailed}
        />
      )}
    </li>
  );
}

function StopActions({ stop, city, out, busy, onDelivered, onFailed }: StopCardProps) {
  return (
    <div className={styles.stopActions}>
      <div className={styles.links}>
        <a className={styles.link} href={telHref(stop.customer_phone)}>
          Llamar a {stop.customer_name}
        </a>
        <a
          className={styles.link}
          href={directionsHref(stop, city)}
          target="_blank"
          rel="noreferrer"
        >
          Cómo llegar
        </a>
      </div>
      {out ? (
        <div className={styles.outcomes}>
          <button type="button" className={styles.action} disabled={busy} onClick={onDelivered}>
            Entregado
          </button>
          <button
            type="button"
            className={`${styles.action} ${styles.secondary}`}
            disabled={busy}
            onClick={onFailed}
          >
            No se pudo entregar
          </button>
        </div>
      ) : null}
    </div>
  );
}
