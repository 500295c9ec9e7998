import type { PlacedOrder } from '@comanda/shared';
import type { BoardSelection } from '../hooks/use-board-selection';
import styles from './select-bar.module.css';

/**
 * Under Nuevos' cards, kept in sight at the bottom of the column: Seleccionar varios, then how many
 * are chosen, Aceptar (the Aceptar sheet for all of them: one time, one promise) and Terminar.
 */
export function SelectBar(props: {
  selection: BoardSelection;
  onAccept: (orders: readonly PlacedOrder[]) => void;
}) {
  const { selection } = props;
  const count = selection.chosen.length;
  if (!selection.on)
    return (
      <div className={styles.bar}>
        <button type="button" className={styles.start} onClick={selection.start}>
          Seleccionar varios
        </button>
      </div>
    );
  return (
    <div className={`${styles.bar} ${styles.on}`} role="group" aria-label="Pedidos seleccionados">
      <p className={styles.count} aria-live="polite">
        {count === 0 ? 'Elige los pedidos' : `${count} ${count === 1 ? 'elegido' : 'elegidos'}`}
      </p>
      <button
        type="button"
        className={styles.accept}
        disabled={count === 0}
        onClick={() => props.onAccept(selection.chosen)}
      >
        Aceptar {count > 0 ? count : ''}
      </button>
      <button type="button" className={styles.stop} onClick={selection.stop}>
        Terminar
      </button>
    </div>
  );
}

/** A card's box to choose it, while Seleccionar varios is on. */
export function SelectBox(props: { order: PlacedOrder; selection: BoardSelection }) {
  const { order, selection } = props;
  return (
    <label className={styles.box}>
      <input
        type="checkbox"
        className={styles.check}
        checked={selection.isChosen(order.id)}
        onChange={() => selection.toggle(order)}
      />
      <span>
        Elegir<span className="visually-hidden"> pedido #{order.id}</span>
      </span>
    </label>
  );
}
