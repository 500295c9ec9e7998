import type { PaymentType } from '@comanda/shared';
import { useId, type Ref } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { usePaymentTypes } from '@/entities/payment/api/get-payment-types';
import { PayWithField } from '@/entities/payment/components/pay-with-field';
import { FormErrors } from './form-errors';
import choice from '@/components/ui/choice.module.css';
import shared from './checkout.module.css';
import styles from './payment-choice.module.css';

interface PaymentChoiceProps {
  value: PaymentType | null;
  onChange: (payment: PaymentType) => void;
  errors: readonly string[] | undefined;
  /** The group itself: focus goes to its first option when the choice is missing. */
  groupRef?: Ref<HTMLFieldSetElement>;
  /** Cash: what the customer pays with (as typed), and what they pay. */
  payWith: { value: string; onChange: (value: string) => void; total: number };
  payWithErrors: readonly string[] | undefined;
}

/** What paying this way means, under its name. */
function detailOf(payment: PaymentType): string | null {
  if (payment.online)
    return 'Pagas ahora en la pasarela de pagos y tu pedido llega a la sede pagado.';
  if (payment.cash) return 'Pagas al recibir. Te llevamos el cambio.';
  return null;
}

/**
 * product.md «Screens and routes» 'Como deseas pagar?': the payment types of GET /api/cart-type-payment as one radio
 * group, required (product.md «Screens and routes»: the original storefront did not enforce it; Comanda does). Nothing is
 * chosen for the customer: paying is a conscious choice. A method paid online says so (and
 * `Pago de prueba` where no real money moves); cash asks `¿Con cuánto pagas?` (decision 061).
 */
export function PaymentChoice({
  value,
  onChange,
  errors,
  groupRef,
  payWith,
  payWithErrors,
}: PaymentChoiceProps) {
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
      <PaymentOptions name={name} value={value} onChange={onChange} />
      {value?.cash ? (
        <PayWithField
          value={payWith.value}
          onChange={payWith.onChange}
          total={payWith.total}
          errors={payWithErrors}
        />
      ) : null}
    </fieldset>
  );
}

/** The payment types as radios of the group `name`, once they have loaded. */
function PaymentOptions({
  name,
  value,
  onChange,
}: {
  name: string;
  value: PaymentType | null;
  onChange: (payment: PaymentType) => void;
}) {
  const payments = usePaymentTypes();
  if (payments.isPending) {
    return (
      <div className={choice.choices} role="status" aria-label="Cargando medios de pago">
        <div className={shared.skeleton} />
        <div className={shared.skeleton} />
        <div className={shared.skeleton} />
      </div>
    );
  }
  if (payments.isError) {
    return (
      <ErrorState
        message="No pudimos cargar los medios de pago."
        detail={payments.error.message}
        onRetry={() => void payments.refetch()}
        retrying={payments.isFetching}
      />
    );
  }
  return (
    <div className={choice.choices}>
      {payments.data.map((payment) => (
        <PaymentOption
          key={payment.id}
          name={name}
          payment={payment}
          checked={value?.id === payment.id}
          onChoose={() => onChange(payment)}
        />
      ))}
    </div>
  );
}

function PaymentOption({
  name,
  payment,
  checked,
  onChoose,
}: {
  name: string;
  payment: PaymentType;
  checked: boolean;
  onChoose: () => void;
}) {
  const detail = detailOf(payment);
  return (
    <label className={choice.choice}>
      <input
        type="radio"
        name={name}
        value={payment.id}
        required
        checked={checked}
        onChange={onChoose}
      />
      <span className={choice.choiceText}>
        <span className={choice.choiceTitle}>
          {payment.parameter.description}
          {payment.test ? <span className={styles.test}>Pago de prueba</span> : null}
        </span>
        {detail ? <span className={choice.choiceDetail}>{detail}</span> : null}
      </span>
    </label>
  );
}
