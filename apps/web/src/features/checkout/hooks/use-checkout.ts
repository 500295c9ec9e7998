import type { Branch } from '@comanda/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { PROMOTIONS_KEY } from '@/entities/promotion/api/get-promotions';
import { trapFocusInModal } from '@/lib/focus-trap';
import { ORDER_TYPE, useSession, type OrderType } from '@/stores/session-store';
import { buildPayload, hasErrors, type PlacedErrors } from '../lib/checkout-order';
import { continueProblems } from '../lib/checkout-problems';
import { tipAmount } from '../lib/tip';
import { useCheckoutChoices, useCheckoutErrors } from './use-checkout-choices';
import { usePlacedOrderExit } from './use-placed-order-exit';
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
    ...(errors.tip ?? []),
    ...(errors.coupon ?? []),
    ...(errors.general ?? []),
  ]),
];

interface UseCheckoutOptions {
  /** The branch list as fetched now: the stored branch is a copy from when it was chosen. */
  freshBranches: readonly Branch[] | undefined;
}

/** Where focus goes to show what to fix. */
interface CheckoutRefs {
  loginHeading: RefObject<HTMLHeadingElement | null>;
  paymentGroup: RefObject<HTMLFieldSetElement | null>;
  addressGroup: RefObject<HTMLFieldSetElement | null>;
  messagesBox: RefObject<HTMLDivElement | null>;
}

/** Focus the first thing to fix: a radio of its group, so arrow keys choose at once. */
function focusFirstProblem(found: PlacedErrors, refs: CheckoutRefs) {
  const group = found.payment
    ? refs.paymentGroup.current
    : found.address
      ? refs.addressGroup.current
      : null;
  const target = group?.querySelector<HTMLElement>('input, button') ?? refs.messagesBox.current;
  target?.focus();
}

/**
 * After the server's refusal: a field it names (a discount code, the cash amount) is scrolled into
 * the middle of the screen, clear of the header and the bar at the bottom, and focused, so its own
 * message is read beside it (decision 077); anything else, the summary next to Continuar.
 */
function showRefusal(messagesBox: HTMLDivElement | null) {
  const field = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
  if (!field) {
    messagesBox?.focus();
    return;
  }
  const part = field.closest<HTMLElement>('section, fieldset') ?? field;
  // A part taller than half the screen shows from its top (its scroll margin clears the header).
  const fits = part.getBoundingClientRect().height < window.innerHeight / 2;
  part.scrollIntoView({ block: fits ? 'center' : 'start' });
  field.focus({ preventScroll: true });
}

/** Shows a refusal once React has put it on screen (the field it marks exists only then). */
function useShowRefusal(messagesBox: RefObject<HTMLDivElement | null>) {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) showRefusal(messagesBox.current);
  }, [refusals, messagesBox]);
  return () => setRefusals((count) => count + 1);
}

/** product.md «Validation rules and messages»: logged out → the login panel is highlighted and the page scrolls to it. */
function showLogin(heading: HTMLHeadingElement | null) {
  heading?.closest('section')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  heading?.focus({ preventScroll: true });
}

/** The branch list's sheet; Tab cycles inside it while it is open. */
function useBranchSheet() {
  const [choosingBranch, setChoosingBranch] = useState(false);
  useEffect(() => {
    if (!choosingBranch) return;
    document.addEventListener('keydown', trapFocusInModal);
    return () => document.removeEventListener('keydown', trapFocusInModal);
  }, [choosingBranch]);
  return { choosingBranch, setChoosingBranch };
}

/** The session's side of the checkout: the cart, the customer and the branch, fresh when loaded. */
function useCheckoutSession(freshBranches: readonly Branch[] | undefined) {
  const cart = useSession((state) => state.cart);
  const storedBranch = useSession((state) => state.branch);
  const orderType = useSession((state) => state.orderType);
  // Delivery zones and hours come fresh; the stored copy until the list has loaded.
  const branch: Branch | null =
    (storedBranch && freshBranches?.find((b) => b.id === storedBranch.id)) ?? storedBranch;
  return {
    cart,
    delivery: useSession((state) => state.delivery),
    user: useSession((state) => state.user),
    loggedIn: useSession((state) => state.loggedIn),
    // The store keeps the order type and the stored delivery in step (stores/session-state.ts).
    deliveryOrder: orderType === ORDER_TYPE.delivery,
    branch,
  };
}

/**
 * The checkout's state and rules (product.md «States and transitions, Validation rules and messages»): the customer's choices (payment, address, note,
 * branch, order type), what is missing before Continuar may send, where focus goes to show it,
 * and what a placed order does to the session and the cache (cart emptied, the order seeded for
 * /confirmacion, the order history stale).
 */
export function useCheckout({ freshBranches }: UseCheckoutOptions) {
  const { cart, delivery, user, loggedIn, deliveryOrder, branch } =
    useCheckoutSession(freshBranches);
  const { errors, setErrors, clearError } = useCheckoutErrors();
  const choices = useCheckoutChoices(clearError);
  const [highlightLogin, setHighlightLogin] = useState(false);
  const { choosingBranch, setChoosingBranch } = useBranchSheet();
  const messagesBox = useRef<HTMLDivElement>(null);
  const refs: CheckoutRefs = {
    loginHeading: useRef<HTMLHeadingElement>(null),
    paymentGroup: useRef<HTMLFieldSetElement>(null),
    addressGroup: useRef<HTMLFieldSetElement>(null),
    messagesBox,
  };

  const { leavingToPay, onPlaced } = usePlacedOrderExit();
  const revealRefusal = useShowRefusal(messagesBox);
  const queryClient = useQueryClient();
  const onRefused = (refusal: PlacedErrors) => {
    // A promotion may have ended (or been used up) since the page priced the cart: asked again,
    // the page shows the total the server's refusal names.
    void queryClient.invalidateQueries({ queryKey: PROMOTIONS_KEY });
    // Said at once (the summary is an alert), and the field it names shown.
    setErrors(refusal);
    revealRefusal();
  };
  const placement = usePlaceOrder({ owner: user?.email, onPlaced, onRefused });
  const sending = placement.sending;

  /**
   * `deliveryProblem`: the delivery zone's minimum not reached (see lib/delivery-charge), refused
   * before sending; `total`: what the customer pays (with the tip), which cash must cover;
   * `sale`: the order's total without the tip, the one the server compares (decision 085).
   */
  const onContinue = (deliveryProblem: string | null = null, total = 0, sale = total) => {
    if (sending || placement.isBusy()) return;
    if (!loggedIn) {
      setHighlightLogin(true);
      showLogin(refs.loginHeading.current);
      return;
    }
    const { payment, payWith, couponCode, when, addressId, observation } = choices;
    const input = { branch, payment, payWith, couponCode, when, deliveryOrder, addressId };
    const tip = deliveryOrder ? tipAmount(choices.tip) : 0;
    const { found, cashGiven } = continueProblems({ ...input, deliveryProblem, total, tip });
    setErrors(found);
    if (hasErrors(found) || !branch) {
      focusFirstProblem(found, refs);
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
        expectedTotal: sale,
        tip: tip ?? 0,
      }),
    );
  };

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

  return {
    cart,
    branch,
    loggedIn,
    deliveryOrder,
    /** An order just placed empties the cart on the way out: nothing to show meanwhile. */
    empty: cart.length === 0 && !sending && leavingToPay === null,
    /** Where the customer is being sent to pay, once an order paid online is placed. */
    leavingToPay,
    ...choices,
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
    focusPayment: () => refs.paymentGroup.current?.querySelector('input')?.focus(),
    refs,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
