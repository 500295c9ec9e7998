import { CHECKOUT_MESSAGES, cartTotal, type Address, type Branch, type PaymentType, type PlacedOrder } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { trapFocusInModal } from '@/lib/focus-trap';
import { buttonClass } from '@/components/ui/button';
import { CartIcon } from '@/components/ui/icons';
import { Sheet } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useCreateAddress } from '@/features/account/api/create-address';
import { useAddresses } from '@/features/account/api/get-addresses';
import { AddressForm } from '@/features/account/components/address-form';
import { LoginForm } from '@/features/account/components/login-form';
import { RegisterForm } from '@/features/account/components/register-form';
import { useBranches } from '@/features/branches/api/get-branches';
import { OpeningBadge } from '@/features/branches/components/opening-badge';
import { useNow } from '@/features/branches/hooks/use-now';
import { AuthTabs } from '@/features/checkout/components/auth-tabs';
import { BranchSummary } from '@/features/checkout/components/branch-summary';
import { CheckoutActions } from '@/features/checkout/components/checkout-actions';
import { DeliveryAddress, type AddressesLoad } from '@/features/checkout/components/delivery-address';
import { ObservationField } from '@/features/checkout/components/observation-field';
import { OrderTypeChoice } from '@/features/checkout/components/order-type-choice';
import { OrderItems } from '@/features/checkout/components/order-items';
import { PaymentChoice } from '@/features/checkout/components/payment-choice';
import { usePlaceOrder } from '@/features/checkout/hooks/use-place-order';
import {
  buildPayload,
  deliveryFor,
  hasErrors,
  isDeliveryOrder,
  type PlacedErrors,
} from '@/features/checkout/lib/checkout-order';
import { queryKeys } from '@/lib/query-keys';
import { cartCount } from '@/stores/session-rules';
import { ORDER_TYPE, useSession, type OrderType } from '@/stores/session-store';
import styles from './checkout.module.css';

// The branch list is fetched when 'Cambiar' is first pressed, not with the checkout.
const BranchList = lazy(() => import('@/features/branches/components/branch-list'));

const formFallback = (
  <p role="status" className={styles.loading}>
    Cargando…
  </p>
);

/** Every message, once, in screen order: the summary next to Continuar. */
const allMessages = (errors: PlacedErrors) => [
  ...new Set([
    ...(errors.detail ?? []),
    ...(errors.payment ?? []),
    ...(errors.branch ?? []),
    ...(errors.address ?? []),
    ...(errors.general ?? []),
  ]),
];

/**
 * /opciones-de-pago (spec §2 'Checkout'): 'Mi Pedido', the login/register panel when logged out,
 * 'Como deseas pagar?', 'Recoger En:' (or the delivery address), 'Recomendacion', the total,
 * 'Volver' and 'Continuar', which sends the order over the socket (spec §4, DESIGN §3).
 */
