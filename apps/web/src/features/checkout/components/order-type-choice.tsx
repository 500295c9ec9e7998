import { useId } from 'react';
import { BikeIcon, StoreIcon } from '@/components/ui/icons';
import type { OrderType } from '@/stores/session-store';
import choice from '@/components/ui/choice.module.css';
import styles from './order-type-choice.module.css';

const TYPES = [
  { value: 1, label: 'Recoger', Icon: StoreIcon },
  { value: 2, label: 'Domicilio', Icon: BikeIcon },
] as const;

/** product.md «States and transitions» order type (1 Recoger, 2 Domicilio), the /menu toggle's choice, changeable here too. */
export function OrderTypeChoice({
  value,
  onChange,
}: {
  value: OrderType;
  onChange: (type: OrderType) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.group}>
      <legend className="visually-hidden">Tipo de pedido</legend>
      {TYPES.map(({ value: type, label, Icon }) => (
        <label key={type} className={`${choice.choice} ${styles.option}`}>
          <input
            type="radio"
            name={name}
            value={type}
            checked={value === type}
            onChange={() => onChange(type)}
          />
          <Icon className={styles.icon} />
          <span className={choice.choiceTitle}>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
