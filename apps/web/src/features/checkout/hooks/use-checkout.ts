import {
  CHECKOUT_MESSAGES,
  SCHEDULE_MESSAGES,
  type Branch,
  type OnlinePayment,
  type PaymentType,
  type PlacedOrder,
} from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { readPesos } from '@/entities/payment/lib/pay-with';
import { scheduledChoice } from '@/entities/schedule/lib/scheduled-choice';
import { trapFocusInModal } from '@/lib/focus-trap';
import { queryKeys } from '@/lib/query-keys';
import { ORDER_TYPE, useSession, type OrderType } from '@/stores/session-store';
import { buildPayload, hasErrors, type PlacedErrors } from '../lib/checkout-order';
import { usePlaceOrder } from './use-place-order';

/** Every message, once, in screen order: the summary next to Continuar. */
const allMessages = (errors: PlacedErrors) => [
  ...new Set([
    ...(errors.detail ?? []),
    ...(errors.payment ?? []),
    ...(errors.payWith ?? []),
    ...(errors.branch ?? []),
    ...(errors.when ?? []),
    ...(errors.address ?? []),
    ...(errors.coupon ?? []),
    ...(errors.general ?? []),
  ]),
];

interface UseCheckoutOptions {
  /** The branch list as fetched now: the stored branch is a copy from when it was chosen. */
  freshBranches: readonly Branch[] | undefined;
}

/**
 * The checkout's state and rules (product.md «States and transitions, Validation rules and messages»): the customer's choices (payment, address, note,
 * branch, order type), what is missing before Continuar may send, where focus goes to show it,
 * and what a placed order does to the session and the cache (cart emptied, the order seeded for
 * /confirmacion, the order history stale).
 */
