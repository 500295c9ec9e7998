import { useId } from 'react';
import { FormErrors } from './form-errors';
import shared from './checkout.module.css';
import styles from './coupon-field.module.css';

/**
 * product.md «Discount codes»: the code a discount signup sent, optional. The page never prices
 * it: the server checks it at Continuar and its refusal is said here, beside the field.
 */
export function CouponField({
  value,
  onChange,
  errors,
}: {
  value: string;
  onChange: (value: string) => void;
  errors: readonly string[] | undefined;
}) {
  const id = useId();
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={shared.title}>
        <label htmlFor={id}>Código de descuento</label>
      </h2>
      <input
        id={id}
        className={styles.input}
        value={value}
        maxLength={20}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="Opcional, p. ej. ABCD-2345"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-errors` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FormErrors id={`${id}-errors`} messages={errors} />
    </section>
  );
}
