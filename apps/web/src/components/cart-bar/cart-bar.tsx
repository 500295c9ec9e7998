import { cartTotal, formatMoney, type PromotedPrice } from '@comanda/shared';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { cartCount } from '@/stores/session-rules';
import { useSession } from '@/stores/session-store';
import styles from './cart-bar.module.css';

/**
 * product.md «Screens and routes»: the bottom bar of the browsing screens, with the cart total and "Ver pedido" to
 * /carrito with the item count. It reads the stored cart itself so any screen can drop it in;
 * an empty cart shows nothing, so it never nags before there is something to see. Given the
 * cart priced under the promotions in force (`price`, the screen's useCartPrice), it shows the
 * total after them, with the products' total before them struck through when they take some off.
 */
export function CartBar({ price }: { price?: Pick<PromotedPrice, 'subtotal' | 'total'> }) {
  const cart = useSession((state) => state.cart);
  if (cart.length === 0) return null;

  const count = cartCount(cart);
  // product.md «States and transitions»: the total is recomputed from the stored cart, with the one pricing function.
  const total = formatMoney(price?.total ?? cartTotal(cart));
  const before = price && price.total < price.subtotal ? formatMoney(price.subtotal) : null;
  return (
    <>
      {/* Keeps the end of the page scrollable above the fixed bar. */}
      <div className={styles.spacer} aria-hidden="true" />
      <section className={styles.bar} aria-label="Tu pedido">
        <div className={styles.inner}>
          <p className={styles.total}>
            <span className={styles.label}>
              Total
              {before ? (
                <>
                  {' '}
                  <s className={styles.before}>
                    <span className="visually-hidden">antes </span>
                    {before}
                  </s>
                </>
              ) : null}
            </span>
            <span className={styles.amount}>{total}</span>
          </p>
          {/* Name from the content, "Ver pedido 3 productos": it starts with the visible words. */}
          <Link to={paths.cart.getHref()} className={styles.link}>
            <span>Ver pedido</span>{' '}
            <span className={styles.badge}>
              {count > 99 ? '99+' : count}
              <span className="visually-hidden"> {count === 1 ? 'producto' : 'productos'}</span>
            </span>
          </Link>
        </div>
      </section>
    </>
  );
}
