import type { ModifierGroup } from '@comanda/shared';
import { useId } from 'react';
import { isSingleChoice, optionPriceLabel } from '../lib/product-options';
import styles from './option-group.module.css';

interface OptionGroupProps {
  /** The group with each option's `selected` flag as the customer has chosen. */
  group: ModifierGroup;
  onChoose: (optionId: number, checked: boolean) => void;
  /** The customer tried to add without choosing here: point at the group. */
  highlightMissing: boolean;
}

/**
 * One option group as a real form group: radios (dots) for a required single choice, checkboxes
 * (squares) for optional extras, so arrow keys, Space and screen readers work as everywhere.
 */
export function OptionGroup({ group, onChoose, highlightMissing }: OptionGroupProps) {
  const name = useId();
  const single = isSingleChoice(group);
  const missing = group.required && !group.modifiers_product.some((option) => option.selected);
  const showMissing = highlightMissing && missing;

  return (
    <fieldset
      className={showMissing ? `${styles.group} ${styles.missing}` : styles.group}
      data-group-id={group.id}
    >
      <legend className={styles.legend}>
        <span className={styles.title}>{group.title}</span>
        <span className={group.required ? `${styles.tag} ${styles.required}` : styles.tag}>
          {group.required ? 'Obligatorio' : 'Opcional'}
        </span>
      </legend>
      {showMissing ? <p className={styles.error}>Elige una opción</p> : null}
      <div className={styles.options}>
        {group.modifiers_product.map((option) => {
          const price = optionPriceLabel(group, option);
          return (
            <label key={option.id} className={styles.option}>
              <input
                className={single ? styles.radio : styles.checkbox}
                type={single ? 'radio' : 'checkbox'}
                name={name}
                value={option.id}
                checked={option.selected}
                required={single || undefined}
                onChange={(event) => onChoose(option.id, event.currentTarget.checked)}
              />
              <span className={styles.optionTitle}>{option.title}</span>
              {price ? <span className={styles.price}>{price}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
