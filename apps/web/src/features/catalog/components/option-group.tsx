import { choiceLimits, choiceProblem, isSingleChoice, type ModifierGroup } from '@comanda/shared';
import { useId } from 'react';
import { groupHint, optionPriceLabel } from '../lib/product-options';
import styles from './option-group.module.css';

interface OptionGroupProps {
  /** The group with each option's `selected` flag as the customer has chosen. */
  group: ModifierGroup;
  /** The customer tapped an option; the shared option rule decides what that does. */
  onChoose: (optionId: number) => void;
  /** The customer tried to add without choosing here: point at the group. */
  highlightMissing: boolean;
}

/**
 * One option group as a real form group: radios (dots) for a single choice, checkboxes (squares)
 * for a multiple choice, whether required or not, so arrow keys, Space and screen readers work
 * as everywhere. A native radio cannot be unticked, so a second tap on the chosen radio of an
 * optional group is caught on click (no change event fires) and clears it.
 */
export function OptionGroup({ group, onChoose, highlightMissing }: OptionGroupProps) {
  const name = useId();
  const single = isSingleChoice(group);
  const chosen = group.modifiers_product.filter((option) => option.selected).length;
  const missing = choiceProblem(group, chosen) !== null;
  const showMissing = highlightMissing && missing;
  // A multiple choice at its maximum: the other boxes cannot be ticked until one is let go.
  const full = !single && chosen >= choiceLimits(group).max;

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
      {showMissing ? <p className={styles.error}>{groupHint(group)}</p> : null}
      <div className={styles.options}>
        {group.modifiers_product.map((option) => {
          const price = optionPriceLabel(group, option);
          // Sold out at the branch today (decision 050): shown, said, and not choosable.
          const soldOut = option.sold_out === true;
          return (
            <label
              key={option.id}
              className={soldOut ? `${styles.option} ${styles.soldOut}` : styles.option}
            >
              <input
                className={single ? styles.radio : styles.checkbox}
                type={single ? 'radio' : 'checkbox'}
                name={name}
                value={option.id}
                checked={option.selected}
                required={(single && group.required) || undefined}
                disabled={soldOut || (full && !option.selected) || undefined}
                onChange={() => onChoose(option.id)}
                onClick={single && option.selected ? () => onChoose(option.id) : undefined}
              />
              <span className={styles.optionTitle}>{option.title}</span>
              {soldOut ? (
                <span className={styles.soldOutTag}>Agotado</span>
              ) : price ? (
                <span className={styles.price}>{price}</span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
