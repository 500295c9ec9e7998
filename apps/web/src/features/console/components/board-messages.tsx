import type { PlacedOrder } from '@comanda/shared';
import type { StatusChange } from '../api/change-order-status';
import { UNDO_MS } from '../hooks/use-board-actions';
import { OneLine } from './one-line';
import styles from './board-messages.module.css';

interface BoardMessagesProps {
  actions: {
    /** A refusal to read and dismiss. */
    problem: string | null;
    clearProblem: () => void;
    /** What happened meanwhile (a held change sent or refused). */
    notice: string | null;
    clearNotice: () => void;
    /** Aceptar (one order or several), Listo, Rechazar or Cancelar waiting for its Deshacer. */
    deferred: { changes: readonly StatusChange[]; resumed?: boolean } | null;
    undo: () => void;
  };
}

/**
 * What the board has to say above the columns, one line each (a long one opens on `Más`): a
 * refusal, a notice; and, over the bottom of the screen, Deshacer while a change waits, so it
 * never moves the columns under a finger.
 */
export function BoardMessages({ actions }: BoardMessagesProps) {
  return (
    <>
      {actions.problem ? (
        <div className={styles.problem} role="alert">
          <OneLine text={actions.problem} />
          <button type="button" className={styles.problemClose} onClick={actions.clearProblem}>
            Entendido
          </button>
        </div>
      ) : null}
      {actions.notice ? (
        <div className={styles.notice} role="status">
          <OneLine text={actions.notice} />
          <button type="button" className={styles.problemClose} onClick={actions.clearNotice}>
            Entendido
          </button>
        </div>
      ) : null}
      <div className={styles.undoSlot} role="status">
        {actions.deferred ? (
          <div className={styles.undoBar}>
            <p className={styles.undoText}>
              {deferredText(actions.deferred.changes, actions.deferred.resumed ? 'unos' : SECONDS)}
            </p>
            <button type="button" className={styles.undoButton} onClick={actions.undo}>
              Deshacer
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}

const SECONDS = UNDO_MS / 1000;

/**
 * "Pedido #12 aceptado (20 min). Se envía en 5 segundos.": what waits, and what happens then; a
 * batch names its orders ("Pedidos #12, #13 y #15 aceptados (20 min)").
 */
function deferredText(changes: readonly StatusChange[], seconds: number | 'unos') {
  const [change] = changes;
  if (!change) return null;
  if (changes.length > 1) return batchText(changes, seconds);
  const number = <strong>Pedido #{change.order.id}</strong>;
  switch (change.to) {
    case 'accepted':
      return (
        <>
          {number} aceptado{change.prep_minutes ? ` (${change.prep_minutes} min)` : ''}. Se envía en{' '}
          {seconds} segundos.
        </>
      );
    case 'ready':
      return (
        <>
          {number} listo. Se avisa al cliente en {seconds} segundos.
        </>
      );
    default:
      return (
        <>
          {number} {change.to === 'rejected' ? 'rechazado' : 'cancelado'} ({change.reason}). Se
          envía en {seconds} segundos.
        </>
      );
  }
}

/** Several orders accepted at once, with the one promise they share. */
function batchText(changes: readonly StatusChange[], seconds: number | 'unos') {
  const numbers = changes.map((change) => `#${change.order.id}`);
  const minutes = changes[0]?.prep_minutes;
  return (
    <>
      <strong>
        Pedidos {numbers.slice(0, -1).join(', ')} y {numbers.at(-1)}
      </strong>{' '}
      aceptados{minutes ? ` (${minutes} min)` : ''}. Se envían en {seconds} segundos.
    </>
  );
}

/** Recuperar: the last order bumped to Entregado on this device, back to Listos. */
export function RecallButton({
  recallable,
  onRecall,
}: {
  recallable: PlacedOrder | null;
  onRecall: () => void;
}) {
  if (!recallable) return null;
  return (
    <button
      type="button"
      className={styles.recall}
      onClick={onRecall}
      aria-label={`Recuperar #${recallable.id}`}
    >
      <span className={styles.recallLabel}>Último entregado</span> Recuperar #{recallable.id}
    </button>
  );
}
