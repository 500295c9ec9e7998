import { useState } from 'react';
import { useOrderRating } from '../api/get-order-rating';
import styles from './day.module.css';

/**
 * A delivered order's «Calificación» on Día: what its customer said of it (stars and comment),
 * read when asked for, so the day's list stays one request.
 */
export function DayRating({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  const rating = useOrderRating(orderId, open);
  if (!open)
    return (
      <button type="button" className={styles.rowRefund} onClick={() => setOpen(true)}>
        Ver calificación
      </button>
    );
  const given = rating.data?.results;
  return (
    <span className={styles.muted} role="status">
      {rating.isPending
        ? 'Cargando calificación…'
        : rating.isError
          ? 'No pudimos leer la calificación.'
          : given
            ? `Calificación: ${given.stars} de 5${given.comment ? ` · «${given.comment}»` : ''}`
            : 'Sin calificación del cliente.'}
    </span>
  );
}