export default function CheckoutRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useSession((state) => state.cart);
  const storedBranch = useSession((state) => state.branch);
  const delivery = useSession((state) => state.delivery);
  const orderType = useSession((state) => state.orderType);
  const user = useSession((state) => state.user);
  const loggedIn = useSession((state) => state.loggedIn);

  const [payment, setPayment] = useState<PaymentType | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [observation, setObservation] = useState('');
  const [errors, setErrors] = useState<PlacedErrors>({});
  const [highlightLogin, setHighlightLogin] = useState(false);
  const [choosingBranch, setChoosingBranch] = useState(false);

  const loginHeading = useRef<HTMLHeadingElement>(null);
  const paymentGroup = useRef<HTMLFieldSetElement>(null);
  const addressGroup = useRef<HTMLFieldSetElement>(null);
  const messagesBox = useRef<HTMLDivElement>(null);

  const deliveryOrder = isDeliveryOrder(orderType, delivery);
  // The stored branch is a copy from when it was chosen: delivery zones and hours come fresh.
  const branches = useBranches();
  const branch: Branch | null = (storedBranch && branches.data?.find((b) => b.id === storedBranch.id)) ?? storedBranch;
  const now = useNow();

  const addresses = useAddresses(loggedIn && deliveryOrder);
  const createAddress = useCreateAddress();
  const addressesLoad: AddressesLoad = addresses.isSuccess
    ? { status: 'success', addresses: addresses.data }
    : addresses.isError
      ? { status: 'error', message: addresses.error.message, retry: () => void addresses.refetch(), retrying: addresses.isFetching }
      : { status: 'pending' };

  const onPlaced = (order: PlacedOrder) => {
    // Spec §4: status true → the cart is emptied and the customer goes to /confirmacion.
    queryClient.setQueryData(queryKeys.order(order.id), order);
    void queryClient.invalidateQueries({ queryKey: queryKeys.cartHistory.all });
    void navigate(`${paths.confirmation.getHref()}?pedido=${order.id}`, { replace: true });
    useSession.getState().clearCart();
  };
  const onRefused = (refusal: PlacedErrors) => {
    setErrors(refusal);
    // Said at once (the summary is an alert) and in reach of the button just pressed.
    requestAnimationFrame(() => messagesBox.current?.focus());
  };
  const placement = usePlaceOrder({ owner: user?.email, onPlaced, onRefused });
  const sending = placement.sending;

  // Tab cycles inside the branch list while it is open.
  useEffect(() => {
    if (!choosingBranch) return;
    document.addEventListener('keydown', trapFocusInModal);
    return () => document.removeEventListener('keydown', trapFocusInModal);
  }, [choosingBranch]);

  const clearError = (place: keyof PlacedErrors) =>
    setErrors((current) => {
      if (!current[place]) return current;
      const next = { ...current };
      delete next[place];
      return next;
    });

  const onContinue = () => {
    if (sending || placement.isBusy()) return;
    // Spec §5: logged out → the login panel is highlighted and the page scrolls to it.
    if (!loggedIn) {
      setHighlightLogin(true);
      const heading = loginHeading.current;
      heading?.closest('section')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      heading?.focus({ preventScroll: true });
      return;
    }
    const found: PlacedErrors = {};
    if (!branch) found.branch = [CHECKOUT_MESSAGES.branchRequired];
    if (!payment) found.payment = [CHECKOUT_MESSAGES.paymentRequired];
    if (deliveryOrder && addressId === null) found.address = [CHECKOUT_MESSAGES.addressRequired];
    setErrors(found);
    if (hasErrors(found) || !branch) {
      // Focus the first thing to fix: a radio of its group, so arrow keys choose at once.
      const group = found.payment ? paymentGroup.current : found.address ? addressGroup.current : null;
      const target = group?.querySelector<HTMLElement>('input, button') ?? messagesBox.current;
      target?.focus();
      return;
    }
    placement.place((clientOrderId) =>
      buildPayload({
        clientOrderId,
        branch,
        payment,
        observation,
        cart,
        delivery,
        user,
        typeDelivery: deliveryOrder ? 2 : 1,
        addressId,
      }),
    );
  };

  const chooseOrderType = (type: OrderType) => {
    const state = useSession.getState();
    state.setOrderType(type);
    state.setDelivery(deliveryFor(type, state.delivery, state.branch !== null));
    setErrors({});
  };

  const chooseBranch = (chosen: Branch) => {
    // The header's rule for a pickup branch (delivery 2); a delivery order stays a delivery.
    if (deliveryOrder) useSession.setState({ branch: chosen });
    else useSession.getState().choosePickupBranch(chosen);
    setChoosingBranch(false);
    clearError('branch');
    clearError('address');
    clearError('detail');
  };

  // An order that was just placed empties the cart on the way out: show nothing meanwhile.
  if (cart.length === 0 && !sending) {
    return (
      <div className={styles.empty}>
        <title>Checkout · Comanda</title>
        <span className={styles.emptyIcon} aria-hidden="true">
          <CartIcon width="36" height="36" />
        </span>
        <h1 className={styles.emptyTitle}>Checkout</h1>
        <p className={styles.emptyText}>No tienes Productos Agregados</p>
        <Link to={paths.menu.getHref()} className={buttonClass('primary')}>
          Ir al Menu
        </Link>
      </div>
    );
  }

  const summary = placement.state.step === 'failed' ? [placement.state.message] : allMessages(errors);
  // A reload caught an order on its way: say what the busy button is doing.
  const resuming = placement.state.step === 'sending' && placement.state.resumed;

  return (
    <div className={styles.page}>
      <title>Checkout · Comanda</title>
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
          {!loggedIn ? (
            <AuthTabs
              highlighted={highlightLogin}
              headingRef={loginHeading}
              login={
                <Suspense fallback={formFallback}>
                  <LoginForm onSuccess={() => paymentGroup.current?.querySelector('input')?.focus()} />
                </Suspense>
              }
              register={
                <Suspense fallback={formFallback}>
                  <RegisterForm onSuccess={() => paymentGroup.current?.querySelector('input')?.focus()} />
                </Suspense>
              }
            />
          ) : null}

          <PaymentChoice
            value={payment}
            onChange={(chosen) => {
              setPayment(chosen);
              clearError('payment');
            }}
            errors={errors.payment}
            groupRef={paymentGroup}
          />

          <OrderTypeChoice value={deliveryOrder ? ORDER_TYPE.delivery : ORDER_TYPE.pickup} onChange={chooseOrderType} />

          <BranchSummary
            heading={deliveryOrder ? 'Tu pedido sale de:' : 'Recoger En:'}
            branch={branch}
            status={branch?.opening_hours ? <OpeningBadge branch={branch} now={now} /> : null}
            errors={errors.branch}
            onChange={() => setChoosingBranch(true)}
          />

          {deliveryOrder ? (
            <DeliveryAddress
              loggedIn={loggedIn}
              load={addressesLoad}
              value={addressId}
              onChange={(id) => {
                setAddressId(id);
                clearError('address');
              }}
              branch={branch}
              errors={errors.address}
              groupRef={addressGroup}
              renderForm={(done) => (
                <Suspense fallback={formFallback}>
                  <AddressForm
                    onSave={(body) => createAddress.mutateAsync(body)}
                    onSaved={(saved: Address) => done(saved)}
                    onCancel={() => done()}
                  />
                </Suspense>
              )}
            />
          ) : null}

          <ObservationField value={observation} onChange={setObservation} />

          <CheckoutActions
            total={cartTotal(cart)}
            count={cartCount(cart)}
            sending={sending}
            note={resuming ? 'Estamos confirmando el pedido que enviaste antes de recargar la página…' : null}
            messages={summary.length > 0 ? summary : undefined}
            messagesRef={messagesBox}
            backLink={
              <Link to={paths.cart.getHref()} className={buttonClass('secondary')}>
                Volver
              </Link>
            }
            onContinue={onContinue}
          />
        </div>
      </div>

      <Sheet open={choosingBranch} onClose={() => setChoosingBranch(false)} title="Elige una sede" closeLabel="Cerrar lista de sedes">
        {choosingBranch ? (
          <Suspense fallback={<p role="status">Cargando sedes…</p>}>
            <BranchList selectedId={branch?.id} onSelect={chooseBranch} />
          </Suspense>
        ) : null}
      </Sheet>
    </div>
  );
}
