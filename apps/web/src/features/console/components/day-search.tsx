import { useId } from 'react';
import styles from './day-search.module.css';

/** Día's search box: by order number, customer or phone. */
export function DaySearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (text: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.search}>
      <label htmlFor={id} className={styles.searchLabel}>
        Buscar por número de pedido, cliente o celular
      </label>
      <input
        id={id}
        className={styles.searchInput}
        type="search"
        value={value}
        maxLength={80}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Ej.: #125, Ana o 300 123 4567"
        autoComplete="off"
      />
    </div>
  );
}
