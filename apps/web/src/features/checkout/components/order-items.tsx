import { formatMoney, lineTotal, unitPrice } from '@comanda/shared';
import { lineNote, selectedOptionTitles } from '@/entities/cart-item/lib/cart-item';
import type { ReactNode } from 'react';
import type { CartItem } from '@/stores/session-store';
import { Picture } from '@/components/ui/picture';
import { FormErrors } from './form-errors';
import shared from './checkout.module.css';
import styles from './order-items.module.css';

interface OrderItemsProps {
  cart: readonly CartItem[];
  /** The server's reasons a line cannot be ordered (sold out, not sold at the branch…). */
  errors: readonly string[] | undefined;
  /** The way to change the lines (a link to /carrito). */
  editLink: ReactNode;
}

/** product.md «Screens and routes» 'Mi Pedido': the stored cart, each line priced with the shared pricing function. */
export function OrderItems({ cart, errors, editLink }: OrderItemsProps) {
  const invalid = Boolean(errors?.length);
  return (
    <section
      id="checkout-items"
      className={`${shared.section} ${invalid ? shared.invalid : ''}`}
      aria-labelledby="checkout-items-title"
      tabIndex={-1}
    >
      <div className={shared.head}>
        <h2 id="checkout-items-title" className={shared.title}>
          Mi Pedido
        </h2>
        {editLink}
      </div>
      <FormErrors messages={errors} />
      <ul className={styles.list}>
        {cart.map((line) => {
          const options = selectedOptionTitles(line);
          // A line named in a refusal ("X está agotado en …") is marked where it is listed.
          const refused = errors?.some((message) => message.includes(line.title)) ?? false;
          return (
            <li key={line._id} className={`${styles.line} ${refused ? styles.refused : ''}`}>
              <Picture
                className={styles.image}
                src={line.image}
                kind="product"
                sizes="56px"
                alt=""
                width={96}
                height={96}
              />
              <div className={styles.info}>
                <p className={styles.title}>{line.title}</p>
                {options.length > 0 ? (
                  <p className={styles.options}>{options.join(' · ')}</p>
                ) : null}
                {lineNote(line) ? <p className={styles.note}>Nota: {lineNote(line)}</p> : null}
                <p className={styles.quantity}>
                  {line.quantity} × {formatMoney(unitPrice(line))}
                </p>
              </div>
              <p className={styles.total}>
                <span className="visually-hidden">Subtotal: </span>
                {formatMoney(lineTotal(line, line.quantity))}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
