import type { PaymentType } from '@comanda/shared';
import { useCallback, useState } from 'react';
import { scheduledChoice } from '@/entities/schedule/lib/scheduled-choice';
import { useSession } from '@/stores/session-store';
import type { PlacedErrors } from '../lib/checkout-order';
import { NO_TIP, type TipState } from '../lib/tip';

type ClearError = (place: keyof PlacedErrors) => void;

/** The checkout's messages by the part of the screen they concern, and a way to clear one part's. */
export function useCheckoutErrors() {
  const [errors, setErrors] = useState<PlacedErrors>({});
  // Stable: `chooseWhen` depends on it, and OrderWhen's effect on `chooseWhen`.
  const clearError = useCallback<ClearError>(
    (place) =>
      setErrors((current) => {
        if (!current[place]) return current;
        const next = { ...current };
        delete next[place];
        return next;
      }),
    [],
  );
  return { errors, setErrors, clearError };
}

/**
 * product.md «Order ahead»: as soon as possible unless the customer schedules (a slot's start),
 * here or before, on the menu's line, at the same branch.
 */
function storedWhen(): { scheduling: boolean; slot: string | null } {
  const { scheduled, branch: chosen } = useSession.getState();
  const slot = scheduled && scheduled.branchId === chosen?.id ? scheduled.slot : null;
  return { scheduling: slot !== null, slot };
}

/**
 * What the customer chooses or types on the checkout (payment, cash, address, note, coupon,
 * when); each change clears the message about it.
 */
export function useCheckoutChoices(clearError: ClearError) {
  const [payment, setPayment] = useState<PaymentType | null>(null);
  // Cash: what the customer pays with, as typed (decision 061).
  const [payWith, setPayWith] = useState('');
  // The address chosen on /domicilio comes preselected.
  const [addressId, setAddressId] = useState<number | null>(
    () => useSession.getState().deliveryTo?.address_id ?? null,
  );
  const [observation, setObservation] = useState('');
  const [couponCode, setCouponCode] = useState('');
  // A delivery's tip for the courier (decision 085).
  const [tip, setTip] = useState<TipState>(NO_TIP);
  const [when, setWhen] = useState(storedWhen);

  const chooseWhen = useCallback(
    (scheduling: boolean, slot: string | null) => {
      setWhen({ scheduling, slot });
      clearError('when');
      // The menu's line says the same time when the customer goes back to it.
      const { branch: chosen, chooseScheduled } = useSession.getState();
      chooseScheduled(scheduledChoice(chosen?.id, slot));
    },
    [clearError],
  );

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
    tip,
    changeTip: (value: TipState) => {
      setTip(value);
      clearError('tip');
    },
  };
}

export type CheckoutChoices = ReturnType<typeof useCheckoutChoices>;
