import { MAX_QUANTITY } from '@comanda/shared';
import { MinusIcon, PlusIcon } from '@/components/ui/control-icons';
import styles from './quantity-stepper.module.css';

interface QuantityStepperProps {
  value: number;
  /** Called with the new quantity; 0 is the customer's way out (product.md «States and transitions»: quantity 0 goes back). */
  onChange: (quantity: number) => void;
}

/** Minus / value / plus. The value is a live region, so each change is read out. */
export function QuantityStepper({ value, onChange }: QuantityStepperProps) {
  return (
    <div className={styles.stepper} role="group" aria-label="Cantidad">
      <button
        type="button"
        className={styles.button}
        aria-label="Quitar uno"
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon />
      </button>
      <output className={styles.value} aria-live="polite" aria-atomic="true">
        <span className="visually-hidden">Cantidad: </span>
        {value}
      </output>
      <button
        type="button"
        className={styles.button}
        aria-label="Agregar uno"
        disabled={value >= MAX_QUANTITY}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon />
      </button>
    </div>
  );
}
