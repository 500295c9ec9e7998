import { cartTotal, type Address } from '@comanda/shared';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { CartIcon } from '@/components/ui/icons';
import { Sheet } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { cartCount } from '@/stores/session-rules';
import { ORDER_TYPE } from '@/stores/session-store';
import type { Checkout } from '../hooks/use-checkout';
import { checkoutDeliveryCharge } from '../lib/delivery-charge';
import { AuthTabs } from './auth-tabs';
import { BranchSummary } from './branch-summary';
import { CheckoutActions } from './checkout-actions';
import { DeliveryAddress, type AddressesLoad } from './delivery-address';
import { CouponField } from './coupon-field';
import { ObservationField } from './observation-field';
import { OrderItems } from './order-items';
import { OrderTypeChoice } from './order-type-choice';
import { CheckoutWhen } from './checkout-when';
import { PaymentChoice } from './payment-choice';
import styles from './checkout-page.module.css';
import { pageTitle } from '@/lib/brand';

const formFallback = (
  <p role="status" className={styles.loading}>
    Cargando…
  </p>
);

/** What other features bring to the checkout; the route composes them. */
interface CheckoutPageProps {
  checkout: Checkout;
  loginForm: ReactNode;
  registerForm: ReactNode;
  /** Whether the branch is open now. */
  branchStatus: ReactNode;
  addresses: AddressesLoad;
  /** The new-address form; `done` closes it (with the saved address, to choose it). */
  addressForm: (done: (saved?: Address) => void) => ReactNode;
  /** The list shown when 'Cambiar' is pressed; rendered only then. */
  branchList: ReactNode;
}

/**
 * /opciones-de-pago (product.md «Screens and routes» 'Checkout'): 'Mi Pedido', the login/register panel when logged out,
 * 'Como deseas pagar?', 'Recoger En:' (or the delivery address), 'Recomendacion', the total,
 * 'Volver' and 'Continuar', which sends the order over the socket (product.md «States and transitions»).
 */
export function CheckoutPage({
  checkout,
  loginForm,
  registerForm,
  branchStatus,
  addresses,
  addressForm,
  branchList,
}: CheckoutPageProps) {
  const { cart, branch, errors, refs } = checkout;
  const subtotal = cartTotal(cart);
  const address =
    addresses.status === 'success'
      ? addresses.addresses.find((a) => a.id === checkout.addressId)
      : undefined;
  // The chosen address's zone: its fee joins the total and its minimum is checked before sending.
  const delivery = checkout.deliveryOrder
    ? checkoutDeliveryCharge(branch, address, subtotal)
    : null;
  return (
    <div className={styles.page}>
      <title>{pageTitle('Checkout')}</title>
      <h1 className={styles.heading}>Checkout</h1>

      <div className={styles.layout}>
        <div className={styles.aside}>
          <OrderItems
            cart={cart}
            errors={errors.detail}
            editLink={
              <Link to={paths.cart.getHref()} className={styles.edit}>
                Editar<span className="visually-hidden"> mi pedido</span>
              </Link>
            }
          />
        </div>

        <div className={styles.main}>
          {!checkout.loggedIn ? (
            <AuthTabs
              highlighted={checkout.highlightLogin}
              headingRef={refs.loginHeading}
              login={<Suspense fallback={formFallback}>{loginForm}</Suspense>}
              register={<Suspense fallback={formFallback}>{registerForm}</Suspense>}
            />
          ) : null}

          <PaymentChoice
            value={checkout.payment}
            onChange={checkout.choosePayment}
            errors={errors.payment}
            groupRef={refs.paymentGroup}
            payWith={{
              value: checkout.payWith,
              onChange: checkout.changePayWith,
              total: delivery?.total ?? subtotal,
            }}
            payWithErrors={errors.payWith}
          />

          <OrderTypeChoice
            value={checkout.deliveryOrder ? ORDER_TYPE.delivery : ORDER_TYPE.pickup}
            onChange={checkout.chooseOrderType}
          />

          <BranchSummary
            heading={checkout.deliveryOrder ? 'Tu pedido sale de:' : 'Recoger En:'}
            branch={branch}
            status={branchStatus}
            errors={errors.branch}
            onChange={checkout.openBranches}
          />

          {checkout.deliveryOrder ? (
            <DeliveryAddress
              loggedIn={checkout.loggedIn}
              load={addresses}
              value={checkout.addressId}
              onChange={(id) =>
                checkout.chooseAddress(
                  id,
                  addresses.status === 'success'
                    ? addresses.addresses.find((a) => a.id === id)?.neighbourhood
                    : undefined,
                )
              }
              branch={branch}
              errors={errors.address}
              groupRef={refs.addressGroup}
              renderForm={(done) => (
                <Suspense fallback={formFallback}>{addressForm(done)}</Suspense>
              )}
            />
          ) : null}

          <CheckoutWhen
            branchId={branch?.id}
            value={checkout.when.slot}
            scheduling={checkout.when.scheduling}
            onChange={checkout.chooseWhen}
            errors={errors.when}
          />

          <ObservationField value={checkout.observation} onChange={checkout.setObservation} />

          <CouponField
            value={checkout.couponCode}
            onChange={checkout.changeCouponCode}
            errors={checkout.errors.coupon}
          />

          <CheckoutActions
            total={delivery?.total ?? subtotal}
            delivery={delivery}
            couponTyped={checkout.couponCode.trim() !== ''}
            count={cartCount(cart)}
            sending={checkout.sending}
            note={
              checkout.waitingForSignal
                ? 'Sin conexión: tu pedido se enviará cuando vuelva la señal.'
                : checkout.resuming
                  ? 'Estamos confirmando el pedido que enviaste antes de recargar la página…'
                  : checkout.payment?.online
                    ? 'Al continuar te llevamos a la pasarela de pagos para pagar tu pedido.'
                    : null
            }
            messages={checkout.summary.length > 0 ? checkout.summary : undefined}
            messagesRef={refs.messagesBox}
            backLink={
              <Link to={paths.cart.getHref()} className={buttonClass('secondary')}>
                Volver
              </Link>
            }
            onContinue={() =>
              checkout.onContinue(delivery?.problem ?? null, delivery?.total ?? subtotal)
            }
          />
        </div>
      </div>

      <Sheet
        open={checkout.choosingBranch}
        onClose={checkout.closeBranches}
        title="Elige una sede"
        closeLabel="Cerrar lista de sedes"
      >
        {checkout.choosingBranch ? (
          <Suspense fallback={<p role="status">Cargando sedes…</p>}>{branchList}</Suspense>
        ) : null}
      </Sheet>
    </div>
  );
}

/** An order placed to be paid online, on its way to the provider's checkout (decision 061). */
export function LeavingToPay({ href }: { href: string }) {
  return (
    <NoticeCard
      icon={<CartIcon width="36" height="36" />}
      title="Te llevamos a pagar"
      text="Tu pedido quedó guardado. Paga en la pasarela y volverás aquí a seguirlo."
    >
      <title>{pageTitle('Pagar')}</title>
      <a href={href} className={buttonClass('primary')}>
        Ir a pagar
      </a>
    </NoticeCard>
  );
}

/** The checkout with an empty cart: nothing to pay for, a way back to the menu. */
export function EmptyCheckout() {
  return (
    <NoticeCard
      icon={<CartIcon width="36" height="36" />}
      title="Checkout"
      text="No tienes Productos Agregados"
    >
      <title>{pageTitle('Checkout')}</title>
      <Link to={paths.menu.getHref()} className={buttonClass('primary')}>
        Ir al Menu
      </Link>
    </NoticeCard>
  );
}
