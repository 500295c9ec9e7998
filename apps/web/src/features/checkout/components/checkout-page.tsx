import { cartTotal, type Address, type PromotedPrice } from '@comanda/shared';
import { Suspense, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { CartIcon } from '@/components/ui/icons';
import { Sheet } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useCartPrice } from '@/entities/promotion/lib/cart-price';
import { cartCount } from '@/stores/session-rules';
import { ORDER_TYPE } from '@/stores/session-store';
import type { Checkout } from '../hooks/use-checkout';
import { checkoutDeliveryCharge, type CheckoutDeliveryCharge } from '../lib/delivery-charge';
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
import { TipChoice } from './tip-choice';
import { tipAmount } from '../lib/tip';
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
  const { cart, errors, refs } = checkout;
  const { delivery, priced } = useCheckoutPrice(checkout, addresses);
  // What the customer pays: the order and the courier's tip (decision 085).
  const total = priced.due;
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
          <CheckoutChoices
            checkout={checkout}
            total={total}
            branchStatus={branchStatus}
            addresses={addresses}
            addressForm={addressForm}
          />
          <CheckoutFooter checkout={checkout} delivery={delivery} priced={priced} />
        </div>
      </div>

      <BranchSheet checkout={checkout} branchList={branchList} />
    </div>
  );
}

/**
 * The zone's charge and the cart priced with it under the promotions in force at the order's
 * time (product.md «Promotions»), as placement prices it.
 */
function useCheckoutPrice(checkout: Checkout, addresses: AddressesLoad) {
  const delivery = deliveryChargeOf(checkout, addresses);
  const slot = checkout.when.scheduling ? checkout.when.slot : null;
  // A tip typed but not readable yet prices as none; Continuar says why.
  const tip = checkout.deliveryOrder ? (tipAmount(checkout.tip) ?? 0) : 0;
  const priced = useCartPrice(checkout.cart, checkout.branch?.id, delivery?.fee ?? 0, slot, tip);
  return { delivery, priced };
}

/** The chosen address's zone: its fee joins the total and its minimum is checked before sending. */
function deliveryChargeOf(
  checkout: Checkout,
  addresses: AddressesLoad,
): CheckoutDeliveryCharge | null {
  if (!checkout.deliveryOrder) return null;
  const address =
    addresses.status === 'success'
      ? addresses.addresses.find((a) => a.id === checkout.addressId)
      : undefined;
  return checkoutDeliveryCharge(checkout.branch, address, cartTotal(checkout.cart));
}

/** The branch list after 'Cambiar', in a sheet over the page. */
function BranchSheet({ checkout, branchList }: Pick<CheckoutPageProps, 'checkout' | 'branchList'>) {
  return (
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
  );
}

/** How to pay, pickup or delivery, from where, where to, and when: the choices between the login and the note, in screen order. */
function CheckoutChoices({
  checkout,
  total,
  branchStatus,
  addresses,
  addressForm,
}: Pick<CheckoutPageProps, 'checkout' | 'branchStatus' | 'addresses' | 'addressForm'> & {
  /** What the customer pays, which cash must cover. */
  total: number;
}) {
  const { branch, errors, refs } = checkout;
  return (
    <>
      <PaymentChoice
        value={checkout.payment}
        onChange={checkout.choosePayment}
        errors={errors.payment}
        groupRef={refs.paymentGroup}
        payWith={{ value: checkout.payWith, onChange: checkout.changePayWith, total }}
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
        <CheckoutAddress checkout={checkout} addresses={addresses} addressForm={addressForm} />
      ) : null}

      {checkout.deliveryOrder ? (
        <TipChoice value={checkout.tip} onChange={checkout.changeTip} errors={errors.tip} />
      ) : null}

      <CheckoutWhen
        branchId={branch?.id}
        value={checkout.when.slot}
        scheduling={checkout.when.scheduling}
        onChange={checkout.chooseWhen}
        delivering={checkout.deliveryOrder}
        errors={errors.when}
      />
    </>
  );
}

/** Where a delivery order goes; choosing an address also sets the delivery the menu shows. */
function CheckoutAddress({
  checkout,
  addresses,
  addressForm,
}: Pick<CheckoutPageProps, 'checkout' | 'addresses' | 'addressForm'>) {
  return (
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
      branch={checkout.branch}
      errors={checkout.errors.address}
      groupRef={checkout.refs.addressGroup}
      renderForm={(done) => <Suspense fallback={formFallback}>{addressForm(done)}</Suspense>}
    />
  );
}

/** What the button says below itself while it cannot simply send, or before leaving to pay. */
function actionsNote(checkout: Checkout): string | null {
  if (checkout.waitingForSignal)
    return 'Sin conexión: tu pedido se enviará cuando vuelva la señal.';
  if (checkout.resuming)
    return 'Estamos confirmando el pedido que enviaste antes de recargar la página…';
  if (checkout.payment?.online)
    return 'Al continuar te llevamos a la pasarela de pagos para pagar tu pedido.';
  return null;
}

/** The note, the coupon, then the promotions, the total and the buttons (Volver, Continuar). */
function CheckoutFooter({
  checkout,
  delivery,
  priced,
}: {
  checkout: Checkout;
  delivery: CheckoutDeliveryCharge | null;
  /**
   * The cart's figures: `due` is what the customer pays (the tip in it), `total` the order's
   * without the tip, which the server compares (decision 085).
   */
  priced: PromotedPrice;
}) {
  const { promotions, due: total, total: sale, tip } = priced;
  return (
    <>
      <ObservationField value={checkout.observation} onChange={checkout.setObservation} />

      <CouponField
        value={checkout.couponCode}
        onChange={checkout.changeCouponCode}
        errors={checkout.errors.coupon}
      />

      <CheckoutActions
        total={total}
        tip={tip}
        delivery={delivery}
        promotions={promotions}
        couponTyped={checkout.couponCode.trim() !== ''}
        count={cartCount(checkout.cart)}
        sending={checkout.sending}
        note={actionsNote(checkout)}
        messages={checkout.summary.length > 0 ? checkout.summary : undefined}
        messagesRef={checkout.refs.messagesBox}
        backLink={
          <Link to={paths.cart.getHref()} className={buttonClass('secondary')}>
            Volver
          </Link>
        }
        onContinue={() => checkout.onContinue(delivery?.problem ?? null, total, sale)}
      />
    </>
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
