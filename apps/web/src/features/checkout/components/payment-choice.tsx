import type { PaymentType } from '@comanda/shared';
import { useId, type Ref } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { usePaymentTypes } from '../api/get-payment-types';
import { FormErrors } from './form-errors';
import choice from '@/components/ui/choice.module.css';
import shared from './checkout.module.css';

interface PaymentChoiceProps {
  value: PaymentType | null;
  onChange: (payment: PaymentType) => void;
  errors: readonly string[] | undefined;
  /** The group itself: focus goes to its first option when the choice is missing. */
  groupRef?: Ref<HTMLFieldSetElement>;
}

/**
 * product.md «Screens and routes» 'Como deseas pagar?': the payment types of GET /api/cart-type-payment as one radio
 * group, required (product.md «Screens and routes»: the original storefront did not enforce it; Comanda does). Nothing is
 * chosen for the customer: paying is a conscious choice.
 */
export function PaymentChoice({ value, onChange, errors, groupRef }: PaymentChoiceProps) {
  const payments = usePaymentTypes();
  const name = useId();
  const errorId = `${name}-error`;
  const invalid = Boolean(errors?.length);

  return (
    <fieldset
      ref={groupRef}
      id="checkout-payment"
      className={`${shared.section} ${invalid ? shared.invalid : ''}`}
      aria-describedby={invalid ? errorId : undefined}
    >
      <legend className={shared.legend}>
        <h2 className={shared.title}>Como deseas pagar?</h2>
      </legend>
      <FormErrors id={errorId} messages={errors} />
      {payments.isPending ? (
        <div className={choice.choices} role="status" aria-label="Cargando medios de pago">
          <div className={shared.skeleton} />
          <div className={shared.skeleton} />
          <div className={shared.skeleton} />
        </div>
      ) : payments.isError ? (
        <ErrorState
          message="No pudimos cargar los medios de pago."
          detail={payments.error.message}
          onRetry={() => void payments.refetch()}
          retrying={payments.isFetching}
        />
      ) : (
        <div className={choice.choices}>
          {payments.data.map((payment) => (
            <label key={payment.id} className={choice.choice}>
              <input
                type="radio"
                name={name}
                value={payment.id}
                required
                checked={value?.id === payment.id}
                onChange={() => onChange(payment)}
              />
              <span className={choice.choiceTitle}>{payment.parameter.description}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