export function useCheckout({ freshBranches }: UseCheckoutOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useSession((state) => state.cart);
  const storedBranch = useSession((state) => state.branch);
  const delivery = useSession((state) => state.delivery);
  const orderType = useSession((state) => state.orderType);
  const user = useSession((state) => state.user);
  const loggedIn = useSession((state) => state.loggedIn);

  const [payment, setPayment] = useState<PaymentType | null>(null);
  // Cash: what the customer pays with, as typed (decision 061).
  const [payWith, setPayWith] = useState('');
  // Placed and paid online: on the way to the provider's checkout.
  const [leavingToPay, setLeavingToPay] = useState<string | null>(null);
  // The address chosen on /domicilio comes preselected.
  const [addressId, setAddressId] = useState<number | null>(
    () => useSession.getState().deliveryTo?.address_id ?? null,
  );
  const [observation, setObservation] = useState('');
  const [couponCode, setCouponCode] = useState('');
  // product.md «Order ahead»: as soon as possible unless the customer schedules (a slot's start),
  // here or before, on the menu's line, at the same branch.
  const [when, setWhen] = useState<{ scheduling: boolean; slot: string | null }>(() => {
    const { scheduled, branch: chosen } = useSession.getState();
    const slot = scheduled && scheduled.branchId === chosen?.id ? scheduled.slot : null;
    return { scheduling: slot !== null, slot };
  });
  const [errors, setErrors] = useState<PlacedErrors>({});
  const [highlightLogin, setHighlightLogin] = useState(false);
  const [choosingBranch, setChoosingBranch] = useState(false);

  const loginHeading = useRef<HTMLHeadingElement>(null);
  const paymentGroup = useRef<HTMLFieldSetElement>(null);
  const addressGroup = useRef<HTMLFieldSetElement>(null);
  const messagesBox = useRef<HTMLDivElement>(null);

  // The store keeps the order type and the stored delivery in step (stores/session-state.ts).
  const deliveryOrder = orderType === ORDER_TYPE.delivery;
  // Delivery zones and hours come fresh; the stored copy until the list has loaded.
  const branch: Branch | null =
    (storedBranch && freshBranches?.find((b) => b.id === storedBranch.id)) ?? storedBranch;

  const onPlaced = (order: PlacedOrder, online: OnlinePayment | undefined) => {
    // product.md «States and transitions»: status true → the cart is emptied and the customer goes to /confirmacion.
    queryClient.setQueryData(queryKeys.order(order.id), order);
    void queryClient.invalidateQueries({ queryKey: queryKeys.cartHistory.all });
    if (online) {
      // Paid online: to the provider's checkout, which sends the customer back to the order's page.
      setLeavingToPay(online.redirect_url);
      window.location.assign(online.redirect_url);
    } else void navigate(`${paths.confirmation.getHref()}?pedido=${order.id}`, { replace: true });
    useSession.getState().clearCart();
    useSession.getState().chooseScheduled(null);
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

  /**
   * `deliveryProblem`: the delivery zone's minimum not reached (see lib/delivery-charge), refused
   * before sending; `total`: what the customer pays, which cash must cover.
   */
  const onContinue = (deliveryProblem: string | null = null, total = 0) => {
    if (sending || placement.isBusy()) return;
    // product.md «Validation rules and messages»: logged out → the login panel is highlighted and the page scrolls to it.
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
    const cashGiven = payment?.cash && payWith.trim() ? readPesos(payWith) : null;
    if (payment?.cash && payWith.trim() && cashGiven === null)
      found.payWith = [CHECKOUT_MESSAGES.payWithUnreadable];
    // A discount is the server's to price: with a code typed, it alone says whether cash covers it.
    else if (cashGiven !== null && cashGiven < total && !couponCode.trim())
      found.payWith = [CHECKOUT_MESSAGES.payWithTooLow(total)];
    if (when.scheduling && !when.slot) found.when = [SCHEDULE_MESSAGES.invalidTime];
    if (deliveryOrder && addressId === null) found.address = [CHECKOUT_MESSAGES.addressRequired];
    else if (deliveryOrder && deliveryProblem) found.address = [deliveryProblem];
    // The server's refusal, said before sending; a branch stored before this flag existed has none.
    const pickup: Branch['pickup'] | undefined = branch?.pickup;
    if (branch && !deliveryOrder && pickup?.available === false)
      found.branch = [CHECKOUT_MESSAGES.noPickup(branch.title)];
    setErrors(found);
    if (hasErrors(found) || !branch) {
      // Focus the first thing to fix: a radio of its group, so arrow keys choose at once.
      const group = found.payment
        ? paymentGroup.current
        : found.address
          ? addressGroup.current
          : null;
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
        scheduledFor: when.scheduling ? when.slot : null,
        couponCode,
        payWith: cashGiven,
      }),
    );
  };

  const chooseWhen = useCallback((scheduling: boolean, slot: string | null) => {
    setWhen({ scheduling, slot });
    clearError('when');
    // The menu's line says the same time when the customer goes back to it.
    const { branch: chosen, chooseScheduled } = useSession.getState();
    chooseScheduled(scheduledChoice(chosen?.id, slot));
  }, []);

  const chooseOrderType = (type: OrderType) => {
    useSession.getState().chooseOrderType(type);
    setErrors({});
  };

  const chooseBranch = (chosen: Branch) => {
    // A delivery order stays a delivery; otherwise it is a pickup branch (delivery 2).
    useSession.getState().chooseBranch(chosen);
    setChoosingBranch(false);
    clearError('branch');
    clearError('address');
    clearError('detail');
  };

  const choosePayment = (chosen: PaymentType) => {
    setPayment(chosen);
    clearError('payment');
    clearError('payWith');
  };

  /** `neighbourhood`: the address's, so the menu and the cart say the delivery to it from now on. */
  const chooseAddress = (id: number, neighbourhood?: string) => {
    setAddressId(id);
    if (neighbourhood) useSession.getState().chooseDeliveryTo({ neighbourhood, address_id: id });
    clearError('address');
  };

  return {
    cart,
    branch,
    loggedIn,
    deliveryOrder,
    /** An order just placed empties the cart on the way out: nothing to show meanwhile. */
    empty: cart.length === 0 && !sending && leavingToPay === null,
    /** Where the customer is being sent to pay, once an order paid online is placed. */
    leavingToPay,
    payment,
    choosePayment,
    payWith,
    changePayWith: (value: string) => {
      setPayWith(value);
      clearError('payWith');
    },
    addressId,
    chooseAddress,
    observation,
    setObservation,
    couponCode,
    /** A new code: the server's refusal of the old one no longer applies. */
    changeCouponCode: (value: string) => {
      setCouponCode(value);
      clearError('coupon');
    },
    when,
    chooseWhen,
    errors,
    summary: placement.state.step === 'failed' ? [placement.state.message] : allMessages(errors),
    // A reload caught an order on its way: the busy button says what it is doing.
    resuming: placement.state.step === 'sending' && placement.state.resumed,
    /** No signal while sending: the order goes out by itself when it returns. */
    waitingForSignal: placement.state.step === 'waiting',
    sending,
    highlightLogin,
    choosingBranch,
    openBranches: () => setChoosingBranch(true),
    closeBranches: () => setChoosingBranch(false),
    chooseBranch,
    chooseOrderType,
    onContinue,
    /** After logging in or registering here, the next thing to choose is the payment. */
    focusPayment: () => paymentGroup.current?.querySelector('input')?.focus(),
    refs: { loginHeading, paymentGroup, addressGroup, messagesBox },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
