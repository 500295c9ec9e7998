import { MAX_LINE_NOTE } from '@comanda/shared';
import { useId } from 'react';
import styles from './line-note-field.module.css';

/**
 * «Nota para la cocina (opcional)» (decision 085): one short line the kitchen reads on this
 * product alone («Sin cebolla»), kept with the cart line. The length is the server's limit, so
 * the field cannot hold what placement would refuse.
 */
export function LineNoteField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Nota para la cocina (opcional)
      </label>
      <input
        id={id}
        className={styles.input}
        type="text"
        value={value}
        maxLength={MAX_LINE_NOTE}
        placeholder="Sin cebolla"
        autoComplete="off"
        enterKeyHint="done"
        aria-describedby={`${id}-count`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-count`} className={styles.count}>
        {value.length}/{MAX_LINE_NOTE}
      </p>
    </div>
  );
}
