import type { PlacedOrder } from '@comanda/shared';
import type { ReactNode } from 'react';
import { Sheet } from '@/components/ui/sheet';
import styles from './order-dialogs.module.css';

/**
 * The frame of a question about one order (Aceptar, Rechazar, Cancelar): the sheet titled with
 * the order's number, the question in large type, a note worth reading first, then the answers.
 */
export function OrderSheet(props: {
  order: PlacedOrder | null;
  /** "Aceptar pedido": the sheet's title, followed by the order's number while open. */
  title: string;
  /** The whole title instead ("Aceptar 3 pedidos"): the sheet asks about several orders. */
  fullTitle?: string | undefined;
  closeLabel: string;
  onClose: () => void;
  question: string;
  note: ReactNode;
  children: ReactNode;
}) {
  const { order } = props;
  return (
    <Sheet
      open={order !== null}
      onClose={props.onClose}
      title={props.fullTitle ?? (order ? `${props.title} #${order.id}` : props.title)}
      closeLabel={props.closeLabel}
    >
      <div className={styles.body}>
        <p className={styles.question}>{props.question}</p>
        {props.note ? <p className={styles.note}>{props.note}</p> : null}
        {props.children}
      </div>
    </Sheet>
  );
}

/** A typed answer's error, which the field names as its description. */
export function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}
