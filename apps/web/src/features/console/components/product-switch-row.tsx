import type { BranchProduct } from '@comanda/shared';
import { Picture } from '@/components/ui/picture';
import styles from './branch-controls.module.css';

/** One product of the branch: its picture, its name, its Agotado switch and its options' own. */
export function ProductSwitchRow({
  product,
  onSoldOut,
  onOptionSoldOut,
}: {
  product: BranchProduct;
  onSoldOut: (soldOut: boolean) => void;
  onOptionSoldOut: (optionId: number, soldOut: boolean) => void;
}) {
  return (
    <li className={`${styles.product} ${product.sold_out ? styles.productOut : ''}`}>
      <Picture
        className={styles.productImage}
        src={product.image}
        kind="product"
        sizes="48px"
        alt=""
        width={48}
        height={48}
      />
      <span className={styles.productText}>
        <span className={styles.productTitle}>{product.title}</span>
        <span className={styles.productCategory}>{product.category.title}</span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={product.sold_out}
        aria-label={`Agotado: ${product.title}`}
        className={`${styles.switch} ${styles.switchDanger} ${product.sold_out ? styles.switchOn : ''}`}
        onClick={() => onSoldOut(!product.sold_out)}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.knob} />
        </span>
        <span className={styles.switchText}>Agotado</span>
      </button>
      {product.options.length > 0 ? (
        <OptionSwitches product={product} onOptionSoldOut={onOptionSoldOut} />
      ) : null}
    </li>
  );
}

/** A product's options, each sold out on its own ("sin aguacate hoy", decision 050). */
function OptionSwitches({
  product,
  onOptionSoldOut,
}: {
  product: BranchProduct;
  onOptionSoldOut: (optionId: number, soldOut: boolean) => void;
}) {
  return (
    <ul className={styles.optionList} aria-label={`Opciones de ${product.title}`}>
      {product.options.map((option) => (
        <li key={option.option_id}>
          <button
            type="button"
            role="switch"
            aria-checked={option.sold_out}
            aria-label={`Agotado: ${option.title} (${product.title}, ${option.group})`}
            className={`${styles.optionSwitch} ${option.sold_out ? styles.optionOut : ''}`}
            onClick={() => onOptionSoldOut(option.option_id, !option.sold_out)}
          >
            <span className={styles.optionTitle}>{option.title}</span>
            {option.sold_out ? <span className={styles.optionState}>Agotado</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
