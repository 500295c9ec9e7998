import { formatMoney, lineTotal } from '@comanda/shared';
import type { DraftLine } from '../lib/draft';
import styles from './new-order.module.css';

const optionsText = (line: DraftLine) =>
  line.product.modifier_group
    .flatMap((g) => g.modifiers_product.filter((o) => o.selected).map((o) => o.title))
    .join(', ');

/** The lines taken so far, each with − and + (− on one unit takes the line out). */
export function OrderLines({
  lines,
  onQuantity,
}: {
  lines: readonly DraftLine[];
  onQuantity: (key: string, quantity: number) => void;
}) {
  if (lines.length === 0) return <p className={styles.muted}>Agrega productos desde el menú.</p>;
  return (
    <ul className={styles.lines} aria-label="Productos del pedido">
      {lines.map((line) => (
        <li key={line.key} className={styles.line}>
          <span className={styles.lineText}>
            <strong>{line.product.title}</strong>
            {optionsText(line) ? <span className={styles.muted}> {optionsText(line)}</span> : null}
          </span>
          <span className={styles.stepper}>
            <button
              type="button"
              aria-label={`Quitar uno de ${line.product.title}`}
              onClick={() => onQuantity(line.key, line.quantity - 1)}
            >
              −
            </button>
            <span aria-live="polite">{line.quantity}</span>
            <button
              type="button"
              aria-label={`Agregar uno de ${line.product.title}`}
              onClick={() => onQuantity(line.key, line.quantity + 1)}
            >
              +
            </button>
          </span>
          <span className={styles.price}>
            {formatMoney(lineTotal(line.product, line.quantity))}
          </span>
        </li>
      ))}
    </ul>
  );
}
