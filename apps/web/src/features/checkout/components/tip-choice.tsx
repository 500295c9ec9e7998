import { formatMoney } from '@comanda/shared';
import { useId } from 'react';
import choice from '@/components/ui/choice.module.css';
import { TIP_PRESETS, type TipChoice as Choice, type TipState } from '../lib/tip';
import { FormErrors } from './form-errors';
import shared from './checkout.module.css';
import styles from './tip-choice.module.css';

const CHOICES: { value: Choice; label: string }[] = [
  { value: 'none', label: 'Sin propina' },
  ...TIP_PRESETS.map((amount) => ({ value: `${amount}` as Choice, label: formatMoney(amount) })),
  { value: 'other', label: 'Otro valor' },
];

/**
 * «Propina para el domiciliario» on a delivery order (decision 085): Sin propina, two round
 * amounts, or another value. All of it goes to the courier, apart from the order's total.
 */
export function TipChoice({
  value,
  onChange,
  errors,
}: {
  value: TipState;
  onChange: (tip: TipState) => void;
  errors: readonly string[] | undefined;
}) {
  const name = useId();
  const invalid = Boolean(errors?.length);
  return (
    <fieldset
      className={`${shared.section} ${invalid ? shared.invalid : ''}`}
      aria-describedby={invalid ? `${name}-error` : undefined}
    >
      <legend className={shared.legend}>
        <h2 className={shared.title}>Propina para el domiciliario</h2>
      </legend>
      <p className={styles.hint}>Opcional. Es toda para quien te lleva el pedido.</p>
      <FormErrors id={`${name}-error`} messages={errors} />
      <div className={styles.options}>
        {CHOICES.map((option) => (
          <label key={option.value} className={`${choice.choice} ${styles.option}`}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value.choice === option.value}
              onChange={() => onChange({ ...value, choice: option.value })}
            />
            <span className={choice.choiceTitle}>{option.label}</span>
          </label>
        ))}
      </div>
      {value.choice === 'other' ? (
        <label className={styles.other}>
          <span>Valor de la propina (pesos)</span>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={styles.input}
            value={value.other}
            placeholder="Ej.: 3000"
            aria-invalid={invalid || undefined}
            onChange={(event) => onChange({ ...value, other: event.target.value })}
          />
        </label>
      ) : null}
    </fieldset>
  );
}
