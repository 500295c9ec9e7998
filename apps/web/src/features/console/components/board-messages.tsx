import type { PlacedOrder } from '@comanda/shared';
import type { StatusChange } from '../api/change-order-status';
import styles from './board-messages.module.css';

interface BoardMessagesProps {
  actions: {
    /** A refusal to read and dismiss. */
    problem: string | null;
    clearProblem: () => void;
    /** What happened meanwhile (a held change sent or refused). */
    notice: string | null;
    clearNotice: () => void;
    /** A rejection or cancellation waiting for its Deshacer. */
    stopping: { change: StatusChange } | null;
    undo: () => void;
    /** The last order delivered here, which Recuperar brings back to Listo. */
    recallable: PlacedOrder | null;
    recall: () => void;
  };
}

/** What the board has to say above the columns: a refusal, a notice, the undo and recall bar. */
export function BoardMessages({ actions }: BoardMessagesProps) {
  const { stopping, recallable } = actions;
  return (
    <>
      {actions.problem ? (
        <div className={styles.problem} role="alert">
          <p>{actions.problem}</p>
          <button type="button" className={styles.problemClose} onClick={actions.clearProblem}>
            Entendido
          </button>
        </div>
      ) : null}
      {actions.notice ? (
        <div className={styles.notice} role="status">
          <p>{actions.notice}</p>
          <button type="button" className={styles.problemClose} onClick={actions.clearNotice}>
            Entendido
          </button>
        </div>
      ) : null}
      {stopping || recallable ? (
        <div className={styles.undoBar}>
          {stopping ? (
            <p role="status" className={styles.undoText}>
              <strong>
                Pedido #{stopping.change.order.id}{' '}
                {stopping.change.to === 'rejected' ? 'rechazado' : 'cancelado'}
              </strong>{' '}
              ({stopping.change.reason}). Se envía en 5 segundos.
            </p>
          ) : (
            <p className={styles.undoText}>
              Último entregado: <strong>#{recallable!.id}</strong>
            </p>
          )}
          {stopping ? (
            <button type="button" className={styles.undoButton} onClick={actions.undo}>
              Deshacer
            </button>
          ) : (
            <button type="button" className={styles.undoButton} onClick={actions.recall}>
              Recuperar #{recallable!.id}
            </button>
          )}
        </div>
      ) : null}
    </>
  );
}
