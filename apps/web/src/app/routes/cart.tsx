import { cartTotal, formatMoney } from '@comanda/shared';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { Button, buttonClass } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CartIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ArrowBackIcon, TrashIcon } from '@/components/ui/control-icons';
import { missingForMinimum } from '@/features/cart/lib/minimum-text';
import { pickupFacts, useChosenBranch } from '@/features/branches/hooks/use-chosen-branch';
import { CartLines } from '@/features/cart/components/cart-lines';
import { promotionLines, useCartPrice } from '@/entities/promotion/lib/cart-price';
import { DeliveryPromise } from '@/features/delivery/components/delivery-promise';
import {
  useDeliveryOption,
  type DeliveryOptionState,
} from '@/features/delivery/hooks/use-delivery-option';
import { cartCount } from '@/stores/session-rules';
import { setQuantity } from '@/stores/cart-quantity';
import { useSession, type CartItem } from '@/stores/session-store';
import styles from './cart.module.css';
import { pageTitle } from '@/lib/brand';

/**
 * Back to the previous screen of this visit, or to the menu when /carrito was opened directly
 * (history.back() would then leave the storefront). React Router keeps its index in history.state.
 */
function useGoBack() {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const index =
      typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.menu.getHref(), { replace: true });
  }, [navigate]);
}

/** /carrito (product.md «Screens and routes»): 'Tu Carrito', lines with −/+, the total, Vaciar Carrito, Ir al Pago. */
export default function CartRoute() {
  const cart = useSession((state) => state.cart);
  const clearCart = useSession((state) => state.clearCart);
  const goBack = useGoBack();
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => heading.current?.focus(), []);

  const deliveryOption = useDeliveryOption();
  const chosenBranch = useChosenBranch();

  return (
    <div className={styles.page}>
      <title>{pageTitle('Tu Carrito')}</title>
      <div className={styles.head}>
        <button type="button" className={styles.back} aria-label="Volver" onClick={goBack}>
          <ArrowBackIcon />
        </button>
        <h1 ref={heading} tabIndex={-1} className={styles.heading}>
          Tu Carrito
        </h1>
      </div>

      {cart.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className={styles.layout}>
          {/* How it reaches the customer, said before the lines; the sticky summary keeps only money. */}
          <div className={styles.promise}>
            <DeliveryPromise state={deliveryOption} pickup={pickupFacts(chosenBranch)} />
          </div>
          <div className={styles.lines}>
            <CartLines cart={cart} onQuantity={setQuantity} onEmptied={focusHeading} />
            <Button variant="ghost" className={styles.clear} onClick={() => setConfirming(true)}>
              Vaciar Carrito
            </Button>
          </div>

          <CartSummary
            cart={cart}
            branchId={chosenBranch?.id ?? null}
            deliveryOption={deliveryOption}
          />
        </div>
      )}

      <ClearCartDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          // product.md «States and transitions»: clearing empties the cart and returns to the previous screen.
          setConfirming(false);
          clearCart();
          goBack();
        }}
      />
    </div>
  );
}

/** No line yet: said, with the way to the menu. */
function EmptyCart() {
  return (
    <NoticeCard icon={<CartIcon width="36" height="36" />} text="No tienes Productos Agregados">
      <Link to={paths.menu.getHref()} className={buttonClass('primary')}>
        Ir al Menu
      </Link>
    </NoticeCard>
  );
}

interface CartSummaryProps {
  cart: readonly CartItem[];
  /** The chosen branch: its promotions in force price the cart. */
  branchId: number | null;
  deliveryOption: DeliveryOptionState;
}

/**
 * The sticky summary: what a delivery still needs to reach its minimum, products and fee, each
 * promotion's line, the total, Ir al Pago.
 */
function CartSummary({ cart, branchId, deliveryOption }: CartSummaryProps) {
  // product.md «States and transitions»: the total is recomputed from the stored cart, with the one pricing function.
  const total = cartTotal(cart);
  const count = cartCount(cart);
  // The fee is said before checkout (product.md «Delivery before ordering»); the server charges it.
  const fee = deliveryOption.kind === 'served' ? deliveryOption.option.fee : 0;
  // product.md «Promotions»: the promotions in force, priced as placement prices them.
  const priced = useCartPrice(cart, branchId, fee);
  const missing =
    deliveryOption.kind === 'served'
      ? missingForMinimum(total, deliveryOption.option.min_order)
      : null;
  return (
    <section className={styles.summary} aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading" className="visually-hidden">
        Resumen del pedido
      </h2>
      {missing ? <p className={styles.missing}>{missing}</p> : null}
      {deliveryOption.kind === 'served' || priced.promotions.length > 0 ? (
        <p className={styles.feeRow}>
          <span>Productos</span>
          <span>{formatMoney(total)}</span>
        </p>
      ) : null}
      {deliveryOption.kind === 'served' ? (
        <p className={styles.feeRow}>
          <span>Domicilio</span>
          <span>{fee > 0 ? formatMoney(fee) : 'Gratis'}</span>
        </p>
      ) : null}
      {promotionLines(priced.promotions).map((line) => (
        <p key={line.label} className={`${styles.feeRow} ${styles.promotion}`}>
          <span>{line.label}</span>
          <span>{line.amount}</span>
        </p>
      ))}
      <p className={styles.totalRow}>
        <span>
          Total{' '}
          <span className={styles.count}>
            ({count === 1 ? '1 producto' : `${count} productos`})
          </span>
        </span>
        <strong className={styles.total}>{formatMoney(priced.total)}</strong>
      </p>
      {total > 0 ? (
        <Link to={paths.checkout.getHref()} className={buttonClass('primary', { block: true })}>
          Ir al Pago
        </Link>
      ) : null}
    </section>
  );
}

interface ClearCartDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * product.md «Screens and routes»: 'Vaciar Carrito' asks first. "Close" is the contract's own
 * word, marked English so a Spanish screen reader says it right.
 */
function ClearCartDialog({ open, onClose, onConfirm }: ClearCartDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="¿Realmente deseas vaciar el carrito?"
      icon={<TrashIcon width="28" height="28" />}
      confirmLabel="Vaciar"
      cancelLabel={<span lang="en">Close</span>}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
