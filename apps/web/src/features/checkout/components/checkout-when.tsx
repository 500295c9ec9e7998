import type { ComponentProps, Ref } from 'react';
import { OrderWhen } from '@/entities/schedule/components/order-when';
import { useDeliveryEta } from '../hooks/use-delivery-eta';
import { FormErrors } from './form-errors';
import shared from './checkout.module.css';

interface CheckoutWhenProps extends Omit<ComponentProps<typeof OrderWhen>, 'deliveryEta'> {
  /** A delivery order: `Lo antes posible` says the delivery's estimate, not the kitchen's. */
  delivering: boolean;
  errors: readonly string[] | undefined;
  groupRef?: Ref<HTMLFieldSetElement>;
}

/** Checkout's «¿Para cuándo?» section: the order-time choices with the placement's refusals. */
export function CheckoutWhen({ delivering, errors, groupRef, ...choices }: CheckoutWhenProps) {
  const errorId = 'checkout-when-error';
  const invalid = Boolean(errors?.length);
  const deliveryEta = useDeliveryEta(delivering, choices.branchId);
  return (
    <fieldset
      ref={groupRef}
      id="checkout-when"
      className={`${shared.section} ${invalid ? shared.invalid : ''}`}
      aria-describedby={invalid ? errorId : undefined}
    >
      <legend className={shared.legend}>
        <h2 className={shared.title}>¿Para cuándo?</h2>
      </legend>
      <FormErrors id={errorId} messages={errors} />
      <OrderWhen {...choices} deliveryEta={deliveryEta} />
    </fieldset>
  );
}
