import { formatMoney, lineTotal, MAX_QUANTITY, unitPrice } from '@comanda/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import type { CartItem } from '@/stores/session-store';
import { lineNote, selectedOptionTitles } from '@/entities/cart-item/lib/cart-item';
import { Picture } from '@/components/ui/picture';
import { MinusIcon, PlusIcon, TrashIcon } from '@/components/ui/control-icons';
import styles from './cart-lines.module.css';

interface CartLinesProps {
  cart: readonly CartItem[];
  /** product.md «States and transitions»: quantity 0 removes the line. */
  onQuantity: (cartId: string, quantity: number) => void;
  /** Called when the last line is removed: focus goes to the screen, not to nothing. */
  onEmptied: () => void;
}

/** /carrito lines: photo, title, chosen options, unit price, line total and −/+ (product.md «Screens and routes»). */
export function CartLines({ cart, onQuantity, onEmptied }: CartLinesProps) {
  const list = useRef<HTMLUListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // Index of a removed line: its neighbour's "−" takes the focus the vanished button had.
  const removedAt = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (removedAt.current === null) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-minus]');
    const next = buttons?.[Math.min(removedAt.current, buttons.length - 1)];
    removedAt.current = null;
    next?.focus();
  }, [cart]);

  const change = (line: CartItem, index: number, quantity: number) => {
    onQuantity(line._id, quantity);
    if (quantity <= 0) {
      setAnnouncement(`Se quitó ${line.title} del carrito.`);
      // The last line takes this list with it: focus goes to the screen now, while it still can.
      if (cart.length === 1) onEmptied();
      else removedAt.current = index;
    } else {
      setAnnouncement(`${line.title}: ${quantity} ${quantity === 1 ? 'unidad' : 'unidades'}.`);
    }
  };

  return (
    <>
      <ul ref={list} className={styles.list} aria-label="Productos en tu carrito">
        {cart.map((line, index) => (
          <CartLine
            key={line._id}
            line={line}
            onQuantity={(quantity) => change(line, index, quantity)}
          />
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}

/** One line: its photo, title, chosen options and unit price, −/+ (− a bin at 1) and its subtotal. */
function CartLine({
  line,
  onQuantity,
}: {
  line: CartItem;
  onQuantity: (quantity: number) => void;
}) {
  const options = selectedOptionTitles(line);
  return (
    <li className={styles.line}>
      <Picture
        className={styles.image}
        src={line.image}
        kind="product"
        sizes="(min-width: 600px) 96px, 76px"
        alt=""
        width={480}
        height={480}
      />
      <div className={styles.info}>
        <h2 className={styles.title}>{line.title}</h2>
        {options.length > 0 ? <p className={styles.options}>{options.join(' · ')}</p> : null}
        {lineNote(line) ? <p className={styles.note}>Nota: {lineNote(line)}</p> : null}
        <p className={styles.unit}>
          {formatMoney(unitPrice(line))} <span className={styles.each}>c/u</span>
        </p>
      </div>
      <div className={styles.bottom}>
        <div className={styles.stepper}>
          <button
            type="button"
            className={styles.step}
            data-minus=""
            aria-label={`Quitar uno de ${line.title}`}
            onClick={() => onQuantity(line.quantity - 1)}
          >
            {line.quantity <= 1 ? <TrashIcon /> : <MinusIcon />}
          </button>
          <span className={styles.quantity}>
            <span className="visually-hidden">Cantidad: </span>
            {line.quantity}
          </span>
          <button
            type="button"
            className={styles.step}
            aria-label={`Agregar uno de ${line.title}`}
            disabled={line.quantity >= MAX_QUANTITY}
            onClick={() => onQuantity(line.quantity + 1)}
          >
            <PlusIcon />
          </button>
        </div>
        <p className={styles.lineTotal}>
          <span className="visually-hidden">Subtotal: </span>
          {formatMoney(lineTotal(line, line.quantity))}
        </p>
      </div>
    </li>
  );
}
