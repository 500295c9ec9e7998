import type { Courier } from '@comanda/shared';
import { couriersOnShift, firstName } from '../lib/dispatch';
import { clockText } from '../lib/order-text';
import styles from './order-board.module.css';

/** "disponible desde 20:12", "por salir · 2 pedidos", "en ruta, vuelve ~20:40": a chip's few words. */
function chipText(courier: Courier): string {
  if (courier.state === 'available')
    return courier.waiting_since
      ? `disponible desde ${clockText(courier.waiting_since)}`
      : 'disponible';
  if (courier.state === 'assigned') {
    const count = courier.trip?.stops.length ?? 0;
    return `por salir · ${count === 1 ? '1 pedido' : `${count} pedidos`}`;
  }
  const back = courier.trip?.returns_at;
  return back ? `en ruta, vuelve ~${clockText(back)}` : 'en ruta';
}

/**
 * The couriers on shift in one line over the board: who is free (the longest waiting first),
 * who is about to leave and when those out are back. Nothing when nobody is on shift.
 */
export function CouriersStrip({ couriers }: { couriers: readonly Courier[] | undefined }) {
  const onShift = couriersOnShift(couriers ?? []);
  if (onShift.length === 0) return null;
  return (
    <section className={styles.couriers} aria-labelledby="domiciliarios-en-turno">
      <h2 id="domiciliarios-en-turno" className={styles.allDayTitle}>
        Domiciliarios
      </h2>
      <ul className={styles.allDayList}>
        {onShift.map((courier) => (
          <li key={courier.id} className={`${styles.courierChip} ${styles[courier.state] ?? ''}`}>
            <strong>{firstName(courier.name)}</strong> {chipText(courier)}
          </li>
        ))}
      </ul>
    </section>
  );
}
